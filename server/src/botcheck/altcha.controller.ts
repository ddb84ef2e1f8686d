import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RATE_LIMITS, RateLimit } from '../common/rate-limit';
import { AltchaBotCheck } from './altcha-bot-check';
import type { AltchaChallenge } from './altcha-lib';

@ApiTags('bot check')
@Controller('altcha')
export class AltchaController {
  constructor(private readonly altcha: AltchaBotCheck) {}

  @Get('challenge')
  @Header('cache-control', 'no-store')
  @RateLimit(RATE_LIMITS.botCheckChallenge)
  @ApiOperation({ summary: "A fresh ALTCHA proof-of-work challenge (the widget's `challenge` URL)" })
  @ApiOkResponse({
    description:
      '{ parameters, signature } as created by altcha-lib v2; solve it and send the base64 payload as recaptchaToken.',
  })
  challenge(): Promise<AltchaChallenge> {
    return this.altcha.issueChallenge();
  }
}

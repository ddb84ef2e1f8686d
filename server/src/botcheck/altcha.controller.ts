import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RATE_LIMITS, RateLimit } from '../common/rate-limit';
import { ZodQuery } from '../common/validation';
import { VisitorId } from '../common/visitor-identity';
import { AltchaBotCheck } from './altcha-bot-check';
import type { AltchaChallenge } from './altcha-lib';
import { challengeQuery, type ChallengeQuery } from './altcha.queries';
import { LoadScaledWork } from './load-scaled-work';

@ApiTags('bot check')
@Controller('altcha')
export class AltchaController {
  constructor(
    private readonly altcha: AltchaBotCheck,
    private readonly work: LoadScaledWork,
  ) {}

  @Get('challenge')
  @Header('cache-control', 'no-store')
  @RateLimit(RATE_LIMITS.botCheckChallenge)
  @ApiOperation({
    summary:
      "A fresh ALTCHA proof-of-work challenge (the widget's `challenge` URL); harder while the visitor's presentation is busy",
  })
  @ApiOkResponse({
    description:
      '{ parameters, signature } as created by altcha-lib v2; solve it and send the base64 payload as recaptchaToken.',
  })
  async challenge(
    @VisitorId() visitorId: string,
    @ZodQuery(challengeQuery) q: ChallengeQuery,
  ): Promise<AltchaChallenge> {
    return this.altcha.issueChallenge(await this.work.challengeFactor(visitorId, q.presentationId));
  }
}

import { Global, Module } from '@nestjs/common';
import { AppError } from '../../../src/common/app-error';
import { BotCheck } from '../../../src/botcheck/bot-check.port';

/**
 * TEST DOUBLE of the bot check, registered only by the seat tests (jest.mock of
 * botcheck.module): a token is valid for one visitor when it reads `ok:<uuid>`.
 * It keeps the seat tests about seats and independent of the ALTCHA work; the
 * benchmarks use the real ALTCHA check.
 */
export class BotCheckDouble extends BotCheck {
  calls = 0;
  async verify(token: unknown, visitorId: string): Promise<void> {
    this.calls++;
    if (token !== `ok:${visitorId}`) throw new AppError('INVALID_CAPTCHA', {}, 403);
  }
}

@Global()
@Module({
  providers: [{ provide: BotCheck, useClass: BotCheckDouble }],
  exports: [BotCheck],
})
export class BotCheckModule {}

export const tokenFor = (visitorId: string): string => `ok:${visitorId}`;

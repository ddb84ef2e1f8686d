import { Global, Module } from '@nestjs/common';
import { AltchaBotCheck } from './altcha-bot-check';
import { AltchaController } from './altcha.controller';
import { BotCheck } from './bot-check.port';

/**
 * ALTCHA proof-of-work bot check (docs/bot-check.md). Global: the seat engine (and any
 * other context) injects the `BotCheck` port; only this module knows it is ALTCHA.
 */
@Global()
@Module({
  controllers: [AltchaController],
  providers: [AltchaBotCheck, { provide: BotCheck, useExisting: AltchaBotCheck }],
  exports: [BotCheck],
})
export class BotCheckModule {}

import { Global, Module } from '@nestjs/common';
import { AltchaBotCheck } from './altcha-bot-check';
import { AltchaController } from './altcha.controller';
import { BotCheckGuard } from './bot-check.guard';
import { BotCheck } from './bot-check.port';
import { LoadScaledWork } from './load-scaled-work';
import { MemoizedBotCheck } from './memoized-bot-check';
import { PresentationLoad } from './presentation-load';

/**
 * ALTCHA proof-of-work bot check (docs/bot-check.md). Global: routes put @RequireBotCheck()
 * on themselves, services inject the `BotCheck` port; only this module knows it is ALTCHA.
 * Every path goes through one memo (MemoizedBotCheck); seat routes also pay more work on a
 * busy presentation (LoadScaledWork).
 */
@Global()
@Module({
  controllers: [AltchaController],
  providers: [
    AltchaBotCheck,
    MemoizedBotCheck,
    { provide: BotCheck, useExisting: MemoizedBotCheck },
    PresentationLoad,
    LoadScaledWork,
    BotCheckGuard,
  ],
  exports: [BotCheck, BotCheckGuard, LoadScaledWork, AltchaBotCheck],
})
export class BotCheckModule {}

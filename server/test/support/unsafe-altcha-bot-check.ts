import type Redis from 'ioredis';
import type { Logger } from 'pino';
import { AltchaBotCheck } from '../../src/botcheck/altcha-bot-check';
import type { AppConfig } from '../../src/config/app-config';

/**
 * TEST ONLY: the bot check with the race the real one avoids - binding a solution to
 * a visitor with GET-then-SET instead of SET NX, so two visitors that read "free"
 * before either writes both get in. The binding race test swaps it in for
 * AltchaBotCheck (a @nestjs/testing provider override) as its control run.
 */
export class UnsafeGetThenSetBotCheck extends AltchaBotCheck {
  constructor(
    config: AppConfig,
    private readonly store: Redis,
    logger: Logger,
    private readonly ttlSeconds = config.ALTCHA_BINDING_TTL_SECONDS,
  ) {
    super(config, store, logger);
  }

  protected override async bind(key: string, visitorId: string): Promise<boolean> {
    if ((await this.store.get(key)) !== null) return false;
    await this.store.set(key, visitorId, 'EX', this.ttlSeconds);
    return true;
  }
}

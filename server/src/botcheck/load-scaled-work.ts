import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { AppError } from '../common/app-error';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { REDIS } from '../redis/redis.module';
import { AltchaBotCheck } from './altcha-bot-check';
import { PresentationLoad } from './presentation-load';
import { workFactorFor } from './work-factor';

/**
 * The bot check costs more on a busy presentation (docs/bot-check.md "Cost under load").
 *
 * A seat call (lock-seat, best-available) that passed the bot check counts toward its
 * presentation's load; when the load asks for more work than the visitor's solved challenge
 * carries (its signed `data.work`), the call is refused with INVALID_CAPTCHA and the visitor is
 * remembered as needing that factor. The storefront already answers INVALID_CAPTCHA by fetching a
 * fresh challenge and retrying once; GET /api/altcha/challenge then issues the harder one to that
 * visitor (or to anyone who names the presentation), so no client change is needed.
 */
@Injectable()
export class LoadScaledWork {
  constructor(
    private readonly altcha: AltchaBotCheck,
    private readonly load: PresentationLoad,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private get enabled(): boolean {
    return this.config.ALTCHA_LOAD_STEP > 0 && this.config.ALTCHA_LOAD_MAX_FACTOR > 1;
  }

  private factorFor(load: number): number {
    return workFactorFor(load, this.config.ALTCHA_LOAD_STEP, this.config.ALTCHA_LOAD_MAX_FACTOR);
  }

  private needKey(visitorId: string): string {
    return `${this.config.REDIS_PREFIX}altcha:need:${visitorId}`;
  }

  /** After the token was verified: counts the call, and refuses it when the token's work is below the presentation's. */
  async require(token: unknown, visitorId: string, presentationId: number): Promise<void> {
    if (!this.enabled) return;
    const required = this.factorFor(await this.load.record(presentationId));
    if (required <= 1 || this.altcha.signedWorkFactor(token) >= required) return;
    await this.redis.set(this.needKey(visitorId), String(required), 'EX', this.config.ALTCHA_CHALLENGE_TTL_SECONDS);
    throw new AppError('INVALID_CAPTCHA');
  }

  /** The factor of the next challenge for this visitor: what they were asked for, or what the named presentation needs now. */
  async challengeFactor(visitorId: string, presentationId?: number): Promise<number> {
    if (!this.enabled) return 1;
    const demanded = Number(await this.redis.get(this.needKey(visitorId))) || 1;
    const now = presentationId === undefined ? 1 : this.factorFor(await this.load.read(presentationId));
    return Math.min(this.config.ALTCHA_LOAD_MAX_FACTOR, Math.max(demanded, now));
  }
}

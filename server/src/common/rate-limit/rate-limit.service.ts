import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { REDIS } from '../../redis/redis.module';
import { RATE_LIMIT_LUA } from './rate-limit.script';

/** One counter to check: its full Redis key is built here, under the deployment's prefix. */
export interface RateLimitCounter {
  key: string;
  limit: number;
  windowSeconds: number;
}

export type RateLimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

type RedisWithRateLimit = Redis & {
  hotlineRateLimit(numberOfKeys: number, ...keysAndArgs: (string | number)[]): Promise<[number, number]>;
};

/**
 * Redis-backed fixed-window counters shared by every node (one Lua script, one round trip).
 * Routes use the @RateLimit decorator; code that limits something other than an HTTP route
 * (socket messages, one-time codes by phone number) calls consume() directly.
 */
@Injectable()
export class RateLimitService {
  private readonly redis: RedisWithRateLimit;

  constructor(
    @Inject(REDIS) redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    // defineCommand runs the script by EVALSHA, loading it on first use on every node.
    redis.defineCommand('hotlineRateLimit', { lua: RATE_LIMIT_LUA });
    this.redis = redis as RedisWithRateLimit;
  }

  /** Counts one call (cost) against every counter, or none of them when any is full. */
  async consume(counters: readonly RateLimitCounter[], cost = 1): Promise<RateLimitVerdict> {
    if (counters.length === 0) return { allowed: true };
    const keys = counters.map((c) => `${this.config.REDIS_PREFIX}rl:${c.key}`);
    const args: (string | number)[] = [];
    for (const c of counters) {
      args.push(c.windowSeconds * 1000, Math.max(1, Math.round(c.limit * this.config.RATE_LIMIT_SCALE)));
    }
    const [allowed, waitMs] = await this.redis.hotlineRateLimit(keys.length, ...keys, ...args, cost);
    if (allowed === 1) return { allowed: true };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
  }
}

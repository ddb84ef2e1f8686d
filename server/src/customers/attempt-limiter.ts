import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { REDIS } from '../redis/redis.module';
import { limiterKey } from './secrets';

/**
 * Fixed-window counters in Redis, one atomic script per hit (INCR + first-hit
 * expiry together, so a crash can never leave a counter without expiry).
 * Deliberately small and local to this module: when the shared limiter in
 * common/rate-limit lands, this class is the one place to swap.
 */
const HIT_LUA = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n
`;

type HitCommand = (key: string, windowMs: number) => Promise<number>;

export interface LimitRule {
  kind: string;
  limit: number;
  windowSeconds: number;
}

@Injectable()
export class AttemptLimiter {
  private readonly hit: HitCommand;
  private readonly prefix: string;

  constructor(
    @Inject(REDIS) redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    if (!('customerLimiterHit' in redis)) redis.defineCommand('customerLimiterHit', { lua: HIT_LUA, numberOfKeys: 1 });
    const fn = (redis as unknown as Record<string, HitCommand>).customerLimiterHit!;
    this.hit = fn.bind(redis);
    this.prefix = `${config.REDIS_PREFIX}cust:rl:`;
  }

  /** Counts one attempt against every rule; true when all are still within their limit. */
  async allow(checks: { rule: LimitRule; value: string }[]): Promise<boolean> {
    const counts = await Promise.all(
      checks.map(({ rule, value }) =>
        this.hit(
          `${this.prefix}${rule.kind}:${limiterKey(this.config.CUSTOMER_SECRET, rule.kind, value)}`,
          rule.windowSeconds * 1000,
        ),
      ),
    );
    return counts.every((n, i) => n <= checks[i]!.rule.limit);
  }
}

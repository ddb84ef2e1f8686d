import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { REDIS } from '../redis/redis.module';
import { limiterKey } from './secrets';

/**
 * Fixed-window counters in Redis, one atomic script per hit (INCR + first-hit expiry together,
 * so a crash can never leave a counter without expiry), answering the count and the time left.
 *
 * Why not the shared common/rate-limit limiter: its RATE_LIMIT_SCALE multiplies every limit
 * (test suites and benches play many buyers from one address), and a brute-force limit on
 * one-time codes must never be scaled; and it does not count refused calls, whereas every
 * guess here counts, refused or not. Keys are HMACs (no phone numbers or addresses in Redis).
 */
const HIT_LUA = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return { n, redis.call('PTTL', KEYS[1]) }
`;

type HitCommand = (key: string, windowMs: number) => Promise<[number, number]>;

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

  /**
   * Counts one attempt against every rule. Answers null when all are still within their limit,
   * else the seconds until the fullest window over its limit ends (the Retry-After).
   */
  async consume(checks: { rule: LimitRule; value: string }[]): Promise<number | null> {
    const hits = await Promise.all(
      checks.map(({ rule, value }) =>
        this.hit(
          `${this.prefix}${rule.kind}:${limiterKey(this.config.CUSTOMER_SECRET, rule.kind, value)}`,
          rule.windowSeconds * 1000,
        ),
      ),
    );
    let waitMs = -1;
    hits.forEach(([n, ttlMs], i) => {
      const rule = checks[i]!.rule;
      if (n > rule.limit) waitMs = Math.max(waitMs, ttlMs > 0 ? ttlMs : rule.windowSeconds * 1000);
    });
    return waitMs < 0 ? null : Math.max(1, Math.ceil(waitMs / 1000));
  }
}

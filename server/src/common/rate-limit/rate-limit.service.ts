import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { RedisConnection } from '../../redis/redis.module';
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
  hotlineRateLimitOne(key: string, ...args: (string | number)[]): Promise<[number, number]>;
};

/**
 * Redis-backed fixed-window counters shared by every node (one Lua script, one round trip).
 * Routes use the @RateLimit decorator; code that limits something other than an HTTP route
 * (socket messages, one-time codes by phone number) calls consume() directly.
 */
@Injectable()
export class RateLimitService {
  private readonly redis: RedisWithRateLimit;
  private readonly cluster: boolean;

  constructor(
    connection: RedisConnection,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    const redis: Redis = connection.client;
    // defineCommand runs the script by EVALSHA, loading it on first use on every node.
    redis.defineCommand('hotlineRateLimit', { lua: RATE_LIMIT_LUA });
    // One counter, its key declared: on a Redis Cluster ioredis routes (and auto-pipelines) a script by its first
    // key, which it can only find when numberOfKeys is fixed.
    redis.defineCommand('hotlineRateLimitOne', { lua: RATE_LIMIT_LUA, numberOfKeys: 1 });
    this.redis = redis as RedisWithRateLimit;
    this.cluster = connection.cluster;
  }

  /** Counts one call (cost) against every counter, or none of them when any is full. */
  async consume(counters: readonly RateLimitCounter[], cost = 1): Promise<RateLimitVerdict> {
    if (counters.length === 0) return { allowed: true };
    const keys = counters.map((c) => `${this.config.REDIS_PREFIX}rl:${c.key}`);
    const args: (string | number)[] = [];
    for (const c of counters) {
      args.push(c.windowSeconds * 1000, Math.max(1, Math.round(c.limit * this.config.RATE_LIMIT_SCALE)));
    }
    const [allowed, waitMs] = this.cluster
      ? await this.consumeEach(keys, args, cost)
      : await this.redis.hotlineRateLimit(keys.length, ...keys, ...args, cost);
    if (allowed === 1) return { allowed: true };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
  }

  /**
   * Redis Cluster: a call's counters (per visitor, per address...) hash to different slots, so each is checked and
   * counted by its own run of the script, in parallel. Allowed only when all allow; a refused call may still have
   * been counted on the counters that had room (at most `cost` each), which a fixed-window limit tolerates.
   */
  private async consumeEach(keys: string[], args: (string | number)[], cost: number): Promise<[number, number]> {
    const replies = await Promise.all(
      keys.map((key, i) => this.redis.hotlineRateLimitOne(key, args[2 * i]!, args[2 * i + 1]!, cost)),
    );
    const refused = replies.filter(([ok]) => ok !== 1);
    if (refused.length === 0) return [1, 0];
    return [0, Math.max(...refused.map(([, wait]) => wait))];
  }
}

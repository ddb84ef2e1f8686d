import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { Clock } from '../clock';
import { lazyLru } from '../lazy-lru';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { RedisConnection } from '../../redis/redis.module';
import { RATE_LIMIT_LEASE_LUA, RATE_LIMIT_LUA } from './rate-limit.script';

/** One counter to check: its full Redis key is built here, under the deployment's prefix. */
export interface RateLimitCounter {
  key: string;
  limit: number;
  windowSeconds: number;
  /** Calls this node may claim at once and spend locally (RateLimitPolicy.lease); absent = ask Redis every call. */
  lease?: number;
}

/** Calls of one counter this node has claimed and not spent yet, valid until the counter's window ends. */
interface Lease {
  left: number;
  untilMs: number;
}

export type RateLimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

type RedisWithRateLimit = Redis & {
  hotlineRateLimit(numberOfKeys: number, ...keysAndArgs: (string | number)[]): Promise<[number, number]>;
  hotlineRateLimitOne(key: string, ...args: (string | number)[]): Promise<[number, number]>;
  hotlineRateLimitLease(numberOfKeys: number, ...keysAndArgs: (string | number)[]): Promise<number[]>;
  hotlineRateLimitLeaseOne(key: string, ...args: (string | number)[]): Promise<number[]>;
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
  /** Leased calls per full counter key; an evicted entry only costs a round trip (its claims stay counted). */
  private readonly leases = lazyLru<string, Lease>({ max: 100_000 });

  constructor(
    connection: RedisConnection,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {
    const redis: Redis = connection.client;
    // defineCommand runs the script by EVALSHA, loading it on first use on every node.
    redis.defineCommand('hotlineRateLimit', { lua: RATE_LIMIT_LUA });
    // One counter, its key declared: on a Redis Cluster ioredis routes (and auto-pipelines) a script by its first
    // key, which it can only find when numberOfKeys is fixed.
    redis.defineCommand('hotlineRateLimitOne', { lua: RATE_LIMIT_LUA, numberOfKeys: 1 });
    redis.defineCommand('hotlineRateLimitLease', { lua: RATE_LIMIT_LEASE_LUA });
    redis.defineCommand('hotlineRateLimitLeaseOne', { lua: RATE_LIMIT_LEASE_LUA, numberOfKeys: 1 });
    this.redis = redis as RedisWithRateLimit;
    this.cluster = connection.cluster;
  }

  /**
   * The counters as a script counts them with RATE_LIMIT_LUA_FUNCTION: their full keys, and the windows and limits
   * (RATE_LIMIT_SCALE applied) as its `args`. For a script of another context that counts its call in its own round
   * trip; on a Redis Cluster its keys must share the script's slot (a hash tag in the counter's name).
   */
  scriptInputs(counters: readonly RateLimitCounter[]): { keys: string[]; args: number[] } {
    const keys = counters.map((c) => `${this.config.REDIS_PREFIX}rl:${c.key}`);
    const args: number[] = [];
    for (const c of counters) {
      args.push(c.windowSeconds * 1000, Math.max(1, Math.round(c.limit * this.config.RATE_LIMIT_SCALE)));
    }
    return { keys, args };
  }

  /** Counts one call (cost) against every counter, or none of them when any is full. */
  async consume(counters: readonly RateLimitCounter[], cost = 1): Promise<RateLimitVerdict> {
    if (counters.length === 0) return { allowed: true };
    const { keys, args } = this.scriptInputs(counters);
    const lease = Math.min(...counters.map((c) => c.lease ?? 1));
    if (cost === 1 && lease > 1) return this.consumeLeased(keys, args, lease);
    const [allowed, waitMs] = this.cluster
      ? await this.consumeEach(keys, args, cost)
      : await this.redis.hotlineRateLimit(keys.length, ...keys, ...args, cost);
    if (allowed === 1) return { allowed: true };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
  }

  /**
   * One call from this node's leases; the counters without one (none left, or its window over) claim up to `lease`
   * calls in one round trip (RATE_LIMIT_LEASE_LUA), and the call spends one of each counter only once all allow it.
   * A counter's left-over calls are dropped when it claims anew (they may belong to an ended window): strict side.
   */
  private async consumeLeased(keys: string[], args: (string | number)[], lease: number): Promise<RateLimitVerdict> {
    const now = this.clock.nowMs();
    const held = keys.map((key) => {
      const l = this.leases().get(key);
      return l !== undefined && l.left >= 1 && l.untilMs > now ? l : undefined;
    });
    const missing = keys.flatMap((key, i) => (held[i] ? [] : [i]));
    if (missing.length > 0) {
      const claim = (i: number) => [args[2 * i]!, args[2 * i + 1]!];
      const replies = this.cluster
        ? await Promise.all(missing.map((i) => this.redis.hotlineRateLimitLeaseOne(keys[i]!, ...claim(i), lease)))
        : [
            await this.redis.hotlineRateLimitLease(
              missing.length,
              ...missing.map((i) => keys[i]!),
              ...missing.flatMap(claim),
              lease,
            ),
          ];
      // One reply for all claims (one Redis), or one per counter (a cluster): [ok, wait, grant, msLeft, ...]. On a
      // cluster a refused call may still have claimed on the counters with room: kept as leases for the next calls.
      const grants = replies.flatMap((reply) => (reply[0] === 1 ? pairs(reply.slice(2)) : [undefined]));
      missing.forEach((i, n) => {
        const grant = grants[n];
        if (grant) this.leases().set(keys[i]!, (held[i] = { left: grant.calls, untilMs: now + grant.msLeft }));
      });
      const refused = replies.filter((reply) => reply[0] !== 1);
      if (refused.length > 0) {
        const waitMs = Math.max(...refused.map((reply) => reply[1]!));
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
      }
    }
    for (const l of held) l!.left -= 1;
    return { allowed: true };
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

function pairs(values: number[]): { calls: number; msLeft: number }[] {
  const out: { calls: number; msLeft: number }[] = [];
  for (let i = 0; i + 1 < values.length; i += 2) out.push({ calls: values[i]!, msLeft: values[i + 1]! });
  return out;
}

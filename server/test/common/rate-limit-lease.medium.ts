import Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import type { AppConfig } from '../../src/config/app-config';
import { Clock } from '../../src/common/clock';
import { type RateLimitCounter, RateLimitService } from '../../src/common/rate-limit/rate-limit.service';
import type { RedisConnection } from '../../src/redis/redis.module';
import { testRedisUrl } from '../support/test-env';
import { scriptCallCounter } from '../support/script-calls';

/** A clock the test moves: leases end with their counter's window. */
class TestClock extends Clock {
  ms = 1_000_000;
  now(): Date {
    return new Date(this.ms);
  }
}

const redis = new Redis(testRedisUrl());
afterAll(() => redis.quit());

/** A node's limiter: its own leases, the shared Redis; counts the round trips it makes. */
function node(clock = new TestClock(), prefix = `lease-test:${randomUUID()}:`) {
  const service = new RateLimitService(
    { client: redis, cluster: false } as unknown as RedisConnection,
    { REDIS_PREFIX: prefix, RATE_LIMIT_SCALE: 1 } as AppConfig,
    clock,
  );
  return { service, clock, prefix };
}

function counters(visitor: string, lease?: number): RateLimitCounter[] {
  return [
    { key: `seat-lock:60:v:${visitor}`, limit: 12, windowSeconds: 60, lease },
    { key: 'seat-lock:60:ip:10.0.0.1', limit: 40, windowSeconds: 60, lease },
  ];
}

async function calls(service: RateLimitService, visitor: string, n: number, lease?: number) {
  let allowed = 0;
  let retryAfter: number | undefined;
  for (let i = 0; i < n; i++) {
    const verdict = await service.consume(counters(visitor, lease));
    if (verdict.allowed) allowed++;
    else retryAfter ??= verdict.retryAfterSeconds;
  }
  return { allowed, retryAfter };
}

const roundTrips = scriptCallCounter(redis);

// The scripts loaded into Redis first (see scriptCallCounter).
beforeAll(async () => {
  const { service } = node();
  await service.consume(counters(randomUUID()));
  await service.consume(counters(randomUUID(), 5));
});

describe('rate-limit leases: one round trip per few calls, never more calls than the limit', () => {
  test('one node gets exactly the limit, then 429 with the time left, in a fifth of the round trips', async () => {
    const { service } = node();
    const visitor = randomUUID();
    let result = { allowed: 0, retryAfter: undefined as number | undefined };
    const trips = await roundTrips(async () => {
      result = await calls(service, visitor, 20, 5);
    });
    expect(result.allowed).toBe(12);
    expect(result.retryAfter).toBeGreaterThan(0);
    // 12 calls in leases of 5 (5 + 5 + 2), then every refused call asks again (a refusal is never cached).
    expect(trips).toBe(3 + 8);
  });

  test('control: without a lease every call is a round trip, and the limit is the same', async () => {
    const { service } = node();
    let allowed = 0;
    const trips = await roundTrips(async () => {
      ({ allowed } = await calls(service, randomUUID(), 20));
    });
    expect(allowed).toBe(12);
    expect(trips).toBe(20);
  });

  test('two nodes sharing a visitor: together never more than the limit, at most a lease each less', async () => {
    const a = node();
    const shared = node(a.clock, a.prefix).service;
    const visitor = randomUUID();
    let allowed = 0;
    for (let i = 0; i < 15; i++) {
      for (const service of [a.service, shared]) if ((await service.consume(counters(visitor, 5))).allowed) allowed++;
    }
    expect(allowed).toBeLessThanOrEqual(12);
    expect(allowed).toBeGreaterThanOrEqual(12 - 2 * (5 - 1));
    expect(Number(await redis.get(`${a.prefix}rl:seat-lock:60:v:${visitor}`))).toBe(12);
  });

  test('a lease ends with its window: left-over calls of an ended window are not spent in the next one', async () => {
    const { service, clock, prefix } = node();
    const visitor = randomUUID();
    expect((await calls(service, visitor, 3, 5)).allowed).toBe(3); // claimed 5, spent 3
    await redis.del(`${prefix}rl:seat-lock:60:v:${visitor}`, `${prefix}rl:seat-lock:60:ip:10.0.0.1`); // the window ends
    clock.ms += 61_000;
    expect((await calls(service, visitor, 20, 5)).allowed).toBe(12);
  });
});

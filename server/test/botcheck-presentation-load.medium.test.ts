import Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import { PresentationLoad } from '../src/botcheck/presentation-load';
import type { AppConfig } from '../src/config/app-config';
import { ManualClock } from './support/manual-clock';
import { scriptCallCounter } from './support/script-calls';
import { testRedisUrl } from './support/test-env';

const redis = new Redis(testRedisUrl());
afterAll(() => redis.quit());

const roundTrips = scriptCallCounter(redis);

// The scripts loaded into Redis first (see scriptCallCounter).
beforeAll(async () => {
  const load = new PresentationLoad(redis, { REDIS_PREFIX: `load-test:${randomUUID()}:` } as AppConfig, clockAt());
  await load.record(1);
  await load.read(1);
});

/** Ten seconds into a one-minute window: no test here straddles a window's turn, whatever the wall clock says. */
function clockAt(): ManualClock {
  return new ManualClock(Math.floor(Date.now() / 60_000) * 60_000 + 10_000);
}

describe('presentation load: counted per call, added to the shared count a few times a second', () => {
  test('100 seat calls: every answer counts every call before it, in one or two round trips', async () => {
    const load = new PresentationLoad(redis, { REDIS_PREFIX: `load-test:${randomUUID()}:` } as AppConfig, clockAt());
    const answers: number[] = [];
    const trips = await roundTrips(async () => {
      for (let i = 0; i < 100; i++) answers.push(await load.record(7));
    });
    expect(answers).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    // Control of what it saves: the script ran once per call before (one round trip on every lock).
    expect(trips).toBeLessThanOrEqual(2);
    expect(await load.read(7)).toBe(100);
  });

  test('two nodes: each sees the other once it has flushed, and the shared count is the sum', async () => {
    const prefix = `load-test:${randomUUID()}:`;
    const clock = clockAt();
    const a = new PresentationLoad(redis, { REDIS_PREFIX: prefix } as AppConfig, clock);
    const b = new PresentationLoad(redis, { REDIS_PREFIX: prefix } as AppConfig, clock);
    for (let i = 0; i < 30; i++) await a.record(9);
    for (let i = 0; i < 20; i++) await b.record(9);
    // Before a flush period has passed, neither has added its later calls: b knows only what it flushed itself.
    expect(await b.record(9)).toBeLessThan(52);
    clock.ms += 250; // a flush period later
    // The next call on each starts its background flush; the one after that waits for nothing and counts both.
    const flushes = await roundTrips(async () => {
      await a.record(9);
      await b.record(9);
    });
    expect(flushes).toBe(2); // one script call a node
    // a's 31 calls and b's 22 (both flushes sent on one connection, so a's lands first and b learns the sum).
    await until(async () => (await a.read(9)) >= 53);
    expect(await b.record(9)).toBe(54);
    expect(await a.read(9)).toBe(53);
  });
});

/** Polls until `check` holds (the background flushes land when Redis answers, not after a fixed pause). */
async function until(check: () => Promise<boolean>): Promise<void> {
  for (let k = 0; k < 500; k++) {
    if (await check()) return;
    await new Promise((r) => setImmediate(r));
  }
  throw new Error('the background flushes never landed');
}

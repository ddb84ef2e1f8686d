import Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import { PresentationLoad } from '../src/botcheck/presentation-load';
import type { AppConfig } from '../src/config/app-config';
import { testRedisUrl } from './support/test-env';

const redis = new Redis(testRedisUrl());
afterAll(() => redis.quit());

/** Script calls Redis ran while `fn` did (INFO commandstats: evalsha + eval). */
async function roundTrips(fn: () => Promise<unknown>): Promise<number> {
  const count = async () =>
    [...(await redis.info('commandstats')).matchAll(/cmdstat_(?:evalsha|eval):calls=(\d+)/g)].reduce(
      (sum, m) => sum + Number(m[1]),
      0,
    );
  const before = await count();
  await fn();
  return (await count()) - before;
}

describe('presentation load: counted per call, added to the shared count a few times a second', () => {
  test('100 seat calls: every answer counts every call before it, in one or two round trips', async () => {
    const load = new PresentationLoad(redis, { REDIS_PREFIX: `load-test:${randomUUID()}:` } as AppConfig);
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
    const a = new PresentationLoad(redis, { REDIS_PREFIX: prefix } as AppConfig);
    const b = new PresentationLoad(redis, { REDIS_PREFIX: prefix } as AppConfig);
    for (let i = 0; i < 30; i++) await a.record(9);
    for (let i = 0; i < 20; i++) await b.record(9);
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    await pause(250);
    await a.record(9); // starts flushing a's calls in the background
    await b.record(9); // and b's
    await pause(300); // the background flushes land (one round trip each)
    expect(await b.record(9)).toBeGreaterThanOrEqual(52);
    expect(await a.read(9)).toBeGreaterThanOrEqual(52);
  });
});

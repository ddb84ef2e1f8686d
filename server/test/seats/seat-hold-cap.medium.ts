import Redis from 'ioredis';
import { randomBytes, randomUUID } from 'node:crypto';
import { parseAppConfig, type AppConfig } from '../../src/config/app-config';
import { RedisSeatStore } from '../../src/seats/redis-seat-store';
import { presentationKeys } from '../../src/seats/seat-keys';
import { lockRequest } from './support/seat-kit';
import { testRedisUrl } from '../support/test-env';

/**
 * The per-address hold cap inside the lock scripts (docs/seat-engine.md, "Seats held per address"): checked and
 * booked in the lock's own atomic step, released by unlock, forgotten when the lock would have expired. The web
 * layer's view (429 + Retry-After, per-presentation override) is pinned in server/test/edge/edge.medium.test.ts.
 */
let redis: Redis;
let config: AppConfig;
let store: RedisSeatStore;
let pidSeq = 5000;

beforeAll(() => {
  redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: 2 });
  config = parseAppConfig({
    DATABASE_URL: 'postgres://unused@127.0.0.1/unused',
    REDIS_URL: testRedisUrl(),
    REDIS_PREFIX: `test:holdcap:${randomBytes(4).toString('hex')}:`,
    NODE_ENV: 'test',
  });
  store = new RedisSeatStore(redis, config);
});
afterAll(async () => {
  const keys = await redis.keys(`${config.REDIS_PREFIX}*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
});

const k = (x: number) => `7:${x}:1`;

async function fresh(ga: { id: number; capacity: number }[] = []): Promise<number> {
  const pid = pidSeq++;
  await store.initialise(pid, { gaSections: ga, soldKeys: [] });
  return pid;
}

const holdKey = (pid: number, address: string) => presentationKeys(config.REDIS_PREFIX, pid).hold(address);

describe('per-address hold cap in the lock scripts', () => {
  test('thirteen owners from one address in parallel: exactly the cap passes (control: check-then-lock lets more through)', async () => {
    const cap = 3;
    const address = '10.9.0.1';
    const owners = Array.from({ length: 13 }, () => randomUUID());

    // The guard: the cap checked inside the lock script, all thirteen locks sent at once.
    const guarded = await fresh();
    const results = await Promise.all(
      owners.map((o, i) => store.lock(guarded, lockRequest(o, [k(i + 1)], { holdCap: { address, cap } }))),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(cap);
    const refused = results.filter((r) => !r.ok);
    expect(refused).toHaveLength(13 - cap);
    for (const r of refused) {
      expect(r).toMatchObject({ code: 'SEAT_HOLD_CAP' });
      expect(Number((r as { detail: string }).detail)).toBeGreaterThanOrEqual(1000);
    }
    expect(await redis.zcard(holdKey(guarded, address))).toBe(cap);

    // Control run, same thirteen owners: the count read in its own round trip before each lock (what a check
    // beside the script would do), in the interleaving parallel requests allow. The race shows: all pass.
    const control = await fresh();
    const counts = await Promise.all(owners.map(() => redis.zcard(holdKey(control, address))));
    const naive = await Promise.all(
      owners.map((o, i) =>
        counts[i]! + 1 > cap
          ? Promise.resolve({ ok: false })
          : store.lock(control, lockRequest(o, [k(i + 1)], { holdCap: { address, cap: 1_000 } })),
      ),
    );
    expect(naive.filter((r) => r.ok).length).toBeGreaterThan(cap);
  });

  test('unlock with the address makes room; an unlock without it leaves the seat counted until its lock expires', async () => {
    const pid = await fresh();
    const address = '10.9.0.2';
    const holdCap = { address, cap: 2 };
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    expect(await store.lock(pid, lockRequest(a, [k(1)], { holdCap }))).toMatchObject({ ok: true });
    expect(await store.lock(pid, lockRequest(b, [k(2)], { holdCap }))).toMatchObject({ ok: true });
    // Locking a seat the owner already holds is a no-op, not one more seat.
    expect(await store.lock(pid, lockRequest(a, [k(1)], { holdCap }))).toMatchObject({ ok: true, newlyLocked: 0 });
    expect(await store.lock(pid, lockRequest(c, [k(3)], { holdCap }))).toMatchObject({ code: 'SEAT_HOLD_CAP' });
    // The refused seat stays free for anybody else.
    expect(await store.lock(pid, lockRequest(c, [k(3)], { holdCap: { address: '10.9.0.3', cap: 2 } }))).toMatchObject({
      ok: true,
    });

    expect(await store.unlock(pid, a, [k(1)], address)).toMatchObject({ ok: true, count: 1 });
    expect(await redis.zrange(holdKey(pid, address), 0, -1)).toEqual([k(2)]);
    expect(await store.lock(pid, lockRequest(c, [k(4)], { holdCap }))).toMatchObject({ ok: true });

    // Released without the address (another path): still counted, the strict side, until the lock would expire.
    expect(await store.unlock(pid, b, [k(2)])).toMatchObject({ ok: true, count: 1 });
    expect(await store.lock(pid, lockRequest(a, [k(5)], { holdCap }))).toMatchObject({ code: 'SEAT_HOLD_CAP' });
    // ...unless the same address locks that very seat again: listed once, not twice.
    expect(await store.lock(pid, lockRequest(a, [k(2)], { holdCap }))).toMatchObject({ ok: true });
  });

  test('entries whose lock expired stop counting without any sweep', async () => {
    const pid = await fresh();
    const holdCap = { address: '10.9.0.4', cap: 1 };
    expect(await store.lock(pid, lockRequest(randomUUID(), [k(1)], { holdCap, ttlMs: 50 }))).toMatchObject({
      ok: true,
    });
    expect(await store.lock(pid, lockRequest(randomUUID(), [k(2)], { holdCap }))).toMatchObject({
      code: 'SEAT_HOLD_CAP',
    });
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(await store.lock(pid, lockRequest(randomUUID(), [k(2)], { holdCap }))).toMatchObject({ ok: true });
    expect(await redis.zrange(holdKey(pid, holdCap.address), 0, -1)).toEqual([k(2)]);
    // The set lives no longer than its newest lock.
    expect(await redis.pttl(holdKey(pid, holdCap.address))).toBeLessThanOrEqual(60_000);
  });

  test('general admission: a party counts whole, and the cap refuses before any place is picked', async () => {
    const pid = await fresh([{ id: 9, capacity: 10 }]);
    const holdCap = { address: '10.9.0.5', cap: 3 };
    const ga = (owner: string, count: number) =>
      store.lockGa(pid, { owner, sectionId: 9, count, ttlMs: 60_000, maxSeats: 10, ownerSetTtlSeconds: 600, holdCap });
    const first = await ga(randomUUID(), 2);
    expect(first).toMatchObject({ ok: true, places: [1, 2] });
    expect(await ga(randomUUID(), 2)).toMatchObject({ code: 'SEAT_HOLD_CAP' });
    expect(await ga(randomUUID(), 1)).toMatchObject({ ok: true, places: [3] });
    expect(await redis.zcard(holdKey(pid, holdCap.address))).toBe(3);
  });

  test('no cap: the lock touches no hold set', async () => {
    const pid = await fresh();
    expect(await store.lock(pid, lockRequest(randomUUID(), [k(1)]))).toMatchObject({ ok: true });
    expect(await redis.keys(`${presentationKeys(config.REDIS_PREFIX, pid).base}hold:*`)).toEqual([]);
  });
});

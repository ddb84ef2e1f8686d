import Redis from 'ioredis';
import { randomBytes, randomUUID } from 'node:crypto';
import { lockLeavesUnfillableGap, selectionGaps, singleSeatBlocking, SeatStatus } from '@hotline/shared';
import { parseAppConfig, type AppConfig } from '../../src/config/app-config';
import { RedisSeatStore } from '../../src/seats/redis-seat-store';
import { changesChannel, presentationKeys } from '../../src/seats/seat-keys';
import { testRedisUrl } from '../support/test-env';
import { lockRequest } from './support/seat-kit';

/**
 * The Lua scripts against a real Redis, without the web layer: atomicity,
 * indexes kept in step, the change log, the sweeper script and parity of the
 * row rules with the shared TypeScript rules they mirror.
 */
let redis: Redis;
let config: AppConfig;
let store: RedisSeatStore;
let pidSeq = 1000;

beforeAll(() => {
  redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: 2 });
  config = parseAppConfig({
    DATABASE_URL: 'postgres://unused@127.0.0.1/unused',
    REDIS_URL: testRedisUrl(),
    REDIS_PREFIX: `test:store:${randomBytes(4).toString('hex')}:`,
    NODE_ENV: 'test',
    SEAT_LOG_LENGTH: '50',
  });
  store = new RedisSeatStore(redis, config);
});
afterAll(async () => {
  const keys = await redis.keys(`${config.REDIS_PREFIX}*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
});

const k = (x: number, y = 1, section = 7) => `${section}:${x}:${y}`;

async function fresh(ga: { id: number; capacity: number }[] = [], sold: string[] = []): Promise<number> {
  const pid = pidSeq++;
  await store.initialise(pid, { gaSections: ga, soldKeys: sold });
  return pid;
}

describe('seat scripts', () => {
  test('every script refuses with NOINIT until the presentation is initialised, and init is idempotent', async () => {
    const pid = pidSeq++;
    expect(await store.lock(pid, lockRequest(randomUUID(), [k(1)]))).toEqual({ ok: false, notInitialised: true });
    expect(await store.snapshot(pid)).toEqual({ ok: false, notInitialised: true });
    const [a, b] = await Promise.all([
      store.initialise(pid, { gaSections: [], soldKeys: [k(1)] }),
      store.initialise(pid, { gaSections: [], soldKeys: [k(2)] }),
    ]);
    expect([a.created, b.created].sort()).toEqual([false, true]);
    expect(a.version).toBe(b.version);
    const snap = await store.snapshot(pid);
    expect(snap.ok && [...snap.state.keys()]).toHaveLength(1);
  });

  test('versions start above the lost history (microsecond clock) so stale deltas are impossible', async () => {
    const pid = await fresh();
    const v = await store.currentVersion(pid);
    expect(v).toBeGreaterThan(Date.now() * 1000 - 60_000_000);
  });

  test('one winner per seat among 100 concurrent owners; losers get SEAT_NOT_AVAILABLE', async () => {
    const pid = await fresh();
    const owners = Array.from({ length: 100 }, () => randomUUID());
    const results = await Promise.all(owners.map((o) => store.lock(pid, lockRequest(o, [k(1), k(2)]))));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const codes = new Set(results.filter((x) => !x.ok).map((x) => (x as { code: string }).code));
    expect([...codes]).toEqual(['SEAT_NOT_AVAILABLE']);
  });

  test('re-locking your own seat is a no-op (no version bump); max seats counts the owner set', async () => {
    const pid = await fresh();
    const owner = randomUUID();
    const first = await store.lock(pid, lockRequest(owner, [k(1)], { maxSeats: 2 }));
    const again = await store.lock(pid, lockRequest(owner, [k(1)], { maxSeats: 2 }));
    expect(first.ok && again.ok && again.version === first.version).toBe(true);
    expect(await store.lock(pid, lockRequest(owner, [k(2)], { maxSeats: 2 }))).toMatchObject({ ok: true });
    expect(await store.lock(pid, lockRequest(owner, [k(3)], { maxSeats: 2 }))).toMatchObject({
      ok: false,
      code: 'MAX_SEATS_EXCEEDED',
      detail: '2',
    });
  });

  test('concurrent locks by ONE owner never exceed max seats', async () => {
    const pid = await fresh();
    const owner = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => store.lock(pid, lockRequest(owner, [k(i + 1)], { maxSeats: 4 }))),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(4);
    expect(await redis.scard(presentationKeys(config.REDIS_PREFIX, pid).own(owner))).toBe(4);
  });

  test('a taken seat in a full section / full hall says so (NO_SEATS_LEFT_SECTION / _RESERVED)', async () => {
    const pid = await fresh();
    await store.lock(pid, lockRequest(randomUUID(), [k(1)]));
    expect(await store.lock(pid, lockRequest(randomUUID(), [k(1)], { sectionSize: 1 }))).toMatchObject({
      ok: false,
      code: 'NO_SEATS_LEFT_SECTION',
    });
    expect(await store.lock(pid, lockRequest(randomUUID(), [k(1)], { reservedTotal: 1 }))).toMatchObject({
      ok: false,
      code: 'NO_SEATS_LEFT_RESERVED',
    });
    expect(await store.lock(pid, lockRequest(randomUUID(), [k(1)]))).toMatchObject({
      ok: false,
      code: 'SEAT_NOT_AVAILABLE',
    });
  });

  test('block / hold back / free again (back office), all or nothing', async () => {
    const pid = await fresh();
    const o = randomUUID();
    await store.lock(pid, lockRequest(o, [k(3)]));
    expect(await store.setAdminState(pid, 'b', [k(1), k(3)])).toMatchObject({ ok: false, code: 'SEAT_NOT_AVAILABLE' });
    expect(await store.setAdminState(pid, 'b', [k(1)])).toMatchObject({ ok: true, count: 1 });
    expect(await store.setAdminState(pid, 'h', [k(2)])).toMatchObject({ ok: true, count: 1 });
    expect(await store.lock(pid, lockRequest(o, [k(1)]))).toMatchObject({ ok: false, code: 'SEAT_NOT_AVAILABLE' });
    expect(await store.setAdminState(pid, 'a', [k(1), k(2)])).toMatchObject({ ok: true, count: 2 });
    expect(await store.lock(pid, lockRequest(o, [k(1)]))).toMatchObject({ ok: true });
  });

  test('unlock is owner-checked and all or nothing; sold is owner-checked', async () => {
    const pid = await fresh();
    const [a, b] = [randomUUID(), randomUUID()];
    await store.lock(pid, lockRequest(a, [k(1)]));
    await store.lock(pid, lockRequest(b, [k(2)]));
    expect(await store.unlock(pid, b, [k(1), k(2)])).toMatchObject({ ok: false, code: 'NOT_LOCK_OWNER' });
    expect(await store.markSold(pid, b, [k(1)])).toMatchObject({ ok: false, code: 'NOT_LOCK_OWNER' });
    expect(await store.unlock(pid, b, [k(2)])).toMatchObject({ ok: true, count: 1 });
    expect(await store.unlock(pid, b, [k(2)])).toMatchObject({ ok: true, count: 0 });
    expect(await store.markSold(pid, a, [k(1)])).toMatchObject({ ok: true, count: 1 });
    expect(await store.unlock(pid, a, [k(1)])).toMatchObject({ ok: false, code: 'NOT_LOCK_OWNER' });
    const snap = await store.snapshot(pid);
    expect(snap.ok && Object.fromEntries(snap.state)).toEqual({ [k(1)]: 's' });
    expect(await store.timer(pid, a)).toMatchObject({ earliestExpiryMs: null, lockCount: 0 });
  });

  test('every change bumps the version once and lands in the log and on the channel, in order', async () => {
    const pid = await fresh();
    const sub = redis.duplicate();
    const seen: string[] = [];
    sub.on('message', (_c, m: string) => {
      if (m.startsWith(`${pid} `)) seen.push(m);
    });
    await sub.subscribe(changesChannel(config.REDIS_PREFIX));
    const v0 = (await store.currentVersion(pid))!;
    const o = randomUUID();
    await store.lock(pid, lockRequest(o, [k(1), k(2)]));
    await store.unlock(pid, o, [k(1), k(2)]);
    await store.lock(pid, lockRequest(o, [k(3)]));
    const log = await store.readLog(pid, v0, v0 + 3);
    expect(log).toEqual([
      {
        version: v0 + 1,
        changes: [
          [k(1), 'l'],
          [k(2), 'l'],
        ],
      },
      {
        version: v0 + 2,
        changes: [
          [k(1), 'a'],
          [k(2), 'a'],
        ],
      },
      { version: v0 + 3, changes: [[k(3), 'l']] },
    ]);
    await new Promise((r) => setTimeout(r, 100));
    expect(seen).toEqual([
      `${pid} ${v0 + 1} ${k(1)}=l;${k(2)}=l`,
      `${pid} ${v0 + 2} ${k(1)}=a;${k(2)}=a`,
      `${pid} ${v0 + 3} ${k(3)}=l`,
    ]);
    await sub.quit();
  });

  test('the log is bounded: a version older than it answers null (the watcher gets a snapshot)', async () => {
    const pid = await fresh();
    const v0 = (await store.currentVersion(pid))!;
    const o = randomUUID();
    for (let i = 0; i < 200; i++) {
      await store.lock(pid, lockRequest(o, [k(1)]));
      await store.unlock(pid, o, [k(1)]);
    }
    expect(await store.readLog(pid, v0, v0 + 400)).toBeNull();
    expect(await store.readLog(pid, v0 + 390, v0 + 400)).toHaveLength(10);
  });

  test('general admission: places 1..N picked by the server, capacity counted, released places reused', async () => {
    const pid = await fresh([{ id: 9, capacity: 3 }], ['9:2:0']);
    const owners = Array.from({ length: 5 }, () => randomUUID());
    const results = await Promise.all(
      owners.map((o) =>
        store.lockGa(pid, { owner: o, sectionId: 9, count: 1, ttlMs: 60_000, maxSeats: 10, ownerSetTtlSeconds: 600 }),
      ),
    );
    const ok = results.filter((r) => r.ok) as { places: number[] }[];
    expect(ok.flatMap((r) => r.places).sort()).toEqual([1, 3]);
    expect(results.filter((r) => !r.ok).map((r) => (r as { code: string }).code)).toEqual([
      'NO_SEATS_LEFT_GA',
      'NO_SEATS_LEFT_GA',
      'NO_SEATS_LEFT_GA',
    ]);
    const winner = owners[results.findIndex((r) => r.ok && (r as { places: number[] }).places[0] === 1)]!;
    await store.unlock(pid, winner, ['9:1:0']);
    const again = await store.lockGa(pid, {
      owner: owners[4]!,
      sectionId: 9,
      count: 1,
      ttlMs: 60_000,
      maxSeats: 10,
      ownerSetTtlSeconds: 600,
    });
    expect(again).toMatchObject({ ok: true, places: [1] });
  });

  test('extendForPayment extends once, up to the hard cap', async () => {
    const pid = await fresh();
    const o = randomUUID();
    const locked = await store.lock(pid, lockRequest(o, [k(1)], { ttlMs: 10_000 }));
    if (!locked.ok) throw new Error('lock failed');
    const e1 = await store.extend(pid, o, 60_000, 30_000);
    // Capped at lockedAt + 30 s, not expiry + 60 s.
    expect(e1.earliestExpiryMs! - locked.nowMs).toBeGreaterThanOrEqual(29_990);
    expect(e1.earliestExpiryMs! - locked.nowMs).toBeLessThanOrEqual(30_010);
    expect(e1.extended).toBe(1);
    const e2 = await store.extend(pid, o, 60_000, 300_000);
    expect(e2.extended).toBe(0);
    expect(e2.earliestExpiryMs).toBe(e1.earliestExpiryMs);
  });

  test("a payment claim: one cart of an owner at a time; another owner's claim is stale; release takes only its own", async () => {
    const pid = await fresh();
    const o = randomUUID();
    const timing = { extensionMs: 60_000, hardCapMs: 300_000, claimMs: 60_000 };
    const locked = await store.lock(pid, lockRequest(o, [k(1), k(2)], { ttlMs: 10_000 }));
    if (!locked.ok) throw new Error('lock failed');
    const first = await store.claimForPayment(pid, o, 'cart-a', [k(1), k(2)], timing);
    expect(first).toMatchObject({ ok: true, extended: 2, lockCount: 2 });
    // The same cart again (a retry) is welcome; the owner's other cart on one of the seats is refused, whole.
    expect(await store.claimForPayment(pid, o, 'cart-a', [k(1)], timing)).toMatchObject({ ok: true });
    expect(await store.claimForPayment(pid, o, 'cart-b', [k(2), k(3)], timing)).toEqual({ ok: false, busySeat: k(2) });
    expect(await store.claimForPayment(pid, o, 'cart-b', [k(3)], timing)).toMatchObject({ ok: true });
    // Another owner's claim left on a seat is stale (that owner's lock is gone): it never refuses.
    expect(await store.claimForPayment(pid, randomUUID(), 'cart-c', [k(1)], timing)).toMatchObject({ ok: true });
    // Releasing takes only this owner's claims for this cart.
    expect(await store.releasePaymentClaim(pid, o, 'cart-b', [k(1), k(2), k(3)])).toBe(1);
    expect(await store.releasePaymentClaim(pid, o, 'cart-a', [k(2)])).toBe(1);
    expect(await store.claimForPayment(pid, o, 'cart-b', [k(2)], timing)).toMatchObject({ ok: true });
    // An expired claim does not refuse either.
    expect(await store.claimForPayment(pid, o, 'cart-d', [k(4)], { ...timing, claimMs: 1 })).toMatchObject({
      ok: true,
    });
    await new Promise((r) => setTimeout(r, 5));
    expect(await store.claimForPayment(pid, o, 'cart-e', [k(4)], timing)).toMatchObject({ ok: true });
  });

  test('the release script frees expired locks once, even when two callers race, and updates the due index', async () => {
    const pid = await fresh([{ id: 9, capacity: 2 }]);
    const o = randomUUID();
    await store.lock(pid, lockRequest(o, [k(1), k(2)], { ttlMs: 50 }));
    await store.lockGa(pid, { owner: o, sectionId: 9, count: 1, ttlMs: 50, maxSeats: 10, ownerSetTtlSeconds: 600 });
    await store.lock(pid, lockRequest(o, [k(3)], { ttlMs: 60_000 }));
    await new Promise((r) => setTimeout(r, 80));
    expect(await store.dueForSweep(100)).toContain(pid);
    const [a, b] = await Promise.all([store.releaseExpired(pid, 100), store.releaseExpired(pid, 100)]);
    expect(a.released + b.released).toBe(3);
    expect(await store.dueForSweep(100)).not.toContain(pid);
    const snap = await store.snapshot(pid);
    expect(snap.ok && [...snap.state.keys()]).toEqual([k(3)]);
    expect(await redis.smembers(presentationKeys(config.REDIS_PREFIX, pid).own(o))).toEqual([k(3)]);
    // The GA place went back on the free list.
    expect(
      await store.lockGa(pid, {
        owner: randomUUID(),
        sectionId: 9,
        count: 2,
        ttlMs: 60_000,
        maxSeats: 10,
        ownerSetTtlSeconds: 600,
      }),
    ).toMatchObject({ ok: true });
  });
});

describe('row rules in Lua agree with the shared rules (random rows)', () => {
  // A tiny deterministic PRNG so a failure is reproducible.
  let seed = 12345;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)]!;

  type Cell = 'free' | 'mine' | 'other' | 'sold';
  async function setup(pid: number, me: string, cells: Cell[]) {
    const keys = presentationKeys(config.REDIS_PREFIX, pid);
    for (const [i, c] of cells.entries()) {
      const key = k(i + 1, 3);
      if (c === 'mine') {
        await redis.hset(keys.st, key, `l|${me}|1|0`);
        await redis.sadd(keys.own(me), key);
      }
      if (c === 'other') await redis.hset(keys.st, key, `l|${randomUUID()}|1|0`);
      if (c === 'sold') await redis.hset(keys.st, key, 's');
    }
  }
  const code = (c: Cell) =>
    ({ free: SeatStatus.Available, mine: SeatStatus.Selected, other: SeatStatus.LockedByOther, sold: SeatStatus.Sold })[
      c
    ];

  test('no-single-seat gap: Lua refuses exactly when lockLeavesUnfillableGap says so (600 cases)', async () => {
    let refusals = 0;
    let allowedWithGap = 0;
    for (let t = 0; t < 600; t++) {
      const n = 1 + Math.floor(rand() * 9);
      const cells: Cell[] = Array.from({ length: n }, () =>
        pick<Cell>(['free', 'free', 'free', 'mine', 'other', 'sold']),
      );
      const exempt = cells.map(() => rand() < 0.1);
      const free = cells.map((c, i) => (c === 'free' ? i : -1)).filter((i) => i >= 0);
      if (!free.length) continue;
      const start = pick(free);
      let len = 1;
      while (len < 3 && cells[start + len] === 'free' && rand() < 0.5) len++;
      const selection = Array.from({ length: len }, (_, i) => start + i);
      const mine = cells.filter((c) => c === 'mine').length;
      // The order's maximum: sometimes exactly reached by this lock, sometimes with room for one or more seats.
      const maxSeats = mine + len + pick([0, 0, 1, 2, 5]);
      const pid = await fresh();
      const me = randomUUID();
      await setup(pid, me, cells);
      const rowKeys = cells.map((_, i) => k(i + 1, 3));
      const r = await store.lock(
        pid,
        lockRequest(
          me,
          selection.map((i) => rowKeys[i]!),
          {
            maxSeats,
            noSingleSeatGap: true,
            rows: [{ keys: rowKeys, flags: exempt.map((e) => (e ? '1' : '0')).join('') }],
          },
        ),
      );
      const rowState = cells.map((c, i) => ({ x: i + 1, status: code(c), features: exempt[i] ? [31] : [] }));
      const xs = selection.map((i) => i + 1);
      const expected = lockLeavesUnfillableGap(rowState, xs, maxSeats - mine - len);
      if (expected) refusals++;
      else if (selectionGaps(rowState, xs).length > 0) allowedWithGap++;
      expect({
        cells,
        exempt,
        selection,
        maxSeats,
        refused: !r.ok && (r as { code: string }).code === 'SINGLE_SEAT_GAP',
      }).toEqual({ cells, exempt, selection, maxSeats, refused: expected });
    }
    // Both sides of the rule are exercised: refusals, and in-progress selections allowed to leave a gap.
    expect(refusals).toBeGreaterThan(10);
    expect(allowedWithGap).toBeGreaterThan(10);
  });

  test('seating policy 3: Lua refuses a target exactly when singleSeatBlocking blocks it (300 cases)', async () => {
    let blocked = 0;
    for (let t = 0; t < 300; t++) {
      const n = 1 + Math.floor(rand() * 7);
      const cells: Cell[] = Array.from({ length: n }, () => pick<Cell>(['free', 'free', 'mine', 'other', 'sold']));
      const exempt = cells.map(() => rand() < 0.15);
      const free = cells.map((c, i) => (c === 'free' ? i : -1)).filter((i) => i >= 0);
      if (!free.length) continue;
      const target = pick(free);
      const pid = await fresh();
      const me = randomUUID();
      await setup(pid, me, cells);
      const rowKeys = cells.map((_, i) => k(i + 1, 3));
      const r = await store.lock(
        pid,
        lockRequest(me, [rowKeys[target]!], {
          singleSeatBlocking: true,
          rows: [{ keys: rowKeys, flags: exempt.map((e) => (e ? '1' : '0')).join('') }],
        }),
      );
      const expected = singleSeatBlocking(
        cells.map((c, i) => ({ x: i + 1, status: code(c), features: exempt[i] ? [32] : [] })),
      ).includes(target + 1);
      if (expected) blocked++;
      expect({ cells, exempt, target, refused: !r.ok }).toEqual({ cells, exempt, target, refused: expected });
    }
    expect(blocked).toBeGreaterThan(10);
  });
});

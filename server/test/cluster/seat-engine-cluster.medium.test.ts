import { randomUUID } from 'node:crypto';
import { SeatStatus, type QueueProgressMessage, type QueueStatusResponse } from '@hotline/shared';
import { Clock } from '../../src/common/clock';
import { OnSales } from '../../src/queue/on-sales';
import { QueueStore } from '../../src/queue/queue-store';
import { QueueService } from '../../src/queue/queue.service';
import { QueueTicker } from '../../src/queue/queue-ticker';
import { DataSource } from 'typeorm';
import { keySlot } from '../../src/redis/cluster-slots';
import { RedisConnection } from '../../src/redis/redis.module';
import { presentationKeys, slotDueKey } from '../../src/seats/seat-keys';
import { SeatStore } from '../../src/seats/seat-store.port';
import { startRedisCluster, type TestRedisCluster } from '../support/redis-cluster';
import { startTestApp, type TestApp } from '../support/test-env';
import { ManualClock, rule } from '../queue/support/queue-kit';
import { joinTokenFor } from '../seats/support/bot-check-join-double';
import {
  loadPlan,
  lock,
  lockRequest,
  seatInput,
  status,
  statusOf,
  visitor,
  Watcher,
  type PlanInfo,
} from '../seats/support/seat-kit';

// The seat double's tokens, and the queue join's proof without solving it (its binding keyed in the line's slot).
jest.mock('../../src/botcheck/botcheck.module', () => jest.requireActual('../seats/support/bot-check-join-double'));

/**
 * The seat engine on a real Redis Cluster (3 primaries + 3 replicas of the same redis-server binary, started by
 * this file under .tmp/): the atomic lock, the per-slot due index swept on every shard, the season lock across
 * shards (two-phase claim with compensation), the sharded change stream on two server nodes, the waiting room's
 * admission shared by two nodes, and a failover (last: it leaves one shard on its promoted replica).
 */
jest.setTimeout(120_000);

/** Room for a loaded two-core machine; the bounds themselves are the chaos tests' subject. */
const PATIENT = { REDIS_COMMAND_TIMEOUT_MS: '30000', DB_STATEMENT_TIMEOUT_MS: '30000', DB_CONNECT_TIMEOUT_MS: '30000' };

let cluster: TestRedisCluster;
let t: TestApp;
let store: SeatStore;

/** Presentations with an ordinary reserved seat, one per primary (the cluster spreads them over all three). */
interface Pick {
  pid: number;
  primary: number;
  info: PlanInfo;
  seats: PlanInfo['seats'];
}
let picks: Pick[] = [];

const slotOf = (pid: number) => keySlot(presentationKeys('', pid).base);
const keyOf = (s: PlanInfo['seats'][number]) => `${s.VenueSectionId}:${s.XCoordinate}:${s.YCoordinate}`;

beforeAll(async () => {
  cluster = await startRedisCluster({ primaries: 3, replicas: true });
  t = await startTestApp({
    ...PATIENT,
    REDIS_URL: `redis://127.0.0.1:${cluster.ports[0]}`,
    REDIS_CLUSTER_NODES: cluster.nodes,
  });
  store = t.app.get(SeatStore);
  const db = t.app.get(DataSource);
  const ids: number[] = (
    await db.query(`SELECT id FROM presentation WHERE date_time > now() ORDER BY id LIMIT 60`)
  ).map((r: { id: number }) => Number(r.id));
  const byPrimary = new Map<number, Pick>();
  for (const pid of ids) {
    const primary = await cluster.primaryOf(slotOf(pid));
    if (byPrimary.has(primary)) continue;
    const info = await loadPlan(t.url, pid).catch(() => null);
    const seats = (info?.seats ?? []).filter((s) => !s.features.includes(1) && s.YCoordinate >= 3);
    if (!info || seats.length < 40) continue;
    // Initialises the presentation's live state (and lists its slot for the sweepers).
    if ((await status(t.url, visitor(), pid).catch(() => null)) === null) continue;
    byPrimary.set(primary, { pid, primary, info, seats });
    if (byPrimary.size === 3) break;
  }
  picks = [...byPrimary.values()];
});

afterAll(async () => {
  await t?.close();
  await cluster?.stop();
});

test('the app runs in cluster mode, on three shards', () => {
  expect(t.app.get(RedisConnection).cluster).toBe(true);
  expect(picks.map((p) => p.primary).sort()).toEqual([...new Set(picks.map((p) => p.primary))].sort());
  expect(picks).toHaveLength(3);
});

test('100 racers for one seat: exactly one wins, the rest are refused with 409', async () => {
  const p = picks[0]!;
  const seat = p.seats[0]!;
  const racers = Array.from({ length: 100 }, () => visitor());
  const replies = await Promise.all(
    racers.map((v) => lock(t.url, v, seatInput(p.info, seat.VenueSectionId, seat.XCoordinate, seat.YCoordinate))),
  );
  const winners = racers.filter((_, i) => replies[i]!.status === 200);
  expect(winners).toHaveLength(1);
  expect(new Set(replies.filter((r) => r.status !== 200).map((r) => `${r.status} ${r.body.error}`))).toEqual(
    new Set(['409 SEAT_NOT_AVAILABLE']),
  );
  const outsider = (await status(t.url, visitor(), p.pid)).rows;
  expect(statusOf(outsider, seat.VenueSectionId, seat.XCoordinate, seat.YCoordinate)).toBe(SeatStatus.LockedByOther);
});

test('locks on presentations of three shards land in each slot’s due index, and every shard’s are swept', async () => {
  const redis = t.app.get(RedisConnection).client;
  const owner = visitor();
  for (const p of picks) {
    const r = await store.lock(
      p.pid,
      lockRequest(owner, [keyOf(p.seats[1]!)], {
        ttlMs: 1500,
        sectionSize: 100_000,
        reservedTotal: 100_000,
        ownerSetTtlSeconds: 60,
      }),
    );
    expect(r.ok).toBe(true);
    // Written by the lock script beside the presentation's keys: same slot, no global key.
    expect(await redis.zscore(slotDueKey(t.config.REDIS_PREFIX, slotOf(p.pid)), String(p.pid))).not.toBeNull();
  }
  // The sweeper (every 250 ms) finds them through the per-slot indexes and releases them on every shard.
  const deadline = Date.now() + 20_000;
  for (const p of picks) {
    for (;;) {
      const snap = await store.snapshot(p.pid);
      if (snap.ok && !snap.state.has(keyOf(p.seats[1]!))) break;
      if (Date.now() > deadline) throw new Error(`lock on presentation ${p.pid} was not swept`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
});

test('a season lock across shards is all or nothing: a refusal on the last releases the ones claimed before', async () => {
  const owner = visitor();
  const rival = visitor();
  const seats = picks.map((p) => ({ presentationId: p.pid, key: keyOf(p.seats[2]!) }));
  const common = { ttlMs: 60_000, maxSeats: 10, ownerSetTtlSeconds: 60 };
  const last = seats[seats.length - 1]!;
  expect((await store.lockAcross({ owner: rival, seats: [last], ...common })).ok).toBe(true);
  const refused = await store.lockAcross({ owner, seats, ...common });
  expect(refused).toMatchObject({ ok: false, code: 'SEAT_NOT_AVAILABLE', presentationId: last.presentationId });
  for (const s of seats.slice(0, -1)) {
    const snap = await store.snapshot(s.presentationId);
    expect(snap.ok && snap.state.has(s.key)).toBe(false);
  }
  expect((await store.unlockAcross(rival, [last])).ok).toBe(true);
  const locked = await store.lockAcross({ owner, seats, ...common });
  expect(locked).toMatchObject({ ok: true, newlyLocked: 3 });
  expect(await store.unlockAcross(owner, seats)).toEqual({ ok: true, released: 3 });
});

test('the hold cap rides in the lock script on every shard: its set in the presentation’s slot, unlock frees room', async () => {
  const redis = t.app.get(RedisConnection).client;
  const holdCap = { address: '10.66.0.1', cap: 2 };
  const req = (owner: string, key: string) => ({
    owner,
    keys: [key],
    ttlMs: 60_000,
    maxSeats: 10,
    noSingleSeatGap: false,
    singleSeatBlocking: false,
    rows: [],
    sectionSize: 100_000,
    reservedTotal: 100_000,
    ownerSetTtlSeconds: 60,
    holdCap,
  });
  for (const p of picks) {
    const [a, b, c] = [visitor(), visitor(), visitor()];
    const keys = [3, 4, 5].map((i) => keyOf(p.seats[i]!));
    const first = await Promise.all([store.lock(p.pid, req(a, keys[0]!)), store.lock(p.pid, req(b, keys[1]!))]);
    expect(first.map((r) => r.ok)).toEqual([true, true]);
    expect(await store.lock(p.pid, req(c, keys[2]!))).toMatchObject({ ok: false, code: 'SEAT_HOLD_CAP' });
    const hold = presentationKeys(t.config.REDIS_PREFIX, p.pid, true).hold(holdCap.address);
    expect(keySlot(hold)).toBe(slotOf(p.pid));
    expect(await redis.zcard(hold)).toBe(2);
    expect(await store.unlock(p.pid, a, [keys[0]!], holdCap.address)).toMatchObject({ ok: true, count: 1 });
    expect(await store.lock(p.pid, req(c, keys[2]!))).toMatchObject({ ok: true });
    expect(await store.unlock(p.pid, b, [keys[1]!], holdCap.address)).toMatchObject({ ok: true, count: 1 });
    expect(await store.unlock(p.pid, c, [keys[2]!], holdCap.address)).toMatchObject({ ok: true, count: 1 });
    expect(await redis.zcard(hold)).toBe(0);
  }
});

test('the change stream reaches watchers on two server nodes with gap-free versions', async () => {
  const second = await startTestApp(
    {
      ...PATIENT,
      REDIS_URL: `redis://127.0.0.1:${cluster.ports[1]}`,
      REDIS_CLUSTER_NODES: cluster.nodes,
      REDIS_PREFIX: t.config.REDIS_PREFIX,
    },
    t.db,
  );
  const p = picks[1]!;
  const watchers = [new Watcher(t.url, p.pid), new Watcher(second.url, p.pid)];
  try {
    await Promise.all(watchers.map((w) => w.subscribe()));
    const seats = p.seats.slice(5, 25);
    await Promise.all(
      seats.map((s, i) =>
        lock(i % 2 ? second.url : t.url, visitor(), seatInput(p.info, s.VenueSectionId, s.XCoordinate, s.YCoordinate)),
      ),
    );
    const allLocked = (w: Watcher) =>
      seats.every((s) => w.statusOf(s.VenueSectionId, s.XCoordinate, s.YCoordinate) === SeatStatus.LockedByOther);
    await Promise.all(watchers.map((w) => w.until(() => allLocked(w), 20_000)));
    for (const w of watchers) {
      expect(w.gaps).toEqual([]);
      expect(w.errors).toEqual([]);
    }
    expect(watchers[0]!.version).toBe(watchers[1]!.version);
  } finally {
    for (const w of watchers) w.close();
    await second.close();
  }
});

const QUEUE_ENV = { QUEUE_TICK_MS: '0', QUEUE_CONFIG_REFRESH_MS: '0' };

test("waiting room: a join through the API is one script here too (its rate-limit counters share the line's slot)", async () => {
  const onSales = t.app.get(OnSales);
  await onSales.refresh();
  const pid = onSales.allQueued().find((r) => r.demoLineAhead === 0)!.presentationId;
  const join = (me: string) =>
    fetch(`${t.url}/api/queue/${pid}/join`, {
      method: 'POST',
      headers: { uuid: me, 'content-type': 'application/json' },
      body: JSON.stringify({ recaptchaToken: joinTokenFor(me, pid) }),
    });
  const me = visitor();
  const first = await join(me);
  expect(first.status).toBe(201);
  const again = await join(me);
  const ticketNo = async (r: Response) => ((await r.json()) as QueueStatusResponse).ticketNo;
  expect(await ticketNo(again)).toEqual(await ticketNo(first));
});

test('waiting room, two server nodes: together they admit the configured number per minute within 2 %, and both relay one progress message', async () => {
  const RATE = 1_200;
  const c = new ManualClock(Date.now());
  const env = {
    ...PATIENT,
    ...QUEUE_ENV,
    REDIS_URL: `redis://127.0.0.1:${cluster.ports[0]}`,
    REDIS_CLUSTER_NODES: cluster.nodes,
    REDIS_PREFIX: `test:qc:${randomUUID().slice(0, 8)}:`,
  };
  const clock = [{ provide: Clock, useFactory: () => c }];
  const a = await startTestApp(env, t.db, clock);
  const b = await startTestApp(env, t.db, clock);
  try {
    const presentationId = 900_020;
    const r = rule(presentationId, { saleStartsAt: c.ms, admitPerMinute: RATE });
    const store = a.app.get(QueueStore);
    await Promise.all(
      Array.from({ length: 2_000 }, () => store.join(presentationId, randomUUID(), c.ms, r.saleStartsAt, 0)),
    );
    const [sa, sb] = [a.app.get(QueueService), b.app.get(QueueService)];
    let admitted = 0;
    const start = c.ms;
    for (let step = 1; step <= 120; step++) {
      c.ms = start + step * 500;
      if (step % 5 === 0) {
        const [x, y] = await Promise.all([sa.admit(r, c.ms), sb.admit(r, c.ms)]);
        admitted += x.admitted + y.admitted;
      } else {
        admitted += (await (step % 2 ? sa : sb).admit(r, c.ms)).admitted;
      }
    }
    expect(await store.admittedTotal(presentationId)).toBe(admitted);
    expect(Math.abs(admitted - RATE)).toBeLessThanOrEqual(RATE * 0.02);

    // The progress channel stays plain PUBLISH: the cluster copies it to every node, both server nodes hear it.
    const heard: Record<'a' | 'b', QueueProgressMessage[]> = { a: [], b: [] };
    a.app.get(QueueTicker).attach({ progress: (m) => heard.a.push(m) });
    b.app.get(QueueTicker).attach({ progress: (m) => heard.b.push(m) });
    const message: QueueProgressMessage = {
      presentationId,
      removed: admitted,
      lineLength: 2_000 - admitted,
      admitPerMinute: RATE,
      open: true,
      serverTime: c.ms,
    };
    await store.publishProgress(message);
    for (let i = 0; i < 100 && (heard.a.length === 0 || heard.b.length === 0); i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(heard.a.map((m) => m.presentationId)).toEqual([presentationId]);
    expect(heard.b.map((m) => m.presentationId)).toEqual([presentationId]);
  } finally {
    await a.close();
    await b.close();
  }
});

test('failover: kill -9 a primary; its replica takes over, its locks and sales survive, nothing sold is offered', async () => {
  const p = picks[2]!;
  const owner = visitor();
  const seat = p.seats[30]!;
  expect(
    (await lock(t.url, owner, seatInput(p.info, seat.VenueSectionId, seat.XCoordinate, seat.YCoordinate))).status,
  ).toBe(200);
  const sold = p.seats[31]!;
  expect(
    (await lock(t.url, owner, seatInput(p.info, sold.VenueSectionId, sold.XCoordinate, sold.YCoordinate))).status,
  ).toBe(200);
  expect((await store.markSold(p.pid, owner, [keyOf(sold)])).ok).toBe(true);
  // Replication is asynchronous: give the replica the write before the crash (what a crash can lose is the last
  // moment's writes; docs/seat-engine.md, "Redis Cluster", and the reconciler puts lost sales back from PostgreSQL).
  await new Promise((r) => setTimeout(r, 1000));
  const watcher = new Watcher(t.url, p.pid);
  await watcher.subscribe();
  cluster.kill(p.primary);
  // Buyers keep trying the failed shard's presentation meanwhile: each is answered 200, 409 or 503, never 500.
  const probes: Promise<number>[] = [];
  let n = 0;
  const probe = setInterval(() => {
    const s = p.seats[36 + (n++ % 4)]!;
    probes.push(
      lock(t.url, visitor(), seatInput(p.info, s.VenueSectionId, s.XCoordinate, s.YCoordinate)).then(
        (r) => r.status,
        () => -1,
      ),
    );
  }, 250);
  // Another shard keeps working while this one has no primary.
  const other = picks[0]!;
  const elsewhere = other.seats[40]!;
  const otherLock = lock(
    t.url,
    visitor(),
    seatInput(other.info, elsewhere.VenueSectionId, elsewhere.XCoordinate, elsewhere.YCoordinate),
  );
  // The replica is promoted once the others mark the primary failed (cluster-node-timeout 1.5 s, then an election).
  const promoted = Date.now() + 30_000;
  try {
    while ((await cluster.primaryOf(slotOf(p.pid)).catch(() => p.primary)) === p.primary) {
      if (Date.now() > promoted) throw new Error('no replica took over');
      await new Promise((r) => setTimeout(r, 200));
    }
    await cluster.waitOk(30_000);
  } finally {
    clearInterval(probe);
  }
  expect((await otherLock).status).toBe(200);
  const answered = await Promise.all(probes);
  expect(answered.length).toBeGreaterThan(0);
  expect(answered.filter((code) => ![200, 409, 503].includes(code))).toEqual([]);
  // The app follows the new slot map; scripts load on the promoted replica (NOSCRIPT -> EVAL).
  const deadline = Date.now() + 30_000;
  let rows: Awaited<ReturnType<typeof status>>['rows'] | null = null;
  while (!rows) {
    rows = (await status(t.url, visitor(), p.pid).catch(() => null))?.rows ?? null;
    if (!rows && Date.now() > deadline) throw new Error('the presentation did not come back after the failover');
    if (!rows) await new Promise((r) => setTimeout(r, 300));
  }
  expect(statusOf(rows, seat.VenueSectionId, seat.XCoordinate, seat.YCoordinate)).toBe(SeatStatus.LockedByOther);
  expect(statusOf(rows, sold.VenueSectionId, sold.XCoordinate, sold.YCoordinate)).toBe(SeatStatus.Sold);
  const rival = visitor();
  expect(
    (await lock(t.url, rival, seatInput(p.info, sold.VenueSectionId, sold.XCoordinate, sold.YCoordinate))).status,
  ).toBe(409);
  const free = p.seats[35]!;
  expect(
    (await lock(t.url, rival, seatInput(p.info, free.VenueSectionId, free.XCoordinate, free.YCoordinate))).status,
  ).toBe(200);
  // A watcher from before the crash gets the change from the promoted replica's shard, with no gap.
  try {
    await watcher.until(
      () => watcher.statusOf(free.VenueSectionId, free.XCoordinate, free.YCoordinate) === SeatStatus.LockedByOther,
      20_000,
    );
    expect(watcher.gaps).toEqual([]);
  } finally {
    watcher.close();
  }
});

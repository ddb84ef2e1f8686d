import { rmSync } from 'node:fs';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { SeatStatus } from '@hotline/shared';
import { SeatEngineService } from '../../src/seats/seat-engine.service';
import { SeatReconciler } from '../../src/seats/seat-reconciler';
import { startTestApp, type TestApp } from '../support/test-env';
import { tokenFor } from '../seats/support/bot-check-double';
import { loadPlan, seatInput, status, statusOf, visitor, type PlanInfo } from '../seats/support/seat-kit';
import { loadServices, sellInDatabase, timedCall, until, type RedisService, type Services } from './chaos-kit';

jest.mock('../../src/botcheck/botcheck.module', () => jest.requireActual('../seats/support/bot-check-double'));

/**
 * Chaos: the test's own redis-server is killed with SIGKILL in the middle of an
 * on-sale. While it is down the seat calls answer 503 + Retry-After quickly (not
 * 500, not a hang); a sale committed meanwhile (its markSold failed) is applied
 * when Redis returns, and no seat PostgreSQL sold is ever offered again - whether
 * Redis comes back from its own (stale) append-only file or empty.
 */
jest.setTimeout(120_000);

let services: Services;
let redis: RedisService;
let t: TestApp;
let info: PlanInfo;
const dirs: string[] = [];
const PID = 7;

function redisDir(): string {
  const dir = path.join(services.ROOT, '.tmp', `chaos-redis-${process.pid}-${dirs.length}`);
  dirs.push(dir);
  return dir;
}

beforeAll(async () => {
  services = await loadServices();
  redis = await services.startRedis({ dir: redisDir() });
  t = await startTestApp({
    REDIS_URL: redis.url,
    // Short locks, so a lock Redis kept without its sale expires during the test.
    LOCK_TTL_SECONDS: '2',
    REDIS_COMMAND_TIMEOUT_MS: '1000',
    // The regular pass is slowed down: what is tested is the repair on reconnect and on lock.
    SEAT_RECONCILE_INTERVAL_MS: '600000',
  });
  info = await loadPlan(t.url, PID);
});
afterAll(async () => {
  await t?.close();
  await redis?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const row = (y: number) => info.seats.filter((s) => s.YCoordinate === y && !s.features.includes(1));
const ref = (s: PlanInfo['seats'][number]) => ({ sectionId: 1, x: s.XCoordinate, y: s.YCoordinate });
const lockBody = (v: string, s: PlanInfo['seats'][number]) => ({
  recaptchaToken: tokenFor(v),
  seat: seatInput(info, 1, s.XCoordinate, s.YCoordinate),
});

async function killRedis(): Promise<void> {
  process.kill(redis.pid, 'SIGKILL');
  await until(
    async () => {
      try {
        process.kill(redis.pid, 0);
        return false;
      } catch {
        return true;
      }
    },
    5000,
    'redis-server to die',
  );
}

test('kill -9 mid-sale, restart from its own file: 503 while down, and the sale made meanwhile stays sold', async () => {
  const db = t.app.get(DataSource);
  const engine = t.app.get(SeatEngineService);
  const buyer = visitor();
  const [a, b, c] = row(8) as [PlanInfo['seats'][number], PlanInfo['seats'][number], PlanInfo['seats'][number]];
  for (const s of [a, b])
    expect((await timedCall(t.url, 'PUT', '/api/seats/lock-seat', buyer, lockBody(buyer, s))).status).toBe(200);
  // Let the append-only file (fsync every second) take the locks, then kill Redis without warning.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  await killRedis();

  // The payment went through and the sale is committed in PostgreSQL; marking it sold in Redis fails.
  await sellInDatabase(db, PID, [ref(a), ref(b)], buyer);
  await expect(engine.markSold(PID, buyer, [ref(a), ref(b)])).rejects.toBeDefined();

  // Meanwhile every seat call is a quick 503 with Retry-After, never a 500 or a hang.
  const other = visitor();
  const calls = [
    await timedCall(t.url, 'GET', `/api/seats/seats-status?presentationId=${PID}&venueTypeId=1&isReserved=1`, other),
    await timedCall(t.url, 'PUT', '/api/seats/lock-seat', other, lockBody(other, c)),
    await timedCall(t.url, 'GET', `/api/presentations/timer/${PID}`, other),
    await timedCall(t.url, 'GET', '/api/health', other),
  ];
  for (const r of calls) {
    expect({ status: r.status, retryAfter: r.retryAfter !== null }).toEqual({ status: 503, retryAfter: true });
    expect(r.ms).toBeLessThan(3000);
  }

  // Redis comes back with its file: the buyer's locks, but not the sale.
  redis = await services.startRedis({ dir: dirs[0]!, port: redis.port });
  await until(async () => (await timedCall(t.url, 'GET', '/api/health', other)).status === 200, 15_000, 'health');
  // The locks (2 s) have long expired and the sweeper frees them; PostgreSQL's sale must win anyway.
  await until(
    async () => {
      const rows = (await status(t.url, other, PID)).rows;
      return [a, b].every((s) => statusOf(rows, 1, s.XCoordinate, s.YCoordinate) === SeatStatus.Sold);
    },
    10_000,
    'the sold seats to show sold after Redis returned',
  );
  await new Promise((resolve) => setTimeout(resolve, 1000));
  for (const s of [a, b]) {
    const r = await timedCall(t.url, 'PUT', '/api/seats/lock-seat', other, lockBody(other, s));
    expect({ status: r.status, error: r.body.error }).toEqual({ status: 409, error: 'SEAT_NOT_AVAILABLE' });
  }
});

test('a sale whose markSold failed: the next lock on its seat asks PostgreSQL, is refused, and Redis is repaired', async () => {
  const db = t.app.get(DataSource);
  const engine = t.app.get(SeatEngineService);
  const [d] = row(9) as [PlanInfo['seats'][number]];
  // The payment took longer than the lock: the sale is committed, but the buyer's lock had expired, so the engine
  // refuses to mark it sold (NOT_LOCK_OWNER) and Redis still shows the seat available.
  const buyer = visitor();
  await sellInDatabase(db, PID, [ref(d)], buyer);
  await expect(engine.markSold(PID, buyer, [ref(d)])).rejects.toBeDefined();
  const v = visitor();
  expect(statusOf((await status(t.url, v, PID)).rows, 1, d.XCoordinate, d.YCoordinate)).toBe(SeatStatus.Available);
  const r = await timedCall(t.url, 'PUT', '/api/seats/lock-seat', v, lockBody(v, d));
  expect({ status: r.status, error: r.body.error }).toEqual({ status: 409, error: 'SEAT_NOT_AVAILABLE' });
  expect(statusOf((await status(t.url, v, PID)).rows, 1, d.XCoordinate, d.YCoordinate)).toBe(SeatStatus.Sold);
});

test('control: a sale written behind the engine (no failed markSold, no lost connection) is not asked about on the lock path; the next reconciliation pass marks it sold', async () => {
  const db = t.app.get(DataSource);
  const reconciler = t.app.get(SeatReconciler);
  const [d] = row(7) as [PlanInfo['seats'][number]];
  // A pass clears what the previous test left suspected (its failed markSold): Redis is trusted again.
  await reconciler.tick();
  await sellInDatabase(db, PID, [ref(d)], visitor());
  // Redis is trusted (a full pass ran since the last reconnect): the lock costs no database query, and is granted.
  const v = visitor();
  expect((await timedCall(t.url, 'PUT', '/api/seats/lock-seat', v, lockBody(v, d))).status).toBe(200);
  expect((await timedCall(t.url, 'PUT', '/api/seats/unlock-seat', v, lockBody(v, d))).status).toBe(200);
  // What catches it is the reconciler (every 5 s in production), and the unique index would refuse a second sale.
  await reconciler.tick();
  const r = await timedCall(t.url, 'PUT', '/api/seats/lock-seat', v, lockBody(v, d));
  expect({ status: r.status, error: r.body.error }).toEqual({ status: 409, error: 'SEAT_NOT_AVAILABLE' });
});

test('kill -9 and restart EMPTY: sold seats are rebuilt from PostgreSQL and never offered again', async () => {
  const db = t.app.get(DataSource);
  const [e] = row(10) as [PlanInfo['seats'][number]];
  await sellInDatabase(db, PID, [ref(e)], visitor());
  await killRedis();
  const v = visitor();
  const down = await timedCall(t.url, 'PUT', '/api/seats/lock-seat', v, lockBody(v, e));
  expect({ status: down.status, retryAfter: down.retryAfter !== null }).toEqual({ status: 503, retryAfter: true });
  redis = await services.startRedis({ dir: redisDir(), port: redis.port });
  await until(async () => (await timedCall(t.url, 'GET', '/api/health', v)).status === 200, 15_000, 'health');
  const r = await timedCall(t.url, 'PUT', '/api/seats/lock-seat', v, lockBody(v, e));
  expect({ status: r.status, error: r.body.error }).toEqual({ status: 409, error: 'SEAT_NOT_AVAILABLE' });
  expect(statusOf((await status(t.url, v, PID)).rows, 1, e.XCoordinate, e.YCoordinate)).toBe(SeatStatus.Sold);
});

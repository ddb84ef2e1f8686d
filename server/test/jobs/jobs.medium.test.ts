import Redis from 'ioredis';
import type { JobMetrics, JobsHealthResponse } from '@hotline/shared';
import { waitFor } from '../booking/support/booking-kit';
import { createTestDatabase, startTestApp, testRedisUrl, type TestApp, type TestDatabase } from '../support/test-env';

const ALL_JOBS = [
  'event-cancellations',
  'hold-release',
  'limit-claim-purge',
  'on-sale-refresh',
  'outbox',
  'payment-recovery',
  'queue-seen-refresh',
  'queue-ticker',
  'seat-feed-evict',
  'seat-plan-move-recovery',
  'seat-reconciler',
  'seat-stream-check',
  'seat-sweeper',
];

async function jobs(app: TestApp): Promise<Record<string, JobMetrics>> {
  const r = await fetch(`${app.url}/api/health/jobs`);
  expect(r.status).toBe(200);
  const body = (await r.json()) as JobsHealthResponse;
  return Object.fromEntries(body.jobs.map((j) => [j.name, j]));
}

/**
 * The real application on two nodes (one PostgreSQL, one Redis prefix): every periodic job is registered with
 * the one scheduler and reported at /api/health/jobs; a cluster job's scheduled passes run on the node holding its
 * Redis lease, and the lease moves to the other node when the holder stops.
 */
describe('periodic jobs of a running node', () => {
  let db: TestDatabase;
  let a: TestApp;
  let aClosed = false;
  let b: TestApp | null = null;
  let redis: Redis;
  const fast = { RECOVERY_INTERVAL_MS: '100', OUTBOX_POLL_MS: '100', SEAT_SWEEP_INTERVAL_MS: '50' };

  beforeAll(async () => {
    db = await createTestDatabase();
    a = await startTestApp(fast, db);
    redis = new Redis(testRedisUrl());
  });
  afterAll(async () => {
    redis.disconnect();
    await b?.close();
    if (!aClosed) await a.close();
    await db.drop();
  });

  test('every job is listed with its period and lease, and they run', async () => {
    const before = await jobs(a);
    expect(Object.keys(before).sort()).toEqual(ALL_JOBS);
    expect(before['seat-sweeper']).toMatchObject({ everyMs: 50, lease: 'none' });
    // The one recovery loop ticks at its kinds' shortest period (the commit's and the hold payment's here).
    expect(before['payment-recovery']).toMatchObject({ everyMs: 100, lease: 'cluster' });
    expect(before['outbox']).toMatchObject({ everyMs: 100, lease: 'none' });
    const ran = await waitFor(async () => {
      const now = await jobs(a);
      return now['seat-sweeper']!.runs > 2 && now['outbox']!.runs > 2 && now['payment-recovery']!.runs > 2 && now;
    }, 30_000);
    expect(ran['seat-sweeper']).toMatchObject({ failures: 0, lastErrorAt: null });
    expect(ran['seat-sweeper']!.lastSuccessAt).toEqual(expect.any(String));
    expect(ran['seat-sweeper']!.lastDurationMs).toEqual(expect.any(Number));
  });

  test('a cluster job runs where the lease is; when that node stops, the other takes the lease over', async () => {
    b = await startTestApp({ ...fast, REDIS_PREFIX: a.config.REDIS_PREFIX }, db);
    const key = `${a.config.REDIS_PREFIX}jobs:lease:payment-recovery`;
    // a held the lease before b started: b's scheduled passes are skipped while a renews it.
    await waitFor(async () => (await jobs(b!))['payment-recovery']!.leaseSkips > 2, 30_000);
    const holder = await redis.get(key);
    expect(holder).toEqual(expect.any(String));
    // Node-local jobs run on both.
    await waitFor(async () => (await jobs(b!))['seat-sweeper']!.runs > 2, 30_000);

    const runsOfB = (await jobs(b))['payment-recovery']!.runs;
    await a.close();
    aClosed = true;
    await waitFor(async () => (await jobs(b!))['payment-recovery']!.runs > runsOfB + 2, 30_000);
    expect(await redis.get(key)).not.toBe(holder);
  });
});

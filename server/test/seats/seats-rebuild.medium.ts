import { rmSync } from 'node:fs';
import path from 'node:path';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { SeatStatus } from '@hotline/shared';
import { SeatEngineService } from '../../src/seats/seat-engine.service';
import { SeatReconciler } from '../../src/seats/seat-reconciler';
import { startTestApp, type TestApp } from '../support/test-env';
import { loadPlan, lock, seatInput, status, statusOf, visitor, Watcher, type PlanInfo } from './support/seat-kit';

jest.mock('../../src/botcheck/botcheck.module', () => jest.requireActual('./support/bot-check-double'));

/**
 * Redis loses everything (FLUSHALL on this test's own redis-server): the
 * presentation's state is rebuilt from PostgreSQL before it is served again, so
 * sold seats stay sold, and watchers are moved to the new history by a snapshot.
 */
interface RedisService {
  url: string;
  stop(): Promise<void>;
}
let redisService: RedisService;
let t: TestApp;
let info: PlanInfo;
let redisDir: string;

beforeAll(async () => {
  const services = (await import(path.join(__dirname, '../../../scripts/services.mjs'))) as {
    startRedis(o: { dir: string }): Promise<RedisService>;
    ROOT: string;
  };
  redisDir = path.join(services.ROOT, '.tmp', `seats-rebuild-${process.pid}`);
  redisService = await services.startRedis({ dir: redisDir });
  t = await startTestApp({ REDIS_URL: redisService.url });
  info = await loadPlan(t.url, 7);
});
afterAll(async () => {
  await t?.close();
  await redisService?.stop();
  if (redisDir) rmSync(redisDir, { recursive: true, force: true });
});

async function sellInDatabase(
  db: DataSource,
  presentationId: number,
  seats: { sectionId: number; x: number; y: number }[],
  visitorId: string,
) {
  const ticket = (
    await db.query(
      'SELECT t.id FROM ticket t JOIN ticket_group g ON g.id = t.ticket_group_id WHERE g.presentation_id = $1 LIMIT 1',
      [presentationId],
    )
  )[0].id;
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const [res] = await db.query(
    `INSERT INTO reservation (identifier, document_key, visitor_id, state, total_agorot) VALUES ($1, $2, $3, 'paid', 0) RETURNING id`,
    [`R-${stamp}`, `D-${stamp}`, visitorId],
  );
  for (const [i, s] of seats.entries()) {
    await db.query(
      `INSERT INTO reservation_ticket (reservation_id, identifier, presentation_id, section_id, x, y, ticket_id, amount_agorot) VALUES ($1,$2,$3,$4,$5,$6,$7,0)`,
      [res.id, `T-${stamp}-${i}`, presentationId, s.sectionId, s.x, s.y, ticket],
    );
  }
}

test('after FLUSHALL the seats sold in PostgreSQL are still sold, and watchers get the new state', async () => {
  const db = t.app.get(DataSource);
  const engine = t.app.get(SeatEngineService);
  const buyer = visitor();
  const row = info.seats.filter((s) => s.YCoordinate === 6 && !s.features.includes(1));
  const [a, b, c, d] = row as [(typeof row)[0], (typeof row)[0], (typeof row)[0], (typeof row)[0]];
  // a, b: the full path - lock, commit the sale to PostgreSQL, then markSold.
  for (const s of [a, b])
    expect((await lock(t.url, buyer, seatInput(info, 1, s.XCoordinate, s.YCoordinate))).status).toBe(200);
  const sold = [a, b].map((s) => ({ sectionId: 1, x: s.XCoordinate, y: s.YCoordinate }));
  await sellInDatabase(db, 7, sold, buyer);
  await engine.markSold(7, buyer, sold);
  // c: sold in PostgreSQL only (e.g. by another channel); d: merely locked.
  await sellInDatabase(db, 7, [{ sectionId: 1, x: c.XCoordinate, y: c.YCoordinate }], visitor());
  expect((await lock(t.url, visitor(), seatInput(info, 1, d.XCoordinate, d.YCoordinate))).status).toBe(200);

  const watcher = new Watcher(t.url, 7);
  await watcher.subscribe();
  const before = await status(t.url, visitor(), 7);
  expect(statusOf(before.rows, 1, a.XCoordinate, a.YCoordinate)).toBe(SeatStatus.Sold);

  const admin = new Redis(redisService.url);
  await admin.flushall();
  await admin.quit();

  const after = await status(t.url, visitor(), 7);
  expect(statusOf(after.rows, 1, a.XCoordinate, a.YCoordinate)).toBe(SeatStatus.Sold);
  expect(statusOf(after.rows, 1, b.XCoordinate, b.YCoordinate)).toBe(SeatStatus.Sold);
  expect(statusOf(after.rows, 1, c.XCoordinate, c.YCoordinate)).toBe(SeatStatus.Sold);
  // Locks are not durable: a lost lock is simply free again.
  expect(statusOf(after.rows, 1, d.XCoordinate, d.YCoordinate)).toBe(SeatStatus.Available);
  // The new history starts above the old one, so no client can mistake old versions for new.
  expect(after.version).toBeGreaterThan(before.version);
  // Sold seats cannot be locked after the rebuild.
  expect((await lock(t.url, visitor(), seatInput(info, 1, c.XCoordinate, c.YCoordinate))).body.error).toBe(
    'SEAT_NOT_AVAILABLE',
  );
  // The watcher was moved over with a snapshot of the rebuilt state.
  await watcher.until(() => watcher.snapshots.length >= 2);
  await watcher.until(() => watcher.statusOf(1, d.XCoordinate, d.YCoordinate) === SeatStatus.Available);
  expect(watcher.statusOf(1, c.XCoordinate, c.YCoordinate)).toBe(SeatStatus.Sold);
  watcher.close();
});

test('concurrent first requests after a flush rebuild once', async () => {
  const admin = new Redis(redisService.url);
  await admin.flushall();
  const results = await Promise.all(Array.from({ length: 20 }, () => status(t.url, visitor(), 7)));
  expect(new Set(results.map((r) => r.version)).size).toBe(1);
  await admin.quit();
});

test('the periodic reconciliation marks sold what PostgreSQL sold and Redis missed, without any lock', async () => {
  const db = t.app.get(DataSource);
  const reconciler = t.app.get(SeatReconciler);
  const v = visitor();
  await status(t.url, v, 7); // live state exists
  await reconciler.tick(); // the boot-time full pass is done; the next passes read recent tickets only
  const [s] = info.seats.filter((x) => x.YCoordinate === 3 && !x.features.includes(1));
  await sellInDatabase(db, 7, [{ sectionId: 1, x: s!.XCoordinate, y: s!.YCoordinate }], visitor());
  expect(statusOf((await status(t.url, v, 7)).rows, 1, s!.XCoordinate, s!.YCoordinate)).toBe(SeatStatus.Available);
  const before = reconciler.stats.repaired;
  await reconciler.tick();
  expect(reconciler.stats.repaired).toBe(before + 1);
  expect(statusOf((await status(t.url, v, 7)).rows, 1, s!.XCoordinate, s!.YCoordinate)).toBe(SeatStatus.Sold);
  // Idempotent: another pass (or another node's) changes nothing.
  await reconciler.tick();
  expect(reconciler.stats.repaired).toBe(before + 1);
});

import { Client } from 'pg';
import { HoldsRepository } from '../../src/holds/holds.repository';
import { HoldReleaseJob } from '../../src/holds/hold-release.job';
import { startTestApp, type TestApp } from '../support/test-env';
import { NaiveHoldsRepository, twoPartyBarrier } from '../support/naive-holds.repository';
import { count } from '../booking/support/booking-kit';
import { seedDueHolds, shopper } from './support/hold-kit';

const HOLDS = 300;
/** Cinema presentations 1..4 (one plan): enough free seats for HOLDS one-seat holds. */
const PRESENTATIONS = [1, 2, 3, 4];
const NO_TIMERS = { HOLD_RELEASE_INTERVAL_MS: '0', RECOVERY_INTERVAL_MS: '0', HOLD_RELEASE_BATCH: '50' };

/**
 * The release sweep on two server nodes (two applications on one PostgreSQL and one Redis prefix) releases every
 * due hold exactly once: the nodes' counts add up to the number of holds, and every seat is back on sale in Redis.
 * Control run: the same two nodes with the sweep's guard taken out (NaiveHoldsRepository: plain SELECT, UPDATE
 * without re-checking 'held') release the same holds twice.
 */
describe('hold release sweep across two nodes', () => {
  let a: TestApp;
  let b: TestApp;
  let sql: Client;

  beforeAll(async () => {
    a = await startTestApp(NO_TIMERS);
    b = await startTestApp({ ...NO_TIMERS, REDIS_PREFIX: a.config.REDIS_PREFIX }, a.db);
    sql = new Client({ connectionString: a.db.url });
    await sql.connect();
  });
  afterAll(async () => {
    await sql.end();
    await b.close();
    await a.close();
  });

  test('each hold is released exactly once, whichever node gets it, and its seat is back on sale', async () => {
    expect(await seedDueHolds(sql, HOLDS, PRESENTATIONS, 'N')).toBe(HOLDS);
    // The live map of every presentation is built now (from PostgreSQL: the held seats are taken).
    const viewer = await shopper(a.url, sql);
    const status = async (pid: number) => {
      const r = await viewer.client.call(
        'GET',
        `/api/seats/seats-status?presentationId=${pid}&venueTypeId=1&isReserved=1&recaptchaToken=${encodeURIComponent(viewer.token)}`,
      );
      return r.body.seats as number[][];
    };
    const soldBefore = (await Promise.all(PRESENTATIONS.map(status))).flat().filter((r) => r[6] === 4).length;
    expect(soldBefore).toBeGreaterThanOrEqual(HOLDS);

    const [ra, rb] = await Promise.all([a.app.get(HoldReleaseJob).runOnce(), b.app.get(HoldReleaseJob).runOnce()]);
    expect(ra.released + rb.released).toBe(HOLDS);
    expect(await count(sql, `SELECT count(*) FROM hold_order WHERE state = 'released'`)).toBe(HOLDS);
    expect(await count(sql, `SELECT count(*) FROM hold_order WHERE NOT seats_released`)).toBe(0);
    expect(
      await count(sql, `SELECT count(*) FROM reservation WHERE identifier LIKE 'HBN%' AND state = 'cancelled'`),
    ).toBe(HOLDS);
    expect(ra.seats + rb.seats).toBe(HOLDS);
    const soldAfter = (await Promise.all(PRESENTATIONS.map(status))).flat().filter((r) => r[6] === 4).length;
    expect(soldBefore - soldAfter).toBe(HOLDS);

    // A second pass on either node finds nothing.
    const [again1, again2] = await Promise.all([
      a.app.get(HoldReleaseJob).runOnce(),
      b.app.get(HoldReleaseJob).runOnce(),
    ]);
    expect(again1.released + again2.released).toBe(0);
  });

  test('a restarted node releases what was due while no node ran (the schedule is PostgreSQL, not a timer)', async () => {
    expect(await seedDueHolds(sql, 20, PRESENTATIONS, 'R')).toBe(20);
    await b.close();
    b = await startTestApp({ ...NO_TIMERS, REDIS_PREFIX: a.config.REDIS_PREFIX }, a.db);
    expect((await b.app.get(HoldReleaseJob).runOnce()).released).toBe(20);
  });

  test('control run: without the guard the two nodes release the same holds twice', async () => {
    expect(await seedDueHolds(sql, 100, PRESENTATIONS, 'C')).toBe(100);
    const override = [{ provide: HoldsRepository, useClass: NaiveHoldsRepository }];
    const naiveA = await startTestApp({ ...NO_TIMERS, REDIS_PREFIX: a.config.REDIS_PREFIX }, a.db, override);
    const naiveB = await startTestApp({ ...NO_TIMERS, REDIS_PREFIX: a.config.REDIS_PREFIX }, a.db, override);
    try {
      NaiveHoldsRepository.barrier = twoPartyBarrier();
      const [ra, rb] = await Promise.all([
        naiveA.app.get(HoldReleaseJob).runOnce(),
        naiveB.app.get(HoldReleaseJob).runOnce(),
      ]);
      // Both nodes read the same due holds and both "released" them: 200 releases of 100 holds.
      expect(ra.released + rb.released).toBeGreaterThan(100);
    } finally {
      NaiveHoldsRepository.barrier = null;
      await naiveB.close();
      await naiveA.close();
    }
  });
});

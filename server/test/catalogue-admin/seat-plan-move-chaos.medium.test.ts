import { readFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import {
  addCalendarDays,
  jerusalemDateKey,
  type AdminPresentation,
  type AdminSeatPlanSummary,
  type ApiSeat,
} from '@hotline/shared';
import { SeatPlanMoveRecoveryJob } from '../../src/catalogue-admin/seat-plan-move-recovery.job';
import { SeatEngineService } from '../../src/seats';
import { startFaultyNode, useChaosWorld, type ChaosWorld } from '../support/doomed-server';
import { startTestApp, testRedisUrl, type TestApp } from '../support/test-env';
import { signedIn, StaffBrowser } from '../backoffice/support/staff-kit';
import {
  TEST_CARDS,
  authoriseCard,
  buyer,
  cartOf,
  cartSeat,
  commit,
  loadShow,
  lockAll,
  lockSeat,
  plainSeats,
  type Buyer,
} from '../booking/support/booking-kit';
import { buySeats } from '../customers/support/customer-kit';
import { newFeature, publishedTheatre, regularPrices } from './support/published-theatre';

/**
 * A date moved to another seat-plan version, its process killed (SIGKILL) after the live seat state in Redis was
 * re-keyed to the new version and before PostgreSQL committed the move. PostgreSQL keeps the old version (the
 * transaction died with the process); Redis names the new one. The control: another node without the recovery
 * finds the date inconsistent (the live state's keys are the other version's; a seat in a buyer's cart is free to
 * the next buyer). The recovery job (`seat-plan-move-recovery`) puts the live state back on PostgreSQL's version:
 * the cart's seat is its owner's again and is paid, the sold seat stays sold, and the move can be made again.
 * The reverse direction too: a date already moved to version 2, with a seat sold and two in a cart there, is moved back
 * to version 1 by a node killed at the same step; the recovery rolls the live state back to version 2 and every
 * seat is sold exactly once (none lost, none twice), a lock taken in the window winning over the cart it displaced.
 */
const THEATRE = path.join(__dirname, '../../../seatmaps/venues/theatre.json');

/** A theatre with two published versions of the same places, and a date on version 1 published for sale. */
async function dateWithTwoVersions(
  admin: StaffBrowser,
  code: string,
  name: string,
): Promise<{ v1: number; v2: number; date: AdminPresentation }> {
  const theatre = await publishedTheatre(admin, code, { he: `במה ${name}`, en: `${name} Stage`, ru: '', ar: '' });
  // Version 2: the same places (every one is found again by its names).
  const draft = await admin.call<AdminSeatPlanSummary>(
    'POST',
    `/api/admin/venues/${theatre.venue.id}/seat-plans`,
    JSON.parse(readFileSync(THEATRE, 'utf8')),
  );
  expect((await admin.call('POST', `/api/admin/seat-plans/${draft.body.id}/publish`, { revision: 1 })).status).toBe(
    200,
  );
  const feature = await newFeature(admin, { he: name, en: `The ${name}` });
  const created = await admin.call<{ presentations: AdminPresentation[] }>('POST', '/api/admin/presentations', {
    featureId: feature.id,
    seatPlanId: theatre.plan.id,
    firstDate: addCalendarDays(jerusalemDateKey(new Date()), 40),
    time: '20:00',
    prices: regularPrices(theatre.zones),
  });
  const d = created.body.presentations[0]!;
  const date = (await admin.call('POST', `/api/admin/presentations/${d.id}/publish`, { revision: d.revision })).body;
  return { v1: theatre.plan.id, v2: draft.body.id, date };
}

/** A node armed to die after the live state switched (before PostgreSQL commits), asked to move the date. */
async function killedMove(
  world: ChaosWorld,
  redisPrefix: string,
  session: string,
  date: AdminPresentation,
  toPlanId: number,
): Promise<void> {
  const doomed = await startFaultyNode(
    'after-plan-switch',
    { databaseUrl: world.db.url, redisUrl: testRedisUrl(), redisPrefix },
    { SEAT_PLAN_MOVE_RECOVERY_MS: '0', EVENT_CANCELLATION_INTERVAL_MS: '0' },
  );
  world.doomed = doomed.child;
  const staff = new StaffBrowser(doomed.url);
  staff.sessionCookie = session;
  await staff
    .call('POST', `/api/admin/presentations/${date.id}/seat-plan`, { revision: date.revision, seatPlanId: toPlanId })
    .catch(() => null);
  expect(await doomed.killed).toBe('SIGKILL');
}

/** What to read of a date after the crash: its version, its move records, and how many live keys name each version. */
function dateProbe(sql: ChaosWorld['sql'], dateId: number, v1: number, v2: number) {
  const sectionsOf = async (plan: number) =>
    new Set((await sql.query('SELECT id FROM section WHERE seatplan_id = $1', [plan])).rows.map((r) => Number(r.id)));
  return {
    planOf: async (): Promise<number> =>
      (await sql.query('SELECT seatplan_id FROM presentation WHERE id = $1', [dateId])).rows[0].seatplan_id,
    records: async () =>
      (
        await sql.query('SELECT state, settled_on_plan_id FROM seat_plan_move WHERE presentation_id = $1 ORDER BY id', [
          dateId,
        ])
      ).rows,
    /** Live keys by the version their sections belong to. */
    keysByPlan: async (engine: SeatEngineService) => {
      const [s1, s2] = [await sectionsOf(v1), await sectionsOf(v2)];
      const sections = ((await engine.allLiveSeatKeys(dateId)) ?? []).map((k) => Number(k.split(':')[0]));
      return { v1: sections.filter((x) => s1.has(x)).length, v2: sections.filter((x) => s2.has(x)).length };
    },
    /** The version 2 sections (where every sale must end up). */
    sectionsOf,
  };
}

/**
 * On a healthy node: the date (on version 1, or moved to version 2 first when `movedFirst`) with seat 0 sold and
 * seats 1 and 2 in a buyer's cart. The node is closed before the crash starts; its Redis prefix is the date's world.
 */
async function soldAndCarted(world: ChaosWorld, code: string, name: string, movedFirst: boolean) {
  const redisPrefix = `test:${randomBytes(4).toString('hex')}:`;
  const quiet = { REDIS_PREFIX: redisPrefix, SEAT_PLAN_MOVE_RECOVERY_MS: '0', EVENT_CANCELLATION_INTERVAL_MS: '0' };
  const healthy = await startTestApp(quiet, world.db);
  try {
    const admin = await signedIn(healthy.url, world.sql, 'admin');
    const made = await dateWithTwoVersions(admin, code, name);
    let date = made.date;
    if (movedFirst) {
      // Forward first, on a healthy node: the date on version 2, its record settled there.
      const forward = await admin.call<AdminPresentation>('POST', `/api/admin/presentations/${date.id}/seat-plan`, {
        revision: date.revision,
        seatPlanId: made.v2,
      });
      expect([forward.status, forward.body.seatPlanId]).toEqual([200, made.v2]);
      date = forward.body;
    }
    const show = await loadShow(healthy.url, date.id);
    const seats = plainSeats(show).slice(0, 3);
    await buySeats(healthy.url, show, [seats[0]!], `05${Math.floor(10_000_000 + Math.random() * 89_999_999)}`);
    const holder = await buyer(healthy.url);
    await lockAll(healthy.url, holder, show, [seats[1]!, seats[2]!]);
    return { redisPrefix, quiet, session: admin.sessionCookie, date, v1: made.v1, v2: made.v2, show, seats, holder };
  } finally {
    await healthy.close();
  }
}

describe('chaos: the node moving a date to another plan version is killed between the Redis switch and the commit', () => {
  const world = useChaosWorld();

  test('the control finds Redis on the new version and PostgreSQL on the old; the recovery puts Redis back', async () => {
    const { db, sql } = world;
    // Seat 0 sold; seats 1 and 2 in a buyer's cart; the date on version 1.
    const { redisPrefix, quiet, session, date, v1, v2, show, seats, holder } = await soldAndCarted(
      world,
      'move-chaos',
      'Crash',
      false,
    );

    // The doomed node: dies after the live state switched to version 2, before PostgreSQL commits.
    await killedMove(world, redisPrefix, session, date, v2);
    const probe = dateProbe(sql, date.id, v1, v2);
    const { planOf, records: record } = probe;

    // PostgreSQL: still version 1, the move's record left `switching` (its `committed` died with the transaction).
    expect(await planOf()).toBe(v1);
    expect(await record()).toEqual([{ state: 'switching', settled_on_plan_id: null }]);

    const survivor: TestApp = await startTestApp(quiet, db);
    try {
      const engine = survivor.app.get(SeatEngineService);
      const planOfKeys = () => probe.keysByPlan(engine);

      // The control, without the recovery: Redis holds the cart's seats (and the sold one) under version 2's keys,
      // the date is on version 1, so the cart's seat is free to the next buyer.
      const control = await planOfKeys();
      expect(control.v2).toBeGreaterThanOrEqual(2);
      const intruder = await buyer(survivor.url);
      expect((await lockSeat(survivor.url, intruder, show, seats[1]!)).status).toBe(200);

      // The recovery: the live state back on version 1, nothing of version 2 left; the record settled on version 1.
      const recovered = await survivor.app.get(SeatPlanMoveRecoveryJob).runOnce();
      expect(recovered).toEqual([expect.objectContaining({ presentationId: date.id, planId: v1, rolledBack: true })]);
      expect(await planOfKeys()).toEqual({ v1: expect.any(Number), v2: 0 });
      expect(await record()).toEqual([{ state: 'settled', settled_on_plan_id: v1 }]);
      // The seat still in its owner's cart is theirs: refused to another buyer, paid by its owner.
      const other = await buyer(survivor.url);
      expect((await lockSeat(survivor.url, other, show, seats[2]!)).status).toBe(409);
      expect((await lockSeat(survivor.url, other, show, seats[0]!)).status).toBe(409);
      const cart = cartOf([cartSeat(show, seats[2]!)], { cartIdentifier: randomUUID() });
      const paymentIdentifier = await authoriseCard(survivor.url, holder, TEST_CARDS.approve);
      const paid = await commit(survivor.url, holder, { ...cart, paymentIdentifier });
      expect(paid.status).toBe(201);

      // The move made again on the surviving node: PostgreSQL and Redis both on version 2, the record settled there.
      const admin = new StaffBrowser(survivor.url);
      admin.sessionCookie = session;
      const current = (await admin.call<AdminPresentation>('GET', `/api/admin/presentations/${date.id}`)).body;
      const again = await admin.call<AdminPresentation>('POST', `/api/admin/presentations/${date.id}/seat-plan`, {
        revision: current.revision,
        seatPlanId: v2,
      });
      expect([again.status, again.body.seatPlanId]).toEqual([200, v2]);
      expect(await planOf()).toBe(v2);
      expect(await planOfKeys()).toEqual({ v1: 0, v2: expect.any(Number) });
      expect((await record()).map((r) => r.state)).toEqual(['settled', 'settled']);
    } finally {
      await survivor.close();
    }
  });

  test('the reverse move (back from version 2 to 1) killed after its switch: rolled back, no seat sold twice or lost', async () => {
    const { db, sql } = world;
    // Sold and carted on version 2's seats: seat 0 sold, seats 1 and 2 in a buyer's cart.
    const { redisPrefix, quiet, session, date, v1, v2, show, seats, holder } = await soldAndCarted(
      world,
      'move-chaos-back',
      'Return',
      true,
    );
    const liveTickets = async () =>
      (
        await sql.query(
          `SELECT section_id, x, y, count(*)::int AS n FROM reservation_ticket
            WHERE presentation_id = $1 AND status = 'live' GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
          [date.id],
        )
      ).rows.map((r) => ({ key: `${r.section_id}:${r.x}:${r.y}`, n: r.n }));
    const soldBefore = await liveTickets();
    expect(soldBefore).toEqual([
      { key: `${seats[0]!.VenueSectionId}:${seats[0]!.XCoordinate}:${seats[0]!.YCoordinate}`, n: 1 },
    ]);

    // The doomed node moves the date back to version 1 and dies after the live state switched, before the commit.
    await killedMove(world, redisPrefix, session, date, v1);
    const probe = dateProbe(sql, date.id, v1, v2);
    const { planOf, records } = probe;
    // PostgreSQL stays on version 2 (the sold seat with it); the reverse move's record is left `switching`.
    expect(await planOf()).toBe(v2);
    expect(await liveTickets()).toEqual(soldBefore);
    expect(await records()).toEqual([
      { state: 'settled', settled_on_plan_id: v2 },
      { state: 'switching', settled_on_plan_id: null },
    ]);

    const survivor: TestApp = await startTestApp(quiet, db);
    try {
      const engine = survivor.app.get(SeatEngineService);
      const planOfKeys = () => probe.keysByPlan(engine);
      const s2 = await probe.sectionsOf(v2);

      // The control, before the recovery: the live state names version 1, the date is on version 2, so the seats in
      // the holder's cart look free: an intruder takes seat 1 (the window costs a cart, never a sale).
      const control = await planOfKeys();
      expect(control.v1).toBeGreaterThanOrEqual(2);
      const intruder = await buyer(survivor.url);
      expect((await lockSeat(survivor.url, intruder, show, seats[1]!)).status).toBe(200);

      // The recovery rolls the live state back to version 2, PostgreSQL's; the record settled there.
      const recovered = await survivor.app.get(SeatPlanMoveRecoveryJob).runOnce();
      expect(recovered).toEqual([expect.objectContaining({ presentationId: date.id, planId: v2, rolledBack: true })]);
      expect(await planOfKeys()).toEqual({ v1: 0, v2: expect.any(Number) });
      expect(await records()).toEqual([
        { state: 'settled', settled_on_plan_id: v2 },
        { state: 'settled', settled_on_plan_id: v2 },
      ]);

      // Not lost: the sold seat is still refused to anyone. Not sold twice: seat 1, taken since the crash, is the
      // intruder's (the lock taken on PostgreSQL's version wins); its earlier holder cannot buy it too.
      const other = await buyer(survivor.url);
      expect((await lockSeat(survivor.url, other, show, seats[0]!)).status).toBe(409);
      expect((await lockSeat(survivor.url, other, show, seats[1]!)).status).toBe(409);
      expect((await lockSeat(survivor.url, other, show, seats[2]!)).status).toBe(409);
      const buy = async (who: Buyer, seat: ApiSeat) => {
        const paymentIdentifier = await authoriseCard(survivor.url, who, TEST_CARDS.approve);
        const cart = cartOf([cartSeat(show, seat)], { cartIdentifier: randomUUID() });
        return (await commit(survivor.url, who, { ...cart, paymentIdentifier })).status;
      };
      expect(await buy(holder, seats[2]!)).toBe(201);
      expect(await buy(intruder, seats[1]!)).toBe(201);
      expect(await buy(holder, seats[1]!)).not.toBe(201);
      // Each seat sold once: the three seats, one live ticket each, all on version 2.
      const sold = await liveTickets();
      expect(sold.map((t) => t.n)).toEqual([1, 1, 1]);
      expect(sold.map((t) => t.key).sort()).toEqual(
        seats.map((s) => `${s.VenueSectionId}:${s.XCoordinate}:${s.YCoordinate}`).sort(),
      );
      expect(sold.every((t) => s2.has(Number(t.key.split(':')[0])))).toBe(true);
    } finally {
      await survivor.close();
    }
  });
});

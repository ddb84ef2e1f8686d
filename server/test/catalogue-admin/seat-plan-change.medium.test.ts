import { readFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { addCalendarDays, jerusalemDateKey, type AdminPresentation, type AdminSeatPlanSummary } from '@hotline/shared';
import { SeatPlanChangeRepository } from '../../src/catalogue-admin/seat-plan-change.repository';
import { SeatEngineService } from '../../src/seats';
import type { TestApp } from '../support/test-env';
import type { StaffBrowser } from '../backoffice/support/staff-kit';
import { useCatalogueApp } from './support/catalogue-app';
import { newFeature, publishedTheatre, regularPrices } from './support/published-theatre';

/**
 * A date moved to another published version of its plan. Version 2 of the theatre lacks box-left's last row: a
 * date with a place there sold, held or in a cart is refused with each of them listed in the reader's language and
 * nothing changes; a date whose places all exist in version 2 moves with its tickets, prices and live seat state.
 * The race: a sale of a seat version 2 lacks, written while the move runs, waits for the date's row lock and is then
 * refused; the control run (the move without the row lock) sells that seat on a plan the date no longer has.
 */
const THEATRE = path.join(__dirname, '../../../seatmaps/venues/theatre.json');
let t: TestApp;
let sql: Client;
let admin: StaffBrowser;
let engine: SeatEngineService;
let v1: number;
let v2: number;
let feature: { id: number };
let zones: { id: number }[];
let nextDay = 30;

const app = useCatalogueApp({ env: { EVENT_CANCELLATION_INTERVAL_MS: '0' } });
beforeAll(async () => {
  ({ t, sql, admin } = app);
  engine = t.app.get(SeatEngineService);
  const theatre = await publishedTheatre(admin, 'replan', { he: 'במת הגרסאות', en: 'Version Stage', ru: '', ar: '' });
  v1 = theatre.plan.id;
  zones = theatre.zones;
  // Version 2: the same plan without box-left's last row.
  const doc = JSON.parse(readFileSync(THEATRE, 'utf8'));
  const boxLeft = doc.sections.find((s: { code: string }) => s.code === 'box-left');
  boxLeft.groups[0].rows.pop();
  const draft = await admin.call<AdminSeatPlanSummary>('POST', `/api/admin/venues/${theatre.venue.id}/seat-plans`, doc);
  expect(draft.status).toBe(201);
  const published = await admin.call('POST', `/api/admin/seat-plans/${draft.body.id}/publish`, { revision: 1 });
  expect(published.status).toBe(200);
  v2 = draft.body.id;
  feature = await newFeature(admin, { he: 'הגרסה', en: 'The Version' });
});

/** A published date on version 1. */
async function newDate(): Promise<AdminPresentation> {
  const created = await admin.call<{ presentations: AdminPresentation[] }>('POST', '/api/admin/presentations', {
    featureId: feature.id,
    seatPlanId: v1,
    firstDate: addCalendarDays(jerusalemDateKey(new Date()), nextDay++),
    time: '20:00',
    prices: regularPrices(zones as never),
  });
  expect(created.status).toBe(201);
  const d = created.body.presentations[0]!;
  return (await admin.call('POST', `/api/admin/presentations/${d.id}/publish`, { revision: d.revision })).body;
}

/** A seat of a plan version by its section code, row and seat labels. */
async function seatOf(planId: number, section: string, row: string, seat: string) {
  const { rows } = await sql.query(
    `SELECT s.section_id AS "sectionId", s.x, s.y FROM seat s JOIN section sc ON sc.id = s.section_id
      WHERE s.seatplan_id = $1 AND sc.code = $2 AND s.row_name = $3 AND s.seat_name = $4`,
    [planId, section, row, seat],
  );
  expect(rows).toHaveLength(1);
  return rows[0] as { sectionId: number; x: number; y: number };
}

/** Several seats of one section, one query at a time (one connection). */
async function seatsOf(planId: number, section: string, rowNames: readonly string[], seatNames: readonly string[]) {
  const seats = [];
  for (const [i, row] of rowNames.entries()) seats.push(await seatOf(planId, section, row, seatNames[i]!));
  return seats;
}

/** box-left's last row in version 1 (version 2 lacks it) and a stalls row both versions have. */
async function rows() {
  const { rows: last } = await sql.query(
    `SELECT s.row_name FROM seat s JOIN section sc ON sc.id = s.section_id
      WHERE s.seatplan_id = $1 AND sc.code = 'box-left' ORDER BY s.row_order DESC LIMIT 1`,
    [v1],
  );
  const { rows: stalls } = await sql.query(
    `SELECT s.row_name, s.seat_name FROM seat s JOIN section sc ON sc.id = s.section_id
      WHERE s.seatplan_id = $1 AND sc.code = 'stalls' ORDER BY s.row_order, s.x LIMIT 3`,
    [v1],
  );
  return { lastBoxRow: last[0].row_name as string, stalls: stalls as { row_name: string; seat_name: string }[] };
}

/** A sale written straight to PostgreSQL (paid, or a hold order's held ticket), on `client`. */
async function sell(
  client: Client,
  presentationId: number,
  seat: { sectionId: number; x: number; y: number },
  held = false,
) {
  const stamp = randomUUID();
  const { rows: tickets } = await client.query(
    'SELECT t.id FROM ticket t JOIN ticket_group g ON g.id = t.ticket_group_id WHERE g.presentation_id = $1 LIMIT 1',
    [presentationId],
  );
  await client.query('BEGIN');
  try {
    const { rows: res } = await client.query(
      `INSERT INTO reservation (identifier, document_key, visitor_id, state, total_agorot)
       VALUES ($1, $2, $3, $4, 0) RETURNING id`,
      [`R-${stamp}`, `D-${stamp}`, randomUUID(), held ? 'hold' : 'paid'],
    );
    await client.query(
      `INSERT INTO reservation_ticket (reservation_id, identifier, presentation_id, section_id, x, y, ticket_id, amount_agorot, on_hold)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 0, $8)`,
      [res[0].id, `T-${stamp}`, presentationId, seat.sectionId, seat.x, seat.y, tickets[0].id, held],
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  }
}

/** A seat locked in a buyer's cart through the seat engine. */
async function lockInCart(presentationId: number, seat: { sectionId: number; x: number; y: number }) {
  const layout = await engine.layout(presentationId);
  const s = layout.seats.get(`${seat.sectionId}:${seat.x}:${seat.y}`)!;
  const locked = await engine.lockSeats(randomUUID(), layout, [s]);
  expect(locked.ok).toBe(true);
}

test('a version lacking a sold, a held and a locked place is refused with each listed in the reader’s language; nothing changes', async () => {
  const d = await newDate();
  const { lastBoxRow } = await rows();
  const [sold, held, locked] = await seatsOf(v1, 'box-left', [lastBoxRow, lastBoxRow, lastBoxRow], ['1', '2', '3']);
  await sell(sql, d.id, sold!);
  await sell(sql, d.id, held!, true);
  await lockInCart(d.id, locked!);
  const before = (await engine.snapshot(await engine.layout(d.id))).state;

  const r = await admin.call('POST', `/api/admin/presentations/${d.id}/seat-plan?lang=en`, {
    revision: d.revision,
    seatPlanId: v2,
  });
  expect([r.status, r.body.error]).toEqual([409, 'SEAT_PLAN_SEATS_MISSING']);
  expect(r.body.missing.map((m: { seat: string; kind: string }) => [m.seat, m.kind])).toEqual([
    ['1', 'sold'],
    ['2', 'held'],
    ['3', 'locked'],
  ]);
  expect(r.body.missing[0]).toMatchObject({ section: 'box-left', row: lastBoxRow });
  expect(r.body.missing[2].label).toBe(`section box-left, row ${lastBoxRow}, seat 3 (in a cart)`);
  expect(r.body.message).toContain('3 places sold, held or in a buyer’s cart do not exist in it');
  const he = await admin.call('POST', `/api/admin/presentations/${d.id}/seat-plan`, {
    revision: d.revision,
    seatPlanId: v2,
  });
  expect(he.body.missing[0].label).toBe(`אזור box-left, שורה ${lastBoxRow}, כיסא 1 (נמכר)`);

  const { rows: after } = await sql.query('SELECT seatplan_id, revision FROM presentation WHERE id = $1', [d.id]);
  expect(after[0]).toEqual({ seatplan_id: v1, revision: d.revision });
  expect((await engine.snapshot(await engine.layout(d.id))).state).toEqual(before);
});

test('a version with every occupied place: tickets, prices and the live state follow, audited; the old seats sell no more', async () => {
  const d = await newDate();
  const { stalls } = await rows();
  const names = [stalls.map((s) => s.row_name), stalls.map((s) => s.seat_name)] as const;
  const [a, b, c] = await seatsOf(v1, 'stalls', ...names);
  await sell(sql, d.id, a!);
  await engine.markSold(d.id, 'nobody', [a!]).catch(() => undefined);
  await lockInCart(d.id, b!);
  await engine.setAdminState(d.id, 'b', [c!]);

  const r = await admin.call<AdminPresentation>('POST', `/api/admin/presentations/${d.id}/seat-plan`, {
    revision: d.revision,
    seatPlanId: v2,
  });
  expect(r.status).toBe(200);
  expect([r.body.seatPlanId, r.body.revision]).toEqual([v2, d.revision + 1]);
  const [na, nb, nc] = await seatsOf(v2, 'stalls', ...names);
  const key = (s: { sectionId: number; x: number; y: number }) => `${s.sectionId}:${s.x}:${s.y}`;

  const { rows: tickets } = await sql.query(
    `SELECT section_id AS "sectionId", x, y FROM reservation_ticket WHERE presentation_id = $1 AND status = 'live'`,
    [d.id],
  );
  expect(tickets).toEqual([na]);
  const { rows: groups } = await sql.query(
    'SELECT z.seatplan_id, count(*)::int AS n FROM ticket_group tg JOIN zone z ON z.id = tg.zone_id WHERE tg.presentation_id = $1 GROUP BY 1',
    [d.id],
  );
  expect(groups).toEqual([{ seatplan_id: v2, n: zones.length }]);
  expect(r.body.prices.every((z) => z.tickets.length === 1)).toBe(true);

  const layout = await engine.layout(d.id);
  expect(layout.presentation.seatplanId).toBe(v2);
  const state = (await engine.snapshot(layout)).state;
  expect(state.get(key(na!))).toBe('s');
  expect(state.get(key(nb!))?.startsWith('l|')).toBe(true);
  expect(state.get(key(nc!))).toBe('b');
  for (const old of [a!, b!, c!]) expect(state.has(key(old))).toBe(false);

  const { rows: audit } = await sql.query(
    `SELECT detail FROM audit_log WHERE action = 'presentation-seat-plan' AND subject = $1`,
    [`presentation:${d.id}`],
  );
  expect(audit[0].detail).toMatchObject({ before: { seatPlanId: v1 }, after: { seatPlanId: v2 }, ticketsMoved: 1 });
  // A sale on a version-1 seat (a node still on the old map) is refused by PostgreSQL.
  await expect(sell(sql, d.id, c!)).rejects.toMatchObject({ constraint: 'reservation_ticket_seat_in_plan' });
  const stale = await admin.call('POST', `/api/admin/presentations/${d.id}/seat-plan`, {
    revision: d.revision,
    seatPlanId: v1,
  });
  expect([stale.status, stale.body.error]).toEqual([409, 'STALE_REVISION']);
});

/**
 * The move reads the occupied places, then (the seam) a sale of a seat version 2 lacks starts on another
 * connection. With the row lock the sale waits for the move and is refused; without it, it commits first and the
 * date ends on version 2 with a live ticket on a seat version 2 does not have.
 */
async function raceOnce(lockRow: boolean) {
  const d = await newDate();
  const { lastBoxRow } = await rows();
  const lost = await seatOf(v1, 'box-left', lastBoxRow, '1');
  const repo = t.app.get(SeatPlanChangeRepository);
  const buyer = new Client({ connectionString: t.db.url });
  await buyer.connect();
  let sale: Promise<unknown> = Promise.resolve();
  repo.lockRow = lockRow;
  try {
    const outcome = await repo.changeSeatPlan(
      d.id,
      d.revision,
      v2,
      { read: () => engine.liveSeatKeys(d.id), switchTo: (replan) => engine.replan(d.id, replan) },
      async () => {
        sale = sell(buyer, d.id, lost).then(
          () => 'sold',
          (e: { constraint?: string }) => e.constraint ?? 'failed',
        );
        // Wait until the sale has either finished or is blocked on a lock (never a fixed sleep).
        await Promise.race([sale, waitForLockWait()]);
      },
    );
    return { outcome: outcome.outcome, sale: await sale, lost, d };
  } finally {
    repo.lockRow = true;
    await buyer.end();
  }
}

/** Resolves once some backend waits on a lock (the sale behind the date's row lock). */
async function waitForLockWait(): Promise<void> {
  for (;;) {
    const { rows: waiting } = await sql.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'INSERT INTO reservation_ticket%'`,
    );
    if (waiting[0].n > 0) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

test('race: a sale of a seat the new version lacks, during the move, waits for the row lock and is refused', async () => {
  const { outcome, sale, lost, d } = await raceOnce(true);
  expect([outcome, sale]).toEqual(['changed', 'reservation_ticket_seat_in_plan']);
  const { rows: live } = await sql.query(
    `SELECT count(*)::int AS n FROM reservation_ticket rt WHERE rt.presentation_id = $1 AND rt.status = 'live'
       AND rt.section_id = $2 AND rt.x = $3 AND rt.y = $4`,
    [d.id, lost.sectionId, lost.x, lost.y],
  );
  expect(live[0].n).toBe(0);
});

test('control: without the row lock the same sale commits, and the date sells a seat its plan no longer has', async () => {
  const { outcome, sale, d } = await raceOnce(false);
  expect([outcome, sale]).toEqual(['changed', 'sold']);
  const { rows: orphans } = await sql.query(
    `SELECT count(*)::int AS n FROM reservation_ticket rt JOIN presentation p ON p.id = rt.presentation_id
       JOIN section sc ON sc.id = rt.section_id
      WHERE rt.presentation_id = $1 AND rt.status = 'live' AND sc.seatplan_id <> p.seatplan_id`,
    [d.id],
  );
  expect(orphans[0].n).toBe(1);
});

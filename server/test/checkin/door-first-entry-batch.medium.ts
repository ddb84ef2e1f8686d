import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { AdmissionWriter, type FirstTryResult } from '../../src/checkin/admission-writer';
import { NonceTaken } from '../../src/checkin/checkin.repository';
import { openDataSource } from '../../src/database/data-source';
import { createTestDatabase, type TestDatabase } from '../support/test-env';
import { sellTickets, type SoldTicket } from './door-kit';

/**
 * The first entries of the moment as ONE statement (AdmissionWriter, group commit; docs/door-checkin.md "Cost per
 * scan"). Called at once, the first two go alone (two statements in flight) and the rest wait and go together: their
 * admissions share one transaction id (xmin), which is how these tests see that they were one statement. A ticket
 * being changed meanwhile, or a nonce stored before, sends the batch's scans one by one, which wait and decide as a
 * scan alone does. The control: the batch without the row lock lets a ticket in under its cancellation.
 */
class WithoutRowLock extends AdmissionWriter {
  protected override readonly firstEntryLock = '';
}

let db: TestDatabase;
let ds: DataSource;
let sql: Client;
let presentationId: number;
let staffUserId: number;

beforeAll(async () => {
  db = await createTestDatabase();
  ds = await openDataSource(db.url, 20);
  sql = new Client({ connectionString: db.url });
  await sql.connect();
  const [show] = (
    await sql.query(
      `SELECT p.id FROM presentation p
        WHERE p.business_id = 1 AND p.is_reserved AND p.cancelled_at IS NULL AND p.venue_type_id < 100
          AND EXISTS (SELECT 1 FROM ticket_group g WHERE g.presentation_id = p.id)
        ORDER BY p.id LIMIT 1`,
    )
  ).rows;
  presentationId = show.id;
  // Doors open: the show starts in an hour, doors two hours before.
  await sql.query(
    `UPDATE presentation SET date_time = now() + interval '1 hour', doors_open_minutes = 120 WHERE id = $1`,
    [presentationId],
  );
  staffUserId = (await sql.query(`SELECT id FROM staff_user ORDER BY id LIMIT 1`)).rows[0].id;
});

afterAll(async () => {
  await sql?.end();
  await ds?.destroy();
  await db?.drop();
});

/** Every ticket scanned at once (one call each, none awaited before the last is made). */
function scanAll(writer: AdmissionWriter, tickets: SoldTicket[], nonces = tickets.map(() => randomUUID())) {
  return Promise.allSettled(
    tickets.map((t, i) =>
      writer.firstTry(
        {
          identifier: t.identifier,
          presentationId,
          codePresentationId: presentationId,
          codeSeat: { sectionId: t.sectionId, x: t.x, y: t.y },
          rotating: false,
          at: new Date(),
          gate: `Gate ${i}`,
          device: `phone-${i}`,
        },
        { nonce: nonces[i]!, staffUserId, scannedAt: new Date(), receivedAt: new Date(), offline: false },
      ),
    ),
  );
}

const admittedOf = (results: PromiseSettledResult<FirstTryResult>[]) =>
  results.map((r) =>
    r.status === 'fulfilled' ? r.value.admitted : r.reason instanceof NonceTaken ? 'nonce' : 'error',
  );

/** The admissions of these tickets and how many transactions wrote them. */
async function admissions(tickets: SoldTicket[]): Promise<{ rows: number; transactions: number; scans: number }> {
  const ids = tickets.map((t) => t.id);
  const a = await sql.query(
    `SELECT count(*)::int AS rows, count(DISTINCT xmin::text)::int AS transactions
       FROM checkin_admission WHERE ticket_id = ANY($1::bigint[])`,
    [ids],
  );
  const s = await sql.query(
    `SELECT count(*)::int AS n FROM checkin_scan WHERE ticket_id = ANY($1::bigint[]) AND outcome = 'admitted'
        AND answer->>'outcome' = 'admitted' AND answer->>'ticketIdentifier' IS NOT NULL`,
    [ids],
  );
  return { rows: a.rows[0].rows, transactions: a.rows[0].transactions, scans: s.rows[0].n };
}

test('ten first entries at once: each let in once with its scan row, eight of them in one statement', async () => {
  const tickets = await sellTickets(sql, presentationId, 10);
  const results = await scanAll(new AdmissionWriter(ds), tickets);
  expect(admittedOf(results)).toEqual(tickets.map(() => true));
  expect(await admissions(tickets)).toEqual({ rows: 10, transactions: 3, scans: 10 });
  // Each scan row's answer names its own entry, as the JavaScript answer would (ISO moment, the gate).
  const answers = await sql.query(
    `SELECT s.answer->>'admittedAt' AS "admittedAt", s.answer->>'gate' AS gate, a.admitted_at, a.gate AS "admissionGate"
       FROM checkin_scan s JOIN checkin_admission a ON a.ticket_id = s.ticket_id WHERE s.ticket_id = ANY($1::bigint[])`,
    [tickets.map((t) => t.id)],
  );
  for (const r of answers.rows) {
    expect(r.admittedAt).toBe((r.admitted_at as Date).toISOString());
    expect(r.gate).toBe(r.admissionGate);
  }
  // A ticket in already: the batch admits nobody twice (the rule then answers "already admitted").
  const again = await scanAll(new AdmissionWriter(ds), tickets);
  expect(admittedOf(again)).toEqual(tickets.map(() => false));
  expect((await admissions(tickets)).rows).toBe(10);
});

test('the same ticket at four gates at once: one statement each, one let in', async () => {
  const [ticket] = await sellTickets(sql, presentationId, 1);
  const results = await scanAll(new AdmissionWriter(ds), [ticket!, ticket!, ticket!, ticket!]);
  expect(admittedOf(results).filter((a) => a === true)).toHaveLength(1);
  expect((await admissions([ticket!])).rows).toBe(1);
});

/** `scanned` scanned at once while `cancelled`'s cancellation is under way (committed once a scan waits for it). */
async function scanDuringCancellation(writer: AdmissionWriter, cancelled: SoldTicket, scanned: SoldTicket[]) {
  const other = new Client({ connectionString: db.url });
  await other.connect();
  try {
    await other.query('BEGIN');
    await other.query(`UPDATE reservation_ticket SET status = 'cancelled' WHERE id = $1`, [cancelled.id]);
    let answered = false;
    const pending = scanAll(writer, scanned).finally(() => (answered = true));
    for (let i = 0; i < 500 && !answered; i++) {
      const { rows } = await sql.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%door_ticket%'`,
      );
      if (rows[0].n > 0) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    await other.query('COMMIT');
    return await pending;
  } finally {
    await other.end();
  }
}

// The ticket being cancelled is scanned third, so that it is in the batch (the first two calls go alone).
const cancelledInBatch = (t: SoldTicket[]) => [t[1]!, t[2]!, t[0]!, t[3]!, t[4]!, t[5]!];

test('a ticket being cancelled in the batch: the scans go one by one, it is not let in, the others are', async () => {
  const tickets = await sellTickets(sql, presentationId, 6);
  const results = await scanDuringCancellation(new AdmissionWriter(ds), tickets[0]!, cancelledInBatch(tickets));
  expect(admittedOf(results)).toEqual([true, true, false, true, true, true]);
  expect((await admissions([tickets[0]!])).rows).toBe(0);
  expect((await admissions(tickets)).rows).toBe(5);
});

test('control: the batch without the row lock lets the ticket in under its cancellation', async () => {
  const tickets = await sellTickets(sql, presentationId, 6);
  const results = await scanDuringCancellation(new WithoutRowLock(ds), tickets[0]!, cancelledInBatch(tickets));
  expect(admittedOf(results)).toEqual([true, true, true, true, true, true]);
  expect((await admissions([tickets[0]!])).rows).toBe(1);
});

test('a nonce stored before in the batch: that scan is NonceTaken, the others are let in', async () => {
  const [first, ...rest] = await sellTickets(sql, presentationId, 6);
  const used = randomUUID();
  expect(admittedOf(await scanAll(new AdmissionWriter(ds), [first!], [used]))).toEqual([true]);
  const nonces = rest.map(() => randomUUID());
  nonces[3] = used;
  expect(admittedOf(await scanAll(new AdmissionWriter(ds), rest, nonces))).toEqual([true, true, true, 'nonce', true]);
  expect((await admissions(rest)).rows).toBe(4);
});

test('back in after an exit: let in by the one statement, alone and in a batch, only where the show allows it', async () => {
  const tickets = await sellTickets(sql, presentationId, 4);
  const writer = new AdmissionWriter(ds);
  expect(admittedOf(await scanAll(writer, tickets))).toEqual([true, true, true, true]);
  const firstEntries = (
    await sql.query(
      `SELECT ticket_id::text AS id, admitted_at, gate FROM checkin_admission WHERE ticket_id = ANY($1::bigint[])`,
      [tickets.map((t) => t.id)],
    )
  ).rows as { id: string; admitted_at: Date; gate: string }[];
  const goOut = () =>
    sql.query(`UPDATE checkin_admission SET inside = false WHERE ticket_id = ANY($1::bigint[])`, [
      tickets.map((t) => t.id),
    ]);
  await goOut();
  // No re-entry at this show: outside stays outside (the transaction then answers).
  expect(admittedOf(await scanAll(writer, tickets))).toEqual([false, false, false, false]);
  await sql.query(`UPDATE presentation SET reentry_allowed = true WHERE id = $1`, [presentationId]);
  try {
    // The first two alone, the last two as one statement.
    const back = await scanAll(writer, [...tickets].reverse());
    expect(admittedOf(back)).toEqual([true, true, true, true]);
    back.forEach((r, i) => {
      const ticket = [...tickets].reverse()[i]!;
      const record = firstEntries.find((e) => e.id === ticket.id)!;
      expect(r.status === 'fulfilled' && r.value.first).toEqual({ admittedAt: record.admitted_at, gate: record.gate });
    });
    const inside = await sql.query(
      `SELECT count(*)::int AS n FROM checkin_admission WHERE ticket_id = ANY($1::bigint[]) AND inside`,
      [tickets.map((t) => t.id)],
    );
    expect(inside.rows[0].n).toBe(4);
    // In already: nobody let in twice.
    expect(admittedOf(await scanAll(writer, tickets))).toEqual([false, false, false, false]);
  } finally {
    await sql.query(`UPDATE presentation SET reentry_allowed = false WHERE id = $1`, [presentationId]);
  }
});

test('an exit is one statement: recorded outside with its scan row only when inside at a show with re-entry', async () => {
  const [ticket] = await sellTickets(sql, presentationId, 1);
  const writer = new AdmissionWriter(ds);
  expect(admittedOf(await scanAll(writer, [ticket!]))).toEqual([true]);
  const out = () =>
    writer.exitTry(
      {
        identifier: ticket!.identifier,
        presentationId,
        codePresentationId: null,
        codeSeat: null,
        rotating: false,
        at: new Date(),
        gate: 'Exit 1',
        device: 'phone-out',
      },
      { nonce: randomUUID(), staffUserId, scannedAt: new Date(), receivedAt: new Date(), offline: false },
    );
  // No re-entry at this show: the statement lets nobody out (the transaction answers "exit not allowed").
  expect((await out()).exited).toBe(false);
  await sql.query(`UPDATE presentation SET reentry_allowed = true WHERE id = $1`, [presentationId]);
  try {
    const first = (
      await sql.query(`SELECT admitted_at, gate FROM checkin_admission WHERE ticket_id = $1`, [ticket!.id])
    ).rows[0];
    const exited = await out();
    expect(exited).toMatchObject({ exited: true, first: { admittedAt: first.admitted_at, gate: first.gate } });
    const rows = await sql.query(
      `SELECT a.inside, s.outcome, s.direction, s.answer->>'outcome' AS answered
         FROM checkin_admission a JOIN checkin_scan s ON s.ticket_id = a.ticket_id
        WHERE a.ticket_id = $1 AND s.direction = 'out'`,
      [ticket!.id],
    );
    expect(rows.rows).toEqual([{ inside: false, outcome: 'exited', direction: 'out', answered: 'exited' }]);
    // Outside already: nobody let out twice.
    expect((await out()).exited).toBe(false);
  } finally {
    await sql.query(`UPDATE presentation SET reentry_allowed = false WHERE id = $1`, [presentationId]);
  }
});

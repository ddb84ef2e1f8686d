import type { ApiPresentation } from '@hotline/shared';
import { DataSource } from 'typeorm';
import { startTestApp, type TestApp } from './support/test-env';

/**
 * The catalogue marks "last seats" and sold-out presentations. The server decides from PostgreSQL's live
 * tickets and the plan's capacity; the soldout flag still wins.
 */
let t: TestApp;
let db: DataSource;

beforeAll(async () => {
  t = await startTestApp();
  db = t.app.get(DataSource);
});
afterAll(async () => {
  await t?.close();
});

async function presentation(id: number): Promise<ApiPresentation> {
  const response = await fetch(`${t.url}/api/presentations/${id}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { presentation: ApiPresentation }).presentation;
}

async function listed(id: number): Promise<ApiPresentation> {
  const response = await fetch(`${t.url}/api/presentations/`);
  const { presentations } = (await response.json()) as { presentations: ApiPresentation[] };
  return presentations.find((p) => p.id === id)!;
}

/** Sells `seats` of the presentation in PostgreSQL (as a commit would), returning the ticket ids. */
async function sell(presentationId: number, seats: { section_id: number; x: number; y: number }[]): Promise<number[]> {
  const [{ id: ticket }] = await db.query(
    'SELECT t.id FROM ticket t JOIN ticket_group g ON g.id = t.ticket_group_id WHERE g.presentation_id = $1 LIMIT 1',
    [presentationId],
  );
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const [res] = await db.query(
    `INSERT INTO reservation (identifier, document_key, visitor_id, state, total_agorot)
     VALUES ($1, $2, '0f8fad5b-d9cb-469f-a165-70867728950e', 'paid', 0) RETURNING id`,
    [`R-${stamp}`, `D-${stamp}`],
  );
  const ids: number[] = [];
  for (const [i, s] of seats.entries()) {
    const [row] = await db.query(
      `INSERT INTO reservation_ticket (reservation_id, identifier, presentation_id, section_id, x, y, ticket_id, amount_agorot)
       VALUES ($1,$2,$3,$4,$5,$6,$7,0) RETURNING id`,
      [res.id, `T-${stamp}-${i}`, presentationId, s.section_id, s.x, s.y, ticket],
    );
    ids.push(Number(row.id));
  }
  return ids;
}

test('a reserved-only presentation goes available → last seats → sold out as tickets sell, and back when one is cancelled', async () => {
  const [p] = await db.query(
    `SELECT p.id, p.seatplan_id FROM presentation p
      WHERE NOT p.soldout AND NOT EXISTS (SELECT 1 FROM section s WHERE s.seatplan_id = p.seatplan_id AND NOT s.is_reserved)
        AND NOT EXISTS (SELECT 1 FROM reservation_ticket rt WHERE rt.presentation_id = p.id)
      ORDER BY (SELECT seat_count FROM seatplan WHERE id = p.seatplan_id), p.id LIMIT 1`,
  );
  const seats: { section_id: number; x: number; y: number }[] = await db.query(
    'SELECT section_id, x, y FROM seat WHERE seatplan_id = $1 ORDER BY section_id, y, x',
    [p.seatplan_id],
  );
  const capacity = seats.length;
  const lastSeats = Math.max(1, Math.min(100, Math.ceil(capacity / 10)));
  expect((await presentation(p.id)).availability).toBe('available');

  // One seat more than "last seats" left: still available.
  await sell(p.id, seats.slice(0, capacity - lastSeats - 1));
  expect((await presentation(p.id)).availability).toBe('available');
  await sell(p.id, seats.slice(capacity - lastSeats - 1, capacity - lastSeats));
  expect((await presentation(p.id)).availability).toBe('lastSeats');
  expect((await listed(p.id)).availability).toBe('lastSeats');

  const rest = await sell(p.id, seats.slice(capacity - lastSeats));
  const soldOut = await presentation(p.id);
  expect(soldOut.availability).toBe('soldOut');
  // The flag is the spec's and stays as set; the marker is what the catalogue shows.
  expect(soldOut.soldout).toBe(false);

  await db.query(`UPDATE reservation_ticket SET status = 'cancelled' WHERE id = $1`, [rest[0]]);
  expect((await presentation(p.id)).availability).toBe('lastSeats');
});

test('the soldout flag makes a presentation sold out whatever is left', async () => {
  const [p] = await db.query(`SELECT id FROM presentation WHERE NOT soldout ORDER BY id DESC LIMIT 1`);
  expect((await presentation(p.id)).availability).toBe('available');
  await db.query('UPDATE presentation SET soldout = true WHERE id = $1', [p.id]);
  expect((await presentation(p.id)).availability).toBe('soldOut');
  expect((await listed(p.id)).availability).toBe('soldOut');
});

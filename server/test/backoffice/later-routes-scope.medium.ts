import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { startTestApp, type TestApp } from '../support/test-env';
import { signedIn, StaffBrowser } from './support/staff-kit';

/**
 * Back-office routes added after the first tables (box-office holds, staff order changes): each refuses no
 * session (401), a staff member without its permission (403), and an order of another business (its answer
 * for "not yours": 404 for a hold, 403 STAFF_BUSINESS_SCOPE for an order change) — and changes nothing.
 * back-office.medium.test.ts and reports.medium.ts point here from their route lists.
 */
async function order(sql: Client, businessId: number, state: 'paid' | 'hold'): Promise<string> {
  const { rows: pres } = await sql.query(
    `SELECT p.id, s.section_id, s.x, s.y, t.id AS ticket_id
       FROM presentation p JOIN seat s ON s.seatplan_id = p.seatplan_id
       JOIN ticket_group tg ON tg.presentation_id = p.id AND tg.zone_id = s.zone_id
       JOIN ticket t ON t.ticket_group_id = tg.id
      WHERE p.business_id = $1 AND p.date_time > now()
        AND NOT EXISTS (SELECT 1 FROM reservation_ticket rt WHERE rt.presentation_id = p.id AND rt.section_id = s.section_id
                          AND rt.x = s.x AND rt.y = s.y AND rt.status = 'live')
      ORDER BY p.id, s.id LIMIT 1`,
    [businessId],
  );
  const p = pres[0];
  const identifier = `S${randomUUID().slice(0, 8).toUpperCase()}`;
  const { rows } = await sql.query(
    `INSERT INTO reservation (identifier, document_key, visitor_id, state, customer, total_agorot)
     VALUES ($1, $2, $3, $4, '{"firstName":"A","lastName":"B"}'::jsonb, 4500) RETURNING id`,
    [identifier, randomUUID(), randomUUID(), state],
  );
  await sql.query(
    `INSERT INTO reservation_ticket (reservation_id, identifier, presentation_id, section_id, x, y, ticket_id, amount_agorot)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 4500)`,
    [rows[0].id, `T${randomUUID().slice(0, 12)}`, p.id, p.section_id, p.x, p.y, p.ticket_id],
  );
  return identifier;
}

describe('later back-office routes: session, permission, business', () => {
  let t: TestApp;
  let sql: Client;
  let foreignPaid: string; // business 2
  let foreignHold: string; // business 2

  beforeAll(async () => {
    t = await startTestApp();
    sql = new Client({ connectionString: t.db.url });
    await sql.connect();
    foreignPaid = await order(sql, 2, 'paid');
    foreignHold = await order(sql, 2, 'hold');
  });
  afterAll(async () => {
    await sql.end();
    await t.close();
  });

  const routes = () =>
    [
      ['GET', '/api/backoffice/holds', undefined, 267, null],
      [
        'POST',
        `/api/backoffice/holds/${foreignHold}/pay`,
        { method: 'cash', paymentKey: randomUUID() },
        267,
        [404, 'HOLD_NOT_FOUND'],
      ],
      ['GET', `/api/PRES-live/v2/order-changes/${foreignPaid}`, undefined, 268, [403, 'STAFF_BUSINESS_SCOPE']],
      [
        'GET',
        `/api/PRES-live/v2/order-changes/${foreignPaid}/options?ticket=T1`,
        undefined,
        268,
        [403, 'STAFF_BUSINESS_SCOPE'],
      ],
      [
        'POST',
        `/api/PRES-live/v2/order-changes/${foreignPaid}/swap`,
        { modifiedTickets: [{ TicketIdentifier: 'T1', sectionId: 1, x: 1, y: 1 }] },
        268,
        [403, 'STAFF_BUSINESS_SCOPE'],
      ],
    ] as const;

  test('every route: 401 without a session, 403 without its permission, another business refused', async () => {
    const before = await sql.query(
      `SELECT count(*)::int AS n FROM payment UNION ALL SELECT count(*)::int FROM reservation_ticket WHERE status = 'live'`,
    );
    // One session per role for the whole table (each sign-in is an argon2id check): every call here is refused or reads.
    const producer = await signedIn(t.url, sql, 'producer'); // 266 only
    const cashier = await signedIn(t.url, sql, 'cashier'); // 267 + 268, business 1 only
    for (const [method, path, body, , foreign] of routes()) {
      const anonymous = await new StaffBrowser(t.url).call(method, path, body);
      expect([path, anonymous.status, anonymous.body.error]).toEqual([path, 401, 'STAFF_NOT_SIGNED_IN']);
      const denied = await producer.call(method, path, body);
      expect([path, denied.status, denied.body.error]).toEqual([path, 403, 'STAFF_PERMISSION_DENIED']);
      const r = await cashier.call(method, path, body);
      if (foreign) expect([path, r.status, r.body.error]).toEqual([path, ...foreign]);
      else {
        // The list answers, without any hold of business 2.
        expect(r.status).toBe(200);
        expect(JSON.stringify(r.body)).not.toContain(foreignHold);
      }
    }
    const after = await sql.query(
      `SELECT count(*)::int AS n FROM payment UNION ALL SELECT count(*)::int FROM reservation_ticket WHERE status = 'live'`,
    );
    expect(after.rows).toEqual(before.rows);
  });

  test('the administrator (both businesses) may list holds', async () => {
    const admin = await signedIn(t.url, sql, 'admin');
    const r = await admin.call('GET', '/api/backoffice/holds');
    expect(r.status).toBe(200);
  });
});

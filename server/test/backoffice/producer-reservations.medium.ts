import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { buyer, loadShow, lockSeat, plainSeats, type ShowInfo } from '../booking/support/booking-kit';
import { buySeats } from '../customers/support/customer-kit';
import { startTestApp, type TestApp } from '../support/test-env';
import { StaffBrowser, signedIn } from './support/staff-kit';

/**
 * Producer reservations (permission 268) and sending tickets (267): the list holds only the
 * staff member's businesses' live orders; resend and send-tickets queue messages through the
 * outbox; every route refuses no session, a missing permission and another business's order.
 */
async function order(
  sql: Client,
  businessId: number,
  customer: Record<string, string>,
  state: 'paid' | 'hold' = 'paid',
): Promise<string> {
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
  const identifier = `P${randomUUID().slice(0, 8).toUpperCase()}`;
  const { rows } = await sql.query(
    `INSERT INTO reservation (identifier, document_key, visitor_id, state, customer, total_agorot)
     VALUES ($1, $2, $3, $5, $4::jsonb, 4500) RETURNING id`,
    [identifier, randomUUID(), randomUUID(), JSON.stringify(customer), state],
  );
  await sql.query(
    `INSERT INTO reservation_ticket (reservation_id, identifier, presentation_id, section_id, x, y, ticket_id, amount_agorot)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 4500)`,
    [rows[0].id, `T${randomUUID().slice(0, 12)}`, p.id, p.section_id, p.x, p.y, p.ticket_id],
  );
  return identifier;
}

describe('producer reservations', () => {
  let t: TestApp;
  let sql: Client;
  let home: string; // business 1
  let foreign: string; // business 2

  beforeAll(async () => {
    t = await startTestApp({ CANCELLATION_RECOVERY_MS: '0' });
    sql = new Client({ connectionString: t.db.url });
    await sql.connect();
    home = await order(sql, 1, {
      firstName: 'Noa',
      lastName: 'Cohen',
      email: 'noa@example.com',
      mobileNumber: '0521234567',
    });
    foreign = await order(sql, 2, {
      firstName: 'Avi',
      lastName: 'Levi',
      email: 'avi@example.com',
      mobileNumber: '0549876543',
    });
  });
  afterAll(async () => {
    await sql.end();
    await t.close();
  });

  test('the list holds only your businesses, with state, show time, name and the last four digits of the mobile', async () => {
    const cashier = await signedIn(t.url, sql, 'cashier'); // business 1, 267 + 268
    const r = await cashier.call('GET', '/api/PRES-live/v2/producerReservations');
    expect(r.status).toBe(200);
    const ids = r.body.reservations.map((x: { ReservationIdentifier: string }) => x.ReservationIdentifier);
    expect(ids).toContain(home);
    expect(ids).not.toContain(foreign);
    const mine = r.body.reservations.find((x: { ReservationIdentifier: string }) => x.ReservationIdentifier === home);
    expect(mine).toMatchObject({ ResStateId: 1, CustomerName: 'Noa Cohen', MobileLast4: '4567', Tickets: 1 });
    expect(typeof mine.StartDateTime).toBe('string');
    expect(JSON.stringify(r.body)).not.toContain('0521234567');
  });

  test('a cancelled reservation leaves the list', async () => {
    const id = await order(sql, 1, { firstName: 'Gone', lastName: 'Soon' });
    const admin = await signedIn(t.url, sql, 'admin');
    const list = async () =>
      (await admin.call('GET', '/api/PRES-live/v2/producerReservations')).body.reservations.map(
        (x: { ReservationIdentifier: string }) => x.ReservationIdentifier,
      );
    expect(await list()).toContain(id);
    await sql.query(`UPDATE reservation SET state = 'cancelled' WHERE identifier = $1`, [id]);
    await sql.query(
      `UPDATE reservation_ticket SET status = 'cancelled' WHERE reservation_id = (SELECT id FROM reservation WHERE identifier = $1)`,
      [id],
    );
    expect(await list()).not.toContain(id);
  });

  test('send again queues the confirmation to the order e-mail and mobile, and is audited', async () => {
    const cashier = await signedIn(t.url, sql, 'cashier');
    const r = await cashier.call('GET', `/api/PRES-live/v2/sendResAgain?resId=${home}`);
    expect(r.status).toBe(200);
    const queued = await sql.query(
      `SELECT channel, recipient, template FROM notification_outbox
        WHERE reservation_id = (SELECT id FROM reservation WHERE identifier = $1) ORDER BY channel`,
      [home],
    );
    expect(queued.rows).toEqual([
      { channel: 'email', recipient: 'noa@example.com', template: 'order-confirmation' },
      { channel: 'sms', recipient: '0521234567', template: 'order-confirmation' },
    ]);
    const audit = await sql.query(`SELECT subject FROM audit_log WHERE action = 'resend' ORDER BY id DESC LIMIT 1`);
    expect(audit.rows[0].subject).toBe(`reservation:${home}`);
  });

  test('send tickets by SMS to a number the box office types in (normalised, validated)', async () => {
    const cashier = await signedIn(t.url, sql, 'cashier');
    const ok = await cashier.call('POST', `/api/pres-live/sendTickets/${home}`, { mobileNumber: '052-555-1234' });
    expect(ok.status).toBe(200);
    const sms = await sql.query(`SELECT recipient FROM notification_outbox WHERE recipient = '0525551234'`);
    expect(sms.rows).toHaveLength(1);
    const bad = await cashier.call('POST', `/api/pres-live/sendTickets/${home}`, { mobileNumber: '12' });
    expect(bad.status).toBe(400);
  });

  describe('producer cancel', () => {
    let show: ShowInfo;
    let free: ReturnType<typeof plainSeats>;
    const refundsOf = async (identifier: string) =>
      (
        await sql.query(
          `SELECT sr.amount_agorot FROM sandbox_refund sr
             JOIN payment p ON p.provider_reference = sr.charge_id JOIN reservation r ON r.id = p.reservation_id
            WHERE r.identifier = $1 ORDER BY sr.created_at`,
          [identifier],
        )
      ).rows.map((r: { amount_agorot: number }) => r.amount_agorot);
    const cancel = (who: Awaited<ReturnType<typeof signedIn>>, id: string, isHoldRes = false, lang = 'en') =>
      who.call('POST', `/api/reservations/${id}/producerCancel?lang=${lang}`, { isHoldRes });

    beforeAll(async () => {
      // A business-1 show whose event does NOT let customers cancel: producers may cancel all the same.
      const { rows } = await sql.query(
        `SELECT id FROM presentation WHERE seatplan_id = (SELECT seatplan_id FROM presentation WHERE id = 1)
           AND business_id = 1 AND date_time > now() + interval '1 day' ORDER BY id OFFSET 3 LIMIT 1`,
      );
      await sql.query(`DELETE FROM presentation_cancellation_policy WHERE presentation_id = $1`, [rows[0].id]);
      show = await loadShow(t.url, rows[0].id);
      free = plainSeats(show);
    });

    test('a paid order: full card refund once, seats on sale again, audited, gone from the list', async () => {
      const seats = free.splice(0, 2);
      const paid = await buySeats(t.url, show, seats, '0501234567');
      const { rows } = await sql.query(`SELECT total_agorot FROM reservation WHERE identifier = $1`, [
        paid.reservationIdentifier,
      ]);
      const total: number = rows[0].total_agorot;
      expect((await lockSeat(t.url, await buyer(t.url), show, seats[0]!)).status).not.toBe(200);

      const cashier = await signedIn(t.url, sql, 'cashier'); // business 1, 267 + 268
      const r = await cancel(cashier, paid.reservationIdentifier);
      expect([r.status, r.body]).toEqual([200, { success: true }]);
      expect(await refundsOf(paid.reservationIdentifier)).toEqual([total]);
      const state = await sql.query(
        `SELECT r.state, c.customer_id, c.state AS c_state, c.charge_agorot, c.refund_agorot
           FROM reservation r JOIN cancellation c ON c.reservation_id = r.id WHERE r.identifier = $1`,
        [paid.reservationIdentifier],
      );
      expect(state.rows).toEqual([
        { state: 'cancelled', customer_id: null, c_state: 'done', charge_agorot: 0, refund_agorot: total },
      ]);
      // Both seats are free in Redis at once: another buyer locks them.
      for (const seat of seats) expect((await lockSeat(t.url, await buyer(t.url), show, seat)).status).toBe(200);

      // Replays (one after, two together) refund nothing more and say why in the caller's language.
      const again = await Promise.all([
        cancel(cashier, paid.reservationIdentifier),
        cancel(cashier, paid.reservationIdentifier, false, 'he'),
      ]);
      expect(again.map((x) => x.status)).toEqual([200, 200]);
      expect(again[0]!.body.err).toMatch(/Nothing to cancel/);
      expect(again[1]!.body.err).toMatch(/אין מה לבטל/);
      expect(await refundsOf(paid.reservationIdentifier)).toEqual([total]);

      const audit = await sql.query(`SELECT detail FROM audit_log WHERE action = 'producer-cancel' AND subject = $1`, [
        `reservation:${paid.reservationIdentifier}`,
      ]);
      expect(audit.rows).toHaveLength(1);
      expect(audit.rows[0].detail).toMatchObject({ tickets: 2, refundAgorot: total });
      const list = await cashier.call('GET', '/api/PRES-live/v2/producerReservations');
      expect(
        list.body.reservations.map((x: { ReservationIdentifier: string }) => x.ReservationIdentifier),
      ).not.toContain(paid.reservationIdentifier);
    });

    test('a hold order cancels with isHoldRes (nothing to refund); a wrong isHoldRes is refused with err', async () => {
      const held = await order(sql, 1, { firstName: 'Hold', lastName: 'Me' }, 'hold');
      const cashier = await signedIn(t.url, sql, 'cashier');
      const wrong = await cancel(cashier, held, false);
      expect(wrong.status).toBe(200);
      expect(wrong.body.err).toMatch(/on hold/);
      const ok = await cancel(cashier, held, true);
      expect(ok.body).toEqual({ success: true });
      const r = await sql.query(`SELECT state FROM reservation WHERE identifier = $1`, [held]);
      expect(r.rows[0].state).toBe('cancelled');
    });

    test('an unknown order is 404', async () => {
      const cashier = await signedIn(t.url, sql, 'cashier');
      const r = await cancel(cashier, 'NOSUCHORDER');
      expect([r.status, r.body.error]).toEqual([404, 'RESERVATION_NOT_FOUND']);
    });
  });

  const routes = () =>
    [
      ['GET', '/api/PRES-live/v2/producerReservations?featureId=FEATURE2', 268, undefined],
      ['GET', `/api/PRES-live/v2/sendResAgain?resId=${foreign}`, 268, undefined],
      ['POST', `/api/pres-live/sendTickets/${foreign}`, 267, { mobileNumber: '0521112222' }],
      ['POST', `/api/reservations/${foreign}/producerCancel`, 268, { isHoldRes: false }],
    ] as const;

  test.each([0, 1, 2, 3])('route %i: 401 anonymous, 403 without the permission, 403 on another business', async (i) => {
    const { rows } = await sql.query(
      `SELECT feature_id FROM presentation WHERE business_id = 2 AND feature_id NOT IN
         (SELECT feature_id FROM presentation WHERE business_id = 1) LIMIT 1`,
    );
    const [method, rawPath, permission, body] = routes()[i]!;
    const path = rawPath.replace('FEATURE2', String(rows[0].feature_id));
    const anonymous = await new StaffBrowser(t.url).call(method, path, body);
    expect([anonymous.status, anonymous.body.error]).toEqual([401, 'STAFF_NOT_SIGNED_IN']);
    const producer = await signedIn(t.url, sql, 'producer'); // 266 only
    const denied = await producer.call(method, path, body);
    expect([denied.status, denied.body.error]).toEqual([403, 'STAFF_PERMISSION_DENIED']);
    const cashier = await signedIn(t.url, sql, 'cashier'); // 267 + 268, business 1
    const scoped = await cashier.call(method, path, body);
    expect([scoped.status, scoped.body.error]).toEqual([403, 'STAFF_BUSINESS_SCOPE']);
    void permission;
    // Nothing changed for the refused calls: the other business's order is still live.
    const still = await sql.query(`SELECT state FROM reservation WHERE identifier = $1`, [foreign]);
    expect(still.rows[0].state).toBe('paid');
  });

  test('the table covers every producer-reservation route of the OpenAPI document', async () => {
    const doc = (await (await fetch(`${t.url}/api/docs/json`)).json()) as { paths: Record<string, object> };
    const documented = Object.keys(doc.paths)
      .filter((p) => /producerReservations|sendResAgain|producerCancel|\/api\/pres-live\/sendTickets/.test(p))
      .sort();
    expect(documented).toEqual(
      [
        '/api/PRES-live/v2/producerReservations',
        '/api/PRES-live/v2/sendResAgain',
        '/api/pres-live/sendTickets/{resId}',
        '/api/reservations/{resId}/producerCancel',
      ].sort(),
    );
  });
});

import { Client } from 'pg';
import type { ApiSeat } from '@hotline/shared';
import { buyer, call, loadShow, lockSeat, newVisitor, plainSeats, type ShowInfo } from '../booking/support/booking-kit';
import { signedIn } from '../backoffice/support/staff-kit';
import { cancellableShow, customerClient, logIn } from '../customers/support/customer-kit';
import { PaymentRecoveryJob } from '../../src/payment/payment-recovery.job';
import { OrderChangesRepository } from '../../src/order-changes/order-changes.repository';
import { SeatEngineService } from '../../src/seats/seat-engine.service';
import { SeatStore } from '../../src/seats/seat-store.port';
import { startTestApp, type TestApp } from '../support/test-env';
import { buyAs, keyOfSeat, swap, swapBody } from './swap-kit';

/**
 * Changing the seats of a paid order (docs/order-changes.md) against the real server, PostgreSQL and Redis:
 * ownership, the "same ticket group and price" rule, the atomic swap in both stores, idempotent retries, and a
 * swap that dies half way (inside the PostgreSQL transaction, and between PostgreSQL and Redis).
 */
describe('order changes: swapping seats of a paid order', () => {
  let t: TestApp;
  let sql: Client;
  let show: ShowInfo;
  let free: ApiSeat[];
  const take = (n: number) => free.splice(0, n);

  beforeAll(async () => {
    t = await startTestApp({
      OUTBOX_POLL_MS: '50',
      CUSTOMER_OTP_SENDS_PER_MOBILE_HOUR: '1000',
      CUSTOMER_OTP_GUESSES_PER_MOBILE_HOUR: '1000',
    });
    sql = new Client({ connectionString: t.db.url });
    await sql.connect();
    show = await loadShow(t.url, await cancellableShow(sql));
    const group = plainSeats(show)[0]!.TicketGroupId;
    free = plainSeats(show).filter((s) => s.TicketGroupId === group);
  });
  afterAll(async () => {
    await sql.end();
    await t.close();
  });

  /** Live tickets on these seats in PostgreSQL, by seat key. */
  const liveOn = async (...seats: ApiSeat[]) => {
    const r = await sql.query(
      `SELECT section_id || ':' || x || ':' || y AS k, identifier FROM reservation_ticket
        WHERE presentation_id = $1 AND status = 'live' AND (section_id || ':' || x || ':' || y) = ANY($2::text[])`,
      [show.presentationId, seats.map(keyOfSeat)],
    );
    return new Map(r.rows.map((row: { k: string; identifier: string }) => [row.k, row.identifier]));
  };
  const redisState = async (...seats: ApiSeat[]) => {
    const snap = await t.app.get(SeatStore).snapshot(show.presentationId);
    if (!snap.ok) throw new Error('not initialised');
    return seats.map((s) => (snap.state.get(keyOfSeat(s)) ?? 'a').slice(0, 1));
  };

  test('the buying browser swaps a seat: same ticket and identifier, one PostgreSQL row moved, one Redis version for both seats', async () => {
    const [a, b] = take(2) as [ApiSeat, ApiSeat];
    const order = await buyAs(t.url, show, [a]);
    const store = t.app.get(SeatStore);
    const before = (await store.currentVersion(show.presentationId))!;

    const view = await call(t.url, 'GET', `/api/order-changes/${order.reservationIdentifier}`, order.b.id);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ ChosenSeats: [keyOfSeat(a)], LastTransactionId: null });
    const options = await call(
      t.url,
      'GET',
      `/api/order-changes/${order.reservationIdentifier}/options?ticket=${order.ticketIdentifiers[0]}`,
      order.b.id,
    );
    expect(options.status).toBe(200);
    expect(
      options.body.options.map((o: { sectionId: number; x: number; y: number }) => `${o.sectionId}:${o.x}:${o.y}`),
    ).toContain(keyOfSeat(b));

    const r = await swap(t.url, order.b.id, order.reservationIdentifier, swapBody(order.ticketIdentifiers[0]!, b));
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      ReservationIdentifier: order.reservationIdentifier,
      ChosenSeats: [keyOfSeat(b)],
      swapped: [{ TicketIdentifier: order.ticketIdentifiers[0], from: keyOfSeat(a), to: keyOfSeat(b) }],
    });
    expect(await liveOn(a, b)).toEqual(new Map([[keyOfSeat(b), order.ticketIdentifiers[0]]]));
    const res = await sql.query(`SELECT last_transaction_id FROM reservation WHERE identifier = $1`, [
      order.reservationIdentifier,
    ]);
    expect(res.rows[0].last_transaction_id).toBe(r.body.LastTransactionId);
    expect(await redisState(a, b)).toEqual(['a', 's']);
    // The new seat's lock (one version) and the swap (one version, both seats in the same change).
    const log = (await store.readLog(show.presentationId, before, (await store.currentVersion(show.presentationId))!))!;
    const swapEntry = log.find((e) => e.changes.length === 2)!;
    expect(new Map(swapEntry.changes)).toEqual(
      new Map([
        [keyOfSeat(b), 's'],
        [keyOfSeat(a), 'a'],
      ]),
    );
    // The old seat is on sale again at once; the new one is not.
    expect((await lockSeat(t.url, await buyer(t.url), show, a)).status).toBe(200);
    expect((await lockSeat(t.url, await buyer(t.url), show, b)).status).toBe(409);
    const again = await call(t.url, 'GET', `/api/order-changes/${order.reservationIdentifier}`, order.b.id);
    expect(again.body).toMatchObject({ ChosenSeats: [keyOfSeat(b)], LastTransactionId: r.body.LastTransactionId });
  });

  test('a seat of another ticket group is refused with the spec text, in the asker’s language, and nothing changes', async () => {
    const [a] = take(1) as [ApiSeat];
    // The plan's other zone (the couples' couches) is priced by another ticket group.
    const other = show.seats.find((s) => s.TicketGroupId !== a.TicketGroupId);
    expect(other).toBeDefined();
    const order = await buyAs(t.url, show, [a]);
    const he = await swap(
      t.url,
      order.b.id,
      order.reservationIdentifier,
      swapBody(order.ticketIdentifiers[0]!, other!),
    );
    expect(he.status).toBe(409);
    expect(he.body.error).toBe('DIFFERENT_TICKET_GROUP_OR_PRICE');
    expect(he.body.message).toMatch(/[\u0590-\u05ff]/);
    const en = await swap(
      t.url,
      order.b.id,
      order.reservationIdentifier,
      swapBody(order.ticketIdentifiers[0]!, other!),
      '?lang=en',
    );
    expect(en.body.message).toMatch(/^Different ticket group or price selected/);
    expect(await liveOn(a, other!)).toEqual(new Map([[keyOfSeat(a), order.ticketIdentifiers[0]]]));
    expect(await redisState(a, other!)).toEqual(['s', 'a']);
  });

  test('a ticket of another price in the same group is refused; nothing is locked or written', async () => {
    const [a, b] = take(2) as [ApiSeat, ApiSeat];
    const order = await buyAs(t.url, show, [a]);
    const groupId = show.groupOfZone.get(a.TicketGroupId)!.id;
    const dearer = await sql.query(
      `INSERT INTO ticket (ticket_group_id, name, name_en, price, service_charge)
       SELECT ticket_group_id, 'יקר', 'Dearer', price + 1000, service_charge FROM ticket
        WHERE ticket_group_id = $1 ORDER BY id LIMIT 1 RETURNING id`,
      [groupId],
    );
    const r = await swap(
      t.url,
      order.b.id,
      order.reservationIdentifier,
      swapBody(order.ticketIdentifiers[0]!, b, { ticketId: dearer.rows[0].id }),
    );
    expect(r.status).toBe(409);
    expect(r.body.error).toBe('DIFFERENT_TICKET_GROUP_OR_PRICE');
    expect(await liveOn(a, b)).toEqual(new Map([[keyOfSeat(a), order.ticketIdentifiers[0]]]));
    expect(await redisState(a, b)).toEqual(['s', 'a']);
    expect(await t.app.get(SeatStore).ownerKeys(show.presentationId, order.b.id)).toEqual([]);
  });

  test('someone else’s order answers like a missing one; a logged-in customer may change their own order', async () => {
    const [a, b] = take(2) as [ApiSeat, ApiSeat];
    const order = await buyAs(t.url, show, [a], '0527654321');
    const stranger = await swap(
      t.url,
      newVisitor(),
      order.reservationIdentifier,
      swapBody(order.ticketIdentifiers[0]!, b),
    );
    expect(stranger.status).toBe(404);
    expect(stranger.body.error).toBe('RESERVATION_NOT_FOUND');
    const customer = customerClient(t.url, newVisitor());
    await logIn(customer, sql, { ssn: '000000026', mobile: '0527654321' });
    const r = await customer.call(
      'POST',
      `/api/order-changes/${order.reservationIdentifier}/swap`,
      swapBody(order.ticketIdentifiers[0]!, b),
    );
    expect(r.status).toBe(200);
    expect(await liveOn(a, b)).toEqual(new Map([[keyOfSeat(b), order.ticketIdentifiers[0]]]));
    const change = await sql.query(`SELECT actor FROM reservation_change WHERE transaction_id = $1`, [
      r.body.LastTransactionId,
    ]);
    expect(change.rows[0].actor).toBe('customer');
  });

  test('a seat someone else holds is refused: SEAT_NOT_AVAILABLE, the order keeps its seat (control: without the lock step the swap takes the seat from under the other buyer)', async () => {
    const [a, b, c, d] = take(4) as [ApiSeat, ApiSeat, ApiSeat, ApiSeat];
    const order = await buyAs(t.url, show, [a]);
    const rival = await buyer(t.url);
    expect((await lockSeat(t.url, rival, show, b)).status).toBe(200);
    const r = await swap(t.url, order.b.id, order.reservationIdentifier, swapBody(order.ticketIdentifiers[0]!, b));
    expect(r.status).toBe(409);
    expect(r.body.error).toBe('SEAT_NOT_AVAILABLE');
    expect(await liveOn(a, b)).toEqual(new Map([[keyOfSeat(a), order.ticketIdentifiers[0]]]));
    expect(await redisState(a, b)).toEqual(['s', 'l']);

    // Control run: the same race with the lock step switched off. The swap succeeds and the rival, still in the
    // middle of buying that seat, loses it (their payment would then fail): the lock step is what prevents that.
    const other = await buyAs(t.url, show, [c]);
    expect((await lockSeat(t.url, rival, show, d)).status).toBe(200);
    jest.spyOn(t.app.get(SeatEngineService), 'lockBlock').mockResolvedValueOnce(undefined as never);
    try {
      const raced = await swap(
        t.url,
        other.b.id,
        other.reservationIdentifier,
        swapBody(other.ticketIdentifiers[0]!, d),
      );
      expect(raced.status).toBe(200);
      const holds = await t.app.get(SeatStore).holds(show.presentationId, rival.id, [keyOfSeat(d)]);
      expect(holds).toEqual(['sold']);
    } finally {
      jest.restoreAllMocks();
    }
  });

  test('a retry with the same transaction id answers the same change once; the id with other seats is refused', async () => {
    const [a, b, c] = take(3) as [ApiSeat, ApiSeat, ApiSeat];
    const order = await buyAs(t.url, show, [a]);
    const body = swapBody(order.ticketIdentifiers[0]!, b, { transactionId: 'retry-0001-abcd' });
    const first = await swap(t.url, order.b.id, order.reservationIdentifier, body);
    const second = await swap(t.url, order.b.id, order.reservationIdentifier, body);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    const changes = await sql.query(
      `SELECT count(*)::int AS n FROM reservation_change c JOIN reservation r ON r.id = c.reservation_id WHERE r.identifier = $1`,
      [order.reservationIdentifier],
    );
    expect(changes.rows[0].n).toBe(1);
    const reused = await swap(
      t.url,
      order.b.id,
      order.reservationIdentifier,
      swapBody(order.ticketIdentifiers[0]!, c, { transactionId: 'retry-0001-abcd' }),
    );
    expect(reused.status).toBe(409);
    expect(reused.body.error).toBe('TRANSACTION_ID_REUSED');
  });

  test('staff (permission 268, in scope) change an order even when the event locks changes for buyers; others may not', async () => {
    const [a, b, c] = take(3) as [ApiSeat, ApiSeat, ApiSeat];
    const order = await buyAs(t.url, show, [a]);
    await sql.query(`UPDATE presentation_cancellation_policy SET changes_locked = true WHERE presentation_id = $1`, [
      show.presentationId,
    ]);
    try {
      const locked = await swap(
        t.url,
        order.b.id,
        order.reservationIdentifier,
        swapBody(order.ticketIdentifiers[0]!, c),
      );
      expect(locked.status).toBe(409);
      expect(locked.body.error).toBe('ORDER_CHANGES_LOCKED');
      const producer = await signedIn(t.url, sql, 'producer');
      const denied = await producer.call(
        'POST',
        `/api/PRES-live/v2/order-changes/${order.reservationIdentifier}/swap`,
        swapBody(order.ticketIdentifiers[0]!, b),
      );
      expect(denied.status).toBe(403);
      const cashier = await signedIn(t.url, sql, 'cashier');
      const options = await cashier.call(
        'GET',
        `/api/PRES-live/v2/order-changes/${order.reservationIdentifier}/options?ticket=${order.ticketIdentifiers[0]}`,
      );
      expect(options.status).toBe(200);
      const r = await cashier.call(
        'POST',
        `/api/PRES-live/v2/order-changes/${order.reservationIdentifier}/swap`,
        swapBody(order.ticketIdentifiers[0]!, b),
      );
      expect(r.status).toBe(200);
      expect(await liveOn(a, b)).toEqual(new Map([[keyOfSeat(b), order.ticketIdentifiers[0]]]));
      expect(await redisState(a, b)).toEqual(['a', 's']);
      const change = await sql.query(`SELECT actor, actor_ref FROM reservation_change WHERE transaction_id = $1`, [
        r.body.LastTransactionId,
      ]);
      expect(change.rows[0]).toMatchObject({ actor: 'staff', actor_ref: expect.stringMatching(/^staff:\d+$/) });
    } finally {
      await sql.query(`UPDATE presentation_cancellation_policy SET changes_locked = false WHERE presentation_id = $1`, [
        show.presentationId,
      ]);
    }
  });

  test('the spec’s flags: seats-status modifySeats=1 shows the buyer’s own sold seats as theirs; ticketGroups modifiedTickets offers only same-group, same-price tickets', async () => {
    const [a] = take(1) as [ApiSeat];
    const order = await buyAs(t.url, show, [a]);
    const statusOf = async (visitor: string, extra: string) => {
      const r = await call(
        t.url,
        'GET',
        `/api/seats/seats-status?presentationId=${show.presentationId}&venueTypeId=1&isReserved=1${extra}`,
        visitor,
      );
      expect(r.status).toBe(200);
      return (r.body.seats as number[][]).find(
        (row) => row[0] === a.VenueSectionId && row[2] === a.XCoordinate && row[3] === a.YCoordinate,
      )![6];
    };
    expect(await statusOf(order.b.id, '&modifySeats=1')).toBe(2);
    expect(await statusOf(order.b.id, '')).not.toBe(2);
    expect(await statusOf(newVisitor(), '&modifySeats=1')).not.toBe(2);

    const group = show.groupOfZone.get(a.TicketGroupId)!;
    const bought = group.tickets[0]!;
    const r = await call(
      t.url,
      'GET',
      `/api/presentations/${show.presentationId}/ticketGroups?modifiedTickets=${bought.id}`,
      newVisitor(),
    );
    expect(r.status).toBe(200);
    expect(r.body.ticketGroups.map((g: { id: number }) => g.id)).toEqual([group.id]);
    for (const ticket of r.body.ticketGroups[0].tickets) {
      expect(ticket).toMatchObject({ price: bought.price, serviceCharge: bought.serviceCharge });
    }
    expect(r.body.ticketGroups[0].voucherTickets).toEqual([]);
    const bad = await call(
      t.url,
      'GET',
      `/api/presentations/${show.presentationId}/ticketGroups?modifiedTickets=x`,
      newVisitor(),
    );
    expect(bad.status).toBe(400);
  });

  test('targets: every seat of the same ticket group the ticket may move to, sold ones included, never the order’s own or a couch; only the buyer (or a customer logged in as them) may ask', async () => {
    const [a, b, c] = take(3) as [ApiSeat, ApiSeat, ApiSeat];
    const order = await buyAs(t.url, show, [a, b], '0527654321');
    const someoneElse = await buyAs(t.url, show, [c]);
    const path = `/api/order-changes/${order.reservationIdentifier}/targets?ticket=${order.ticketIdentifiers[0]}`;
    const r = await call(t.url, 'GET', path, order.b.id);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ TicketIdentifier: order.ticketIdentifiers[0], TicketGroupId: expect.any(Number) });
    const flat = r.body.seats as number[];
    expect(flat.length % 3).toBe(0);
    const keys = new Set<string>();
    for (let k = 0; k < flat.length; k += 3) keys.add(`${flat[k]}:${flat[k + 1]}:${flat[k + 2]}`);
    // The whole group, not a page of it: no 400 cap, so the far end of the hall is there as well as the near one.
    const sameGroup = plainSeats(show).filter((s) => s.TicketGroupId === a.TicketGroupId);
    const missing = sameGroup.filter((s) => s !== a && s !== b && !keys.has(keyOfSeat(s)));
    expect(missing).toEqual([]);
    expect(keys.has(keyOfSeat(a))).toBe(false);
    expect(keys.has(keyOfSeat(b))).toBe(false);
    // Sold to someone else this second, but the rule allows it: the map greys it by its live state, not by this list.
    expect(keys.has(keyOfSeat(c))).toBe(true);
    const couch = show.seats.find((s) => s.TicketGroupId !== a.TicketGroupId)!;
    expect(keys.has(keyOfSeat(couch))).toBe(false);

    // Someone else's order answers like a missing one, with nothing of the hall in it.
    const stranger = await call(t.url, 'GET', path, newVisitor());
    expect(stranger.status).toBe(404);
    expect(stranger.body).toEqual({
      error: 'RESERVATION_NOT_FOUND',
      message: expect.any(String),
      requestId: expect.any(String),
    });
    const otherBuyer = await call(t.url, 'GET', path, someoneElse.b.id);
    expect(otherBuyer.status).toBe(404);
    // A ticket that is not in the order, and a bad query, are 4xx too.
    const wrongTicket = await call(
      t.url,
      'GET',
      `/api/order-changes/${order.reservationIdentifier}/targets?ticket=${someoneElse.ticketIdentifiers[0]}`,
      order.b.id,
    );
    expect(wrongTicket.status).toBe(404);
    expect(wrongTicket.body.error).toBe('TICKET_NOT_IN_ORDER');
    const noTicket = await call(t.url, 'GET', `/api/order-changes/${order.reservationIdentifier}/targets`, order.b.id);
    expect(noTicket.status).toBe(400);
    // The customer-area login is the other proof.
    const customer = customerClient(t.url, newVisitor());
    await logIn(customer, sql, { ssn: '000000026', mobile: '0527654321' });
    const byLogin = await customer.call('GET', path);
    expect(byLogin.status).toBe(200);
    expect(byLogin.body.seats).toEqual(flat);
  });

  describe('a swap that dies half way leaves exactly one of the two seats sold', () => {
    afterEach(() => jest.restoreAllMocks());

    test('dying inside the PostgreSQL transaction (after the ticket row moved): rolled back, the old seat stays sold, the new one is free', async () => {
      const [a, b] = take(2) as [ApiSeat, ApiSeat];
      const order = await buyAs(t.url, show, [a]);
      jest
        .spyOn(t.app.get(OrderChangesRepository), 'recordChange')
        .mockRejectedValueOnce(Object.assign(new Error('connection terminated'), { code: '57P01' }));
      const r = await swap(t.url, order.b.id, order.reservationIdentifier, swapBody(order.ticketIdentifiers[0]!, b));
      expect(r.status).toBeGreaterThanOrEqual(500);
      expect(await liveOn(a, b)).toEqual(new Map([[keyOfSeat(a), order.ticketIdentifiers[0]]]));
      expect(await redisState(a, b)).toEqual(['s', 'a']);
      expect((await lockSeat(t.url, await buyer(t.url), show, b)).status).toBe(200);
    });

    test('dying between PostgreSQL and Redis: PostgreSQL already has only the new seat, nobody can take it, and the recovery job brings Redis in line', async () => {
      const [a, b] = take(2) as [ApiSeat, ApiSeat];
      const order = await buyAs(t.url, show, [a]);
      jest.spyOn(t.app.get(SeatStore), 'swapSold').mockRejectedValueOnce(new Error('redis went away'));
      const r = await swap(t.url, order.b.id, order.reservationIdentifier, swapBody(order.ticketIdentifiers[0]!, b));
      expect(r.status).toBe(200);
      // PostgreSQL, the truth: exactly the new seat.
      expect(await liveOn(a, b)).toEqual(new Map([[keyOfSeat(b), order.ticketIdentifiers[0]]]));
      // Redis has not heard yet: the old seat still shows sold (never offered twice), the new one is the swapper's lock.
      expect(await redisState(a, b)).toEqual(['s', 'l']);
      // Another buyer cannot take the new seat meanwhile: the lock path asks PostgreSQL.
      expect((await lockSeat(t.url, await buyer(t.url), show, b)).status).toBe(409);
      const recover = () =>
        t.app.get(PaymentRecoveryJob, { strict: false }).runKind('order-change', { olderThanSeconds: 0 });
      expect(await recover()).toContain('finished');
      expect(await redisState(a, b)).toEqual(['a', 's']);
      expect((await lockSeat(t.url, await buyer(t.url), show, a)).status).toBe(200);
      // Applying again changes nothing.
      const v = await t.app.get(SeatStore).currentVersion(show.presentationId);
      await recover();
      expect(await t.app.get(SeatStore).currentVersion(show.presentationId)).toBe(v);
    });
  });
});

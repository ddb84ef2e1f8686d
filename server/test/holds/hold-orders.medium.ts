import { randomUUID } from 'node:crypto';
import type { Client } from 'pg';
import type { ApiSeat } from '@hotline/shared';
import { SeatStatus } from '@hotline/shared';
import { HoldClock } from '../../src/holds/hold-clock';
import { HoldReleaseJob } from '../../src/holds/hold-release.job';
import type { TestApp } from '../support/test-env';
import {
  authoriseCard,
  cartOf,
  cartSeat,
  count,
  loadShow,
  upcomingShowId,
  plainSeats,
  startBooking,
  TEST_CARDS,
  type ShowInfo,
} from '../booking/support/booking-kit';
import {
  holdCart,
  MEMBER,
  NOT_A_MEMBER,
  payExisting,
  placeHold,
  SECOND_MEMBER,
  shopper,
  statusOf,
} from './support/hold-kit';

/**
 * Hold orders end to end over HTTP (real PostgreSQL, Redis, bot check): who may hold, premium seats refused, the
 * map in hold mode, the customer area's list, paying an existing hold idempotently, and the release at the deadline
 * with the hold clock moved.
 */
describe('hold orders', () => {
  let env: Awaited<ReturnType<typeof startBooking>>;
  let t: TestApp;
  let sql: Client;
  let cinema: ShowInfo;
  let free: ApiSeat[];
  const take = (n: number) => free.splice(0, n);
  const charges = () => count(sql, 'SELECT count(*) FROM sandbox_charge');

  beforeAll(async () => {
    env = await startBooking({ HOLD_RELEASE_INTERVAL_MS: '0', RECOVERY_INTERVAL_MS: '0' });
    ({ t, sql } = env);
    cinema = await loadShow(t.url, await upcomingShowId(t.url));
    free = plainSeats(cinema);
  });
  afterAll(() => env.close());
  afterEach(() => t.app.get(HoldClock).setOffset(0));

  test('a member places a hold: reservation unpaid with its deadline, no charge, status 3 in hold mode only', async () => {
    const member = await shopper(t.url, sql, MEMBER);
    const seats = take(2);
    const before = await charges();
    const r = await placeHold(member, cinema, seats);
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ isHold: true, charged: 0, replayed: false });
    const { rows } = await sql.query(
      `SELECT r.state, h.state AS hold, h.release_at, p.date_time FROM reservation r JOIN hold_order h ON h.reservation_id = r.id
         JOIN reservation_ticket t ON t.reservation_id = r.id JOIN presentation p ON p.id = t.presentation_id
        WHERE r.identifier = $1 LIMIT 1`,
      [r.body.reservationIdentifier],
    );
    expect(rows[0]).toMatchObject({ state: 'hold', hold: 'held' });
    expect(new Date(rows[0].date_time).getTime() - new Date(rows[0].release_at).getTime()).toBe(30 * 60_000);
    expect(r.body.holdDeadline).toBe(new Date(rows[0].release_at).toISOString());
    expect(await charges()).toBe(before);

    const viewer = await shopper(t.url, sql);
    expect(await statusOf(viewer, cinema, seats, true)).toEqual([SeatStatus.OnHold, SeatStatus.OnHold]);
    expect(await statusOf(viewer, cinema, seats, false)).toEqual([SeatStatus.Sold, SeatStatus.Sold]);

    const list = await member.client.call('GET', '/api/customer-area/holds');
    expect(list.status).toBe(200);
    const mine = list.body.holds.find(
      (h: { reservationIdentifier: string }) => h.reservationIdentifier === r.body.reservationIdentifier,
    );
    expect(mine).toMatchObject({ state: 'held', deadline: r.body.holdDeadline });
    expect(mine.events[0].seats).toHaveLength(2);

    // The same cart identifier again answers the same hold.
    const again = await member.client.call('POST', '/api/payment/commit', {
      cart: holdCart(cinema, seats, { cartIdentifier: r.body.cartIdentifier }),
      recaptchaToken: member.token,
    });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ reservationIdentifier: r.body.reservationIdentifier, replayed: true });
  });

  test('hold mode on presentations and ticket groups: each show says its hold deadline (start - 30 min)', async () => {
    const v = await shopper(t.url, sql);
    const one = await v.client.call('GET', '/api/presentations/1?isHold=1');
    const start = new Date(one.body.presentation.dateTime).getTime();
    expect(new Date(one.body.presentation.holdDeadline).getTime()).toBe(start - 30 * 60_000);
    expect(one.body.presentation.isHoldAvailable).toBe(start - 30 * 60_000 > Date.now());
    const plain = await v.client.call('GET', '/api/presentations/1');
    expect(plain.body.presentation.holdDeadline).toBeUndefined();
    const list = await v.client.call('GET', '/api/presentations/?isHold=1');
    expect(list.body.presentations.every((p: { holdDeadline?: string }) => typeof p.holdDeadline === 'string')).toBe(
      true,
    );
    const groups = await v.client.call('GET', '/api/presentations/1/ticketGroups?isHold=1');
    expect(groups.body.holdDeadline).toBe(one.body.presentation.holdDeadline);
    expect(groups.body.ticketGroups.length).toBeGreaterThan(0);
  });

  test('the test clock is absent unless switched on: 404 whatever the body, and the clock does not move', async () => {
    for (const body of [{ offsetMs: 3_600_000 }, {}, { offsetMs: 'soon' }]) {
      const r = await fetch(`${t.url}/api/holds/test/clock`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect([r.status, ((await r.json()) as { error: string }).error]).toEqual([404, 'NOT_FOUND']);
    }
    expect(t.app.get(HoldClock).now().getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });

  test('login and an active membership are required; nothing is written otherwise', async () => {
    const reservations = await count(sql, 'SELECT count(*) FROM reservation');
    const anonymous = await shopper(t.url, sql);
    const seats = take(1);
    const a = await placeHold(anonymous, cinema, seats, holdCart(cinema, seats));
    expect(a.status).toBe(401);
    expect(a.body.error).toBe('HOLD_LOGIN_REQUIRED');

    const nonMember = await shopper(t.url, sql, NOT_A_MEMBER);
    const more = take(1);
    const b = await placeHold(nonMember, cinema, more, holdCart(cinema, more));
    expect(b.status).toBe(403);
    expect(b.body.error).toBe('HOLD_MEMBERSHIP_REQUIRED');
    const en = await nonMember.client.call('POST', '/api/payment/commit?lang=en', {
      cart: holdCart(cinema, more),
      recaptchaToken: nonMember.token,
    });
    expect(en.body.message).toBe('Hold orders are for customers with an active membership.');
    expect(await count(sql, 'SELECT count(*) FROM reservation')).toBe(reservations);
  });

  test('a premium seat cannot be held (409, which seat); the same seats as a regular order go through', async () => {
    const theatre = await loadShow(t.url, await upcomingShowId(t.url, { like: 22 }));
    const premium = theatre.seats.find(
      (s) => s.features.includes(13) && theatre.groupOfZone.get(s.TicketGroupId)?.tickets.length,
    );
    expect(premium).toBeDefined();
    const member = await shopper(t.url, sql, SECOND_MEMBER);
    const reservations = await count(sql, 'SELECT count(*) FROM reservation');
    const r = await placeHold(member, theatre, [premium!], holdCart(theatre, [premium!]));
    expect(r.status).toBe(409);
    expect(r.body.error).toBe('HOLD_PREMIUM_SEAT');
    expect(r.body.message).toMatch(/פרימיום/);
    expect(await count(sql, 'SELECT count(*) FROM reservation')).toBe(reservations);

    // The switch the storefront offers: a regular (paid) order of the same seat, still locked by this visitor.
    const cart = cartOf([cartSeat(theatre, premium!)], { cartIdentifier: randomUUID() });
    const paymentIdentifier = await authoriseCard(
      t.url,
      { id: member.client.visitor, token: member.token },
      TEST_CARDS.approve,
    );
    const paid = await member.client.call('POST', '/api/payment/commit', {
      cart: { ...cart, paymentIdentifier },
      recaptchaToken: member.token,
    });
    expect(paid.status).toBe(201);
    expect(paid.body.isHold).toBeUndefined();
  });

  test('a declined attempt sent again with the same authorisation is told it was declined, not "in progress"', async () => {
    const member = await shopper(t.url, sql, MEMBER);
    const seats = take(1);
    const hold = await placeHold(member, cinema, seats);
    expect(hold.status).toBe(201);
    const resId = hold.body.reservationIdentifier as string;
    const key = randomUUID();
    const cart = cartOf(
      seats.map((s) => cartSeat(cinema, s)),
      {
        paymentIdentifier: await authoriseCard(
          t.url,
          { id: member.client.visitor, token: member.token },
          TEST_CARDS.decline,
        ),
      },
    );
    const approved = () => count(sql, "SELECT count(*) FROM sandbox_charge WHERE status = 'approved'");
    const before = await approved();
    const first = await payExisting(member, resId, cart, key);
    expect(first.body.error).toBe('PAYMENT_DECLINED');
    const again = await payExisting(member, resId, cart, key);
    expect(again.body.error).toBe('PAYMENT_DECLINED');
    expect(await approved()).toBe(before);
  });

  test('paying an existing hold: one charge per key, the same key replays, another cart under the key is refused', async () => {
    const member = await shopper(t.url, sql, MEMBER);
    const seats = take(2);
    const hold = await placeHold(member, cinema, seats);
    expect(hold.status).toBe(201);
    const resId = hold.body.reservationIdentifier as string;
    const key = randomUUID();
    const cart = cartOf(
      seats.map((s) => cartSeat(cinema, s)),
      {
        paymentIdentifier: await authoriseCard(
          t.url,
          { id: member.client.visitor, token: member.token },
          TEST_CARDS.approve,
        ),
      },
    );
    const before = await charges();

    const first = await payExisting(member, resId, cart, key);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ reservationIdentifier: resId, charged: hold.body.total, replayed: false });
    const second = await payExisting(member, resId, cart, key);
    expect(second.status).toBe(200);
    expect(second.body).toEqual({ reservationIdentifier: resId, charged: hold.body.total, replayed: true });
    expect(await charges()).toBe(before + 1);

    const other = cartOf([cartSeat(cinema, take(1)[0]!)], { paymentIdentifier: cart.paymentIdentifier });
    const reused = await payExisting(member, resId, other, key, '?lang=en');
    expect(reused.status).toBe(409);
    expect(reused.body).toEqual({
      error: 'HOLD_PAYMENT_KEY_REUSED',
      message: 'This payment identifier was already used for a different payment. Start a new payment.',
      requestId: expect.any(String),
    });
    expect(await charges()).toBe(before + 1);

    const { rows } = await sql.query(
      `SELECT r.state, h.state AS hold, (SELECT count(*)::int FROM payment p WHERE p.reservation_id = r.id AND p.status = 'approved') AS payments
         FROM reservation r JOIN hold_order h ON h.reservation_id = r.id WHERE r.identifier = $1`,
      [resId],
    );
    expect(rows[0]).toEqual({ state: 'paid', hold: 'paid', payments: 1 });

    // Paid: a new key cannot pay it again, and the map shows the seats sold in hold mode too.
    const again = await payExisting(member, resId, cart, randomUUID());
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('HOLD_ALREADY_PAID');
    expect(await statusOf(member, cinema, seats, true)).toEqual([SeatStatus.Sold, SeatStatus.Sold]);

    // Someone else cannot pay (or learn about) another customer's hold.
    const stranger = await shopper(t.url, sql, SECOND_MEMBER);
    expect((await payExisting(stranger, resId, cart, randomUUID())).status).toBe(404);
  });

  test('at its deadline (clock moved) an unpaid hold is released: seats back on sale, listed as released, not payable', async () => {
    const member = await shopper(t.url, sql, MEMBER);
    const seats = take(2);
    const hold = await placeHold(member, cinema, seats);
    expect(hold.status).toBe(201);
    const sweep = t.app.get(HoldReleaseJob);
    expect((await sweep.runOnce()).released).toBe(0);

    const deadline = new Date(hold.body.holdDeadline).getTime();
    t.app.get(HoldClock).setOffset(deadline - Date.now() - 5_000);
    expect((await sweep.runOnce()).released).toBe(0); // five seconds early: nothing due yet
    t.app.get(HoldClock).setOffset(deadline - Date.now() + 1_000);
    const pass = await sweep.runOnce();
    expect(pass.released).toBeGreaterThanOrEqual(1);

    const viewer = await shopper(t.url, sql);
    expect(await statusOf(viewer, cinema, seats, false)).toEqual([SeatStatus.Available, SeatStatus.Available]);
    const list = await member.client.call('GET', '/api/customer-area/holds');
    expect(
      list.body.holds.find(
        (h: { reservationIdentifier: string }) => h.reservationIdentifier === hold.body.reservationIdentifier,
      ),
    ).toMatchObject({ state: 'released' });
    const cart = cartOf(
      seats.map((s) => cartSeat(cinema, s)),
      { paymentIdentifier: 'x' },
    );
    const late = await payExisting(member, hold.body.reservationIdentifier, cart, randomUUID());
    expect(late.status).toBe(409);
    expect(late.body.error).toBe('HOLD_RELEASED');
    expect(
      await count(sql, `SELECT count(*) FROM reservation WHERE identifier = $1 AND state = 'cancelled'`, [
        hold.body.reservationIdentifier,
      ]),
    ).toBe(1);
  });
});

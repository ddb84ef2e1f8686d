import type { Client } from 'pg';
import type { ApiSeat } from '@hotline/shared';
import { PaymentProvider } from '../../src/payment/payment-provider.port';
import { SalesRepository } from '../../src/reservations/sales.repository';
import { OutboxDispatcher } from '../../src/notifications/outbox-dispatcher';
import { PaymentRecoveryJob } from '../../src/payment/payment-recovery.job';
import { startTestApp, type TestApp } from '../support/test-env';
import { inDoubtCommit } from '../payment/support/in-doubt-kit';
import {
  authoriseCard,
  buyer,
  call,
  cartOf,
  cartSeat,
  commit,
  count,
  lockAll,
  loadShow,
  plainSeats,
  startBooking,
  TEST_CARDS,
  type ShowInfo,
} from './support/booking-kit';

/**
 * The recovery job against the real server, PostgreSQL, Redis and sandbox
 * provider. An in-doubt commit is made the way production makes one: the sale
 * write dies after the card was charged and nobody can tell whether it
 * committed (the repository's calls fail), leaving the cart 'paying' and the
 * payment 'pending' with an approved charge at the provider.
 */
describe('commit recovery job', () => {
  let env: Awaited<ReturnType<typeof startBooking>>;
  let t: TestApp;
  let sql: Client;
  let show: ShowInfo;
  let free: ApiSeat[];
  const take = (n: number) => free.splice(0, n);

  beforeAll(async () => {
    env = await startBooking({
      RECOVERY_INTERVAL_MS: '0',
      RECOVERY_IN_DOUBT_SECONDS: '0',
      RECOVERY_RETRY_BASE_SECONDS: '0',
    });
    ({ t, sql } = env);
    show = await loadShow(t.url, 1);
    free = plainSeats(show);
  });
  afterAll(() => env.close());
  afterEach(() => jest.restoreAllMocks());

  /** The one recovery loop, run for the commit's kind only. */
  const job = (app: TestApp = t) => ({
    runOnce: () => app.app.get(PaymentRecoveryJob, { strict: false }).runKind('money-attempt'),
  });

  test('seats still held: the job finishes the quoted sale once, even with two nodes running it at the same time', async () => {
    const seats = take(2);
    const { b, cart } = await inDoubtCommit(t, sql, show, seats);
    // A second node: same database and Redis data, its own job.
    const second = await startTestApp(
      {
        REDIS_PREFIX: t.config.REDIS_PREFIX,
        OUTBOX_POLL_MS: '0',
        RECOVERY_INTERVAL_MS: '0',
        RECOVERY_IN_DOUBT_SECONDS: '0',
      },
      t.db,
    );
    const [a, c] = await Promise.all([job().runOnce(), job(second).runOnce()]).finally(() => second.close());
    expect([...a, ...c].filter((x) => x === 'sold')).toHaveLength(1);

    const sold = await sql.query(
      `SELECT r.identifier, p.status FROM reservation r JOIN payment p ON p.reservation_id = r.id
        WHERE r.cart_identifier = $1 AND p.method = 'card'`,
      [cart.cartIdentifier],
    );
    expect(sold.rows).toHaveLength(1);
    expect(sold.rows[0].status).toBe('approved');
    expect(
      await count(
        sql,
        `SELECT count(*) FROM reservation_ticket t JOIN reservation r ON r.id = t.reservation_id WHERE r.cart_identifier = $1`,
        [cart.cartIdentifier],
      ),
    ).toBe(2);
    // The buyer gets the ordinary confirmation (written by the sale itself).
    expect(
      await count(
        sql,
        `SELECT count(*) FROM notification_outbox o JOIN reservation r ON r.id = o.reservation_id WHERE r.cart_identifier = $1`,
        [cart.cartIdentifier],
      ),
    ).toBe(2);
    // The buyer's retry now gets the recovered order.
    const replay = await commit(t.url, b, cart);
    expect(replay.status).toBe(201);
    expect(replay.body).toMatchObject({ replayed: true, reservationIdentifier: sold.rows[0].identifier });
    // Nothing left to do: the job is idempotent.
    expect(await job().runOnce()).toEqual([]);
  });

  test('seats taken by someone else meanwhile: refunded at the provider, cart closed, buyer told', async () => {
    const seats = take(2);
    const { b, cart } = await inDoubtCommit(t, sql, show, seats);
    // The buyer's locks go, and another visitor locks one of the seats.
    for (const s of seats) {
      await call(t.url, 'PUT', '/api/seats/unlock-seat', b.id, {
        seat: {
          PresentationId: show.presentationId,
          VenueId: show.venueId,
          VenueSeatplanId: show.seatplanId,
          VenueSectionId: s.VenueSectionId,
          TicketGroupId: 0,
          XCoordinate: s.XCoordinate,
          YCoordinate: s.YCoordinate,
        },
        recaptchaToken: b.token,
      });
    }
    const other = await buyer(t.url);
    await lockAll(t.url, other, show, [seats[0]!]);

    expect(await job().runOnce()).toEqual(['refunded']);
    const state = await sql.query(
      `SELECT c.status AS cart, p.state AS payment, s.status AS charge
         FROM cart c JOIN money_attempt p ON p.subject_id = c.cart_identifier::text AND p.subject_kind = 'cart'
         JOIN sandbox_charge s ON s.idempotency_key = p.idempotency_key WHERE c.cart_identifier = $1`,
      [cart.cartIdentifier],
    );
    expect(state.rows).toEqual([{ cart: 'refunded', payment: 'refunded', charge: 'refunded' }]);
    expect(await count(sql, 'SELECT count(*) FROM reservation WHERE cart_identifier = $1', [cart.cartIdentifier])).toBe(
      0,
    );

    // The buyer is told, in the order's language, by the ordinary outbox.
    const notices = await sql.query(
      `SELECT channel, recipient, payload FROM notification_outbox WHERE template = 'payment-refunded' AND payload->>'cartIdentifier' = $1 ORDER BY channel`,
      [cart.cartIdentifier],
    );
    expect(notices.rows.map((r) => r.channel)).toEqual(['email', 'sms']);
    await t.app.get(OutboxDispatcher, { strict: false }).dispatchOnce();
    const sent = await sql.query(
      `SELECT m.body FROM sent_message m JOIN notification_outbox o ON o.id = m.outbox_id
        WHERE o.template = 'payment-refunded' AND o.payload->>'cartIdentifier' = $1 AND m.channel = 'email'`,
      [cart.cartIdentifier],
    );
    expect(sent.rows[0].body).toContain('הוחזר');

    const replay = await commit(t.url, b, cart);
    expect(replay.status).toBe(409);
    expect(replay.body.error).toBe('SEATS_LOST_REFUNDED');
  });

  test('a refund the provider refuses stays refund_pending and is retried by the job until it succeeds', async () => {
    const seats = take(1);
    const { cart } = await inDoubtCommit(t, sql, show, seats);
    const provider = t.app.get(PaymentProvider, { strict: false });
    const sales = t.app.get(SalesRepository, { strict: false });
    // The sale cannot stand (as if the seat were sold to someone else meanwhile) and the first two refunds fail.
    jest.spyOn(sales, 'commitSale').mockResolvedValue({ ok: false, reason: 'SEAT_TAKEN' });
    const refund = jest.spyOn(provider, 'refund');
    refund.mockResolvedValueOnce({ status: 'failed', reason: 'acquirer down' });
    refund.mockResolvedValueOnce({ status: 'failed', reason: 'acquirer down' });

    expect(await job().runOnce()).toEqual(['refund_pending']);
    const payment = () =>
      sql.query(`SELECT state AS status, recovery_attempts FROM money_attempt WHERE subject_id = $1`, [
        cart.cartIdentifier,
      ]);
    expect((await payment()).rows[0].status).toBe('refund_pending');
    expect(await job().runOnce()).toEqual(['refund_pending']);
    expect(await job().runOnce()).toEqual(['refunded']);
    expect((await payment()).rows[0]).toEqual({ status: 'refunded', recovery_attempts: 3 });
    expect(refund).toHaveBeenCalledTimes(3);
    expect(
      await count(
        sql,
        `SELECT count(*) FROM sandbox_charge s JOIN money_attempt a ON a.provider_key = s.idempotency_key WHERE a.subject_id = $1 AND s.status = 'refunded'`,
        [cart.cartIdentifier],
      ),
    ).toBe(1);
    expect(
      await count(
        sql,
        `SELECT count(*) FROM notification_outbox WHERE template = 'payment-refunded' AND payload->>'cartIdentifier' = $1`,
        [cart.cartIdentifier],
      ),
    ).toBe(2);
    expect(await job().runOnce()).toEqual([]);
  });

  test('no charge at the provider after all: the payment is closed and the cart can be paid again', async () => {
    const seats = take(1);
    const b = await buyer(t.url);
    await lockAll(t.url, b, show, seats);
    const paymentIdentifier = await authoriseCard(t.url, b, TEST_CARDS.approve);
    const cart = cartOf(
      seats.map((s) => cartSeat(show, s)),
      { cartIdentifier: crypto.randomUUID(), paymentIdentifier },
    );
    const provider = t.app.get(PaymentProvider, { strict: false });
    // The provider call dies without an answer and the status call too: the payment stays pending, outcome unknown.
    jest.spyOn(provider, 'charge').mockRejectedValueOnce(new Error('socket hang up'));
    jest.spyOn(provider, 'status').mockRejectedValueOnce(new Error('socket hang up'));
    expect((await commit(t.url, b, cart)).body.error).toBe('PAYMENT_ERROR');
    jest.restoreAllMocks();
    expect(
      await count(sql, `SELECT count(*) FROM money_attempt WHERE subject_id = $1 AND state = 'pending'`, [
        cart.cartIdentifier,
      ]),
    ).toBe(1);

    expect(await job().runOnce()).toEqual(['closed']);
    expect(
      await count(sql, `SELECT count(*) FROM money_attempt WHERE subject_id = $1 AND state = 'failed'`, [
        cart.cartIdentifier,
      ]),
    ).toBe(1);
    // The buyer pays again with a new authorisation.
    const retry = await commit(t.url, b, {
      ...cart,
      paymentIdentifier: await authoriseCard(t.url, b, TEST_CARDS.approve),
    });
    expect(retry.status).toBe(201);
  });
});

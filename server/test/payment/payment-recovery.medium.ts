import type { Client } from 'pg';
import type { ApiSeat } from '@hotline/shared';
import { JobScheduler } from '../../src/jobs/job-scheduler';
import { PaymentAttempts } from '../../src/payment/payment-attempts';
import { PaymentRecoveryJob } from '../../src/payment/payment-recovery.job';
import { SeatStore } from '../../src/seats/seat-store.port';
import type { TestApp } from '../support/test-env';
import { count, loadShow, newVisitor, plainSeats, startBooking, type ShowInfo } from '../booking/support/booking-kit';
import { buySeats, cancellableShow, customerClient, logIn } from '../customers/support/customer-kit';
import { buyAs, swap, swapBody } from '../order-changes/swap-kit';
import { inDoubtCommit, inDoubtHoldPayment } from './support/in-doubt-kit';

const ISRAEL = { ssn: '000000018', mobile: '0501234567' };

/**
 * The one recovery loop (payment/payment-recovery.job.ts) against the real server: one attempt of every in-doubt
 * kind, each left stuck the way a crash leaves it, is finished by ONE run of the loop - the commit's and the hold
 * payment's through the same status query (PaymentAttempts.statusOf), the cancellation's refund and the order change's
 * seats settled - and a second run finds nothing.
 */
describe('the one recovery loop', () => {
  let env: Awaited<ReturnType<typeof startBooking>>;
  let t: TestApp;
  let sql: Client;
  let show: ShowInfo;
  let free: ApiSeat[];
  // From the end of one ticket group: the hold (the kit's first seat of the first upcoming show) never meets them.
  const take = (n: number) => free.splice(-n, n);

  beforeAll(async () => {
    env = await startBooking({
      RECOVERY_INTERVAL_MS: '0',
      RECOVERY_IN_DOUBT_SECONDS: '0',
      RECOVERY_RETRY_BASE_SECONDS: '0',
      CANCELLATION_RECOVERY_MS: '0',
      HOLD_RELEASE_INTERVAL_MS: '0',
      CUSTOMER_OTP_SENDS_PER_MOBILE_HOUR: '1000',
      CUSTOMER_OTP_GUESSES_PER_MOBILE_HOUR: '1000',
    });
    ({ t, sql } = env);
    show = await loadShow(t.url, await cancellableShow(sql));
    const group = plainSeats(show)[0]!.TicketGroupId;
    free = plainSeats(show).filter((s) => s.TicketGroupId === group);
  });
  afterAll(() => env.close());

  /** A customer's cancellation as if the node died after the provider refunded but before it was recorded. */
  async function halfDoneCancellation(): Promise<string> {
    const order = await buySeats(t.url, show, take(1), ISRAEL.mobile);
    const israel = customerClient(t.url, newVisitor());
    await logIn(israel, sql, ISRAEL);
    const r = await israel.call('POST', `/api/reservations/${order.reservationIdentifier}/cancel`, {});
    expect(r.status).toBe(200);
    const id: string = (await sql.query('SELECT max(id)::text AS id FROM cancellation')).rows[0].id;
    await sql.query(
      `UPDATE money_attempt SET state = 'pending' WHERE subject_kind = 'cancellation' AND subject_id = $1 AND kind = 'refund'`,
      [id],
    );
    await sql.query(`UPDATE cancellation SET state = 'refunding', seats_released = false WHERE id = $1`, [id]);
    return id;
  }

  /** A seat change committed in PostgreSQL whose node died before Redis heard of it. */
  async function unappliedOrderChange(): Promise<string> {
    const [a, b] = take(2) as [ApiSeat, ApiSeat];
    const order = await buyAs(t.url, show, [a]);
    const redisDown = jest.spyOn(t.app.get(SeatStore), 'swapSold').mockRejectedValueOnce(new Error('redis went away'));
    const r = await swap(t.url, order.b.id, order.reservationIdentifier, swapBody(order.ticketIdentifiers[0]!, b));
    redisDown.mockRestore();
    expect(r.status).toBe(200);
    const change = await sql.query(
      `SELECT c.id::text AS id, c.seats_applied AS applied FROM reservation_change c
         JOIN reservation r ON r.id = c.reservation_id WHERE r.identifier = $1`,
      [order.reservationIdentifier],
    );
    expect(change.rows).toEqual([{ id: expect.any(String), applied: false }]);
    return change.rows[0].id;
  }

  test('one stuck attempt of each kind: one run finishes all five, the charges asked of the provider the same way', async () => {
    const { cart } = await inDoubtCommit(t, sql, show, take(1));
    const { row: holdPayment } = await inDoubtHoldPayment(t, sql, 0);
    const cancellation = await halfDoneCancellation();
    const change = await unappliedOrderChange();
    // A cart a voucher-only commit left 'paying' (its node died before the sale): no card attempt behind it.
    const cardless = crypto.randomUUID();
    await sql.query(
      `INSERT INTO cart (cart_identifier, res_id, visitor_id, cart, status, attempt_started_at)
       VALUES ($1, $2, $3, '{}'::jsonb, 'paying', now() - interval '1 hour')`,
      [cardless, `res-${cardless.slice(0, 8)}`, crypto.randomUUID()],
    );
    const statusOf = jest.spyOn(t.app.get(PaymentAttempts, { strict: false }), 'statusOf');
    const loop = t.app.get(PaymentRecoveryJob, { strict: false });

    expect(await loop.runOnce({ olderThanSeconds: 0 })).toEqual({
      // The cart's charge (sold), the hold's payment (paid) and the cancellation's refund: one kind, one state machine.
      'money-attempt': ['sold', 'paid', 'refunded'],
      cancellation: ['finished'],
      'order-change': ['finished'],
      'commit-without-card': ['finished'],
    });
    expect((await sql.query('SELECT status FROM cart WHERE cart_identifier = $1', [cardless])).rows).toEqual([
      { status: 'open' },
    ]);
    // The two charges in doubt went through the one status query, by their own idempotency keys.
    expect(statusOf).toHaveBeenCalledTimes(2);
    statusOf.mockRestore();

    // Each kind's state is in its own rows.
    expect(
      (await sql.query(`SELECT status FROM payment WHERE cart_identifier = $1`, [cart.cartIdentifier])).rows,
    ).toEqual([{ status: 'approved' }]);
    expect((await sql.query(`SELECT state FROM hold_payment WHERE id = $1`, [holdPayment.id])).rows).toEqual([
      { state: 'paid' },
    ]);
    expect(
      await count(sql, `SELECT count(*) FROM cancellation WHERE id = $1 AND state = 'done' AND seats_released`, [
        cancellation,
      ]),
    ).toBe(1);
    expect(await count(sql, `SELECT count(*) FROM reservation_change WHERE id = $1 AND seats_applied`, [change])).toBe(
      1,
    );

    // Nothing left for a second run.
    expect(await loop.runOnce({ olderThanSeconds: 0 })).toEqual({
      'money-attempt': [],
      cancellation: [],
      'order-change': [],
      'commit-without-card': [],
    });
  });

  test('is one scheduled job: the kinds are not jobs of their own', () => {
    const names = t.app
      .get(JobScheduler)
      .metrics()
      .map((j) => j.name);
    // Each kind the loop recovers is a part of the one job, never a job of its own (a recovery job of another
    // context, e.g. the seat plan's move, is not a money flow and is its own job).
    expect(names).toContain('payment-recovery');
    const kinds = ['money-attempt', 'cancellation', 'order-change', 'commit-without-card'];
    expect(names.filter((n) => kinds.some((k) => n === k || n === `${k}-recovery`))).toEqual([]);
    expect(names.filter((n) => n.includes('recovery') && !n.startsWith('seat-plan-'))).toEqual(['payment-recovery']);
  });
});

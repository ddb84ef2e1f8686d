import { Client } from 'pg';
import {
  authoriseCard,
  buyer,
  call,
  cartOf,
  cartSeat,
  commit,
  count,
  loadShow,
  lockSeat,
  newVisitor,
  plainSeats,
  TEST_CARDS,
  type Buyer,
  type ShowInfo,
} from '../booking/support/booking-kit';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../src/config/app-config';
import { REDIS } from '../../src/redis/redis.module';
import { SeatStore } from '../../src/seats/seat-store.port';
import { startTestApp, type TestApp } from '../support/test-env';
import { UnsafeNonAtomicSeatStore } from '../support/unsafe-seat-store';
import { buySeats, cancellableShow, customerClient, logIn } from './support/customer-kit';

/**
 * 50 buyers hammer lock-seat on a sold seat while its owner cancels it: exactly
 * one gets the seat and pays for it. The control run swaps the atomic Lua lock
 * for the test-only non-atomic store (UnsafeNonAtomicSeatStore from test/support, swapped in as a provider override) and shows the race: several buyers "win" the lock, and
 * only PostgreSQL's unique index keeps the sale single.
 */
const ISRAEL = { ssn: '000000018', mobile: '0501234567' };
const BUYERS = 50;

async function race(t: TestApp, sql: Client) {
  const show: ShowInfo = await loadShow(t.url, await cancellableShow(sql));
  const seat = plainSeats(show)[0]!;
  const order = await buySeats(t.url, show, [seat], ISRAEL.mobile);
  const owner = customerClient(t.url, newVisitor());
  await logIn(owner, sql, ISRAEL);
  const buyers: Buyer[] = await Promise.all(Array.from({ length: BUYERS }, () => buyer(t.url)));

  let stop = false;
  const winners: Buyer[] = [];
  const hammer = async (b: Buyer) => {
    while (!stop) {
      const r = await lockSeat(t.url, b, show, seat);
      if (r.status === 200) {
        winners.push(b);
        return;
      }
    }
  };
  const running = buyers.map(hammer);
  await new Promise((r) => setTimeout(r, 100)); // everyone is polling
  const cancelled = await owner.call('POST', `/api/reservations/${order.reservationIdentifier}/cancel`, {});
  expect(cancelled.status).toBe(200);
  // Until the first winner (a busy machine may take a while to serve the hammering), then long enough for
  // every request that read the seat as free at the same moment to finish: that is where a race shows.
  const deadline = Date.now() + 20_000;
  while (winners.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  await new Promise((r) => setTimeout(r, 1500));
  stop = true;
  await Promise.all(running);

  const paid = await Promise.all(
    winners.map(async (b) => {
      const saved = await call(t.url, 'POST', '/api/cart', b.id, {
        cart: cartOf([cartSeat(show, seat)]),
        uuid: b.id,
        recaptchaToken: b.token,
      });
      if (saved.status !== 201) return 0;
      const cart = cartOf([cartSeat(show, seat)], { cartIdentifier: saved.body.cartIdentifier });
      const paymentIdentifier = await authoriseCard(t.url, b, TEST_CARDS.approve, { total: cart.total!.toFixed(2) });
      const r = await commit(t.url, b, { ...cart, paymentIdentifier });
      return r.status === 201 ? 1 : 0;
    }),
  );
  const live = await count(
    sql,
    `SELECT count(*) FROM reservation_ticket WHERE presentation_id = $1 AND section_id = $2 AND x = $3 AND y = $4 AND status = 'live'`,
    [show.presentationId, seat.VenueSectionId, seat.XCoordinate, seat.YCoordinate],
  );
  return { lockWinners: winners.length, sales: paid.reduce<number>((s, n) => s + n, 0), live };
}

describe('cancel-and-resell race', () => {
  test('50 buyers race for a seat at the moment it is cancelled: exactly one gets it', async () => {
    const t = await startTestApp({ CANCELLATION_RECOVERY_MS: '0' });
    const sql = new Client({ connectionString: t.db.url });
    await sql.connect();
    try {
      const r = await race(t, sql);
      expect(r).toEqual({ lockWinners: 1, sales: 1, live: 1 });
    } finally {
      await sql.end();
      await t.close();
    }
  }, 120_000);

  test('control: with the non-atomic test store the race shows (several lock winners)', async () => {
    const t = await startTestApp({ CANCELLATION_RECOVERY_MS: '0' }, undefined, [
      {
        provide: SeatStore,
        inject: [REDIS, APP_CONFIG],
        useFactory: (redis: Redis, config: AppConfig) => new UnsafeNonAtomicSeatStore(redis, config),
      },
    ]);
    const sql = new Client({ connectionString: t.db.url });
    await sql.connect();
    try {
      const r = await race(t, sql);
      expect(r.lockWinners).toBeGreaterThan(1);
      expect(r.live).toBeLessThanOrEqual(1); // PostgreSQL's unique index is the last line of defence
    } finally {
      await sql.end();
      await t.close();
    }
  }, 120_000);
});

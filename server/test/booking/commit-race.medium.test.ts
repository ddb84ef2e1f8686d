import type { Client } from 'pg';
import { LocklessQuoteService } from '../support/lockless-quote.service';
import type { ProviderOverride, TestApp } from '../support/test-env';
import { QuoteService } from '../../src/orders/quote.service';
import {
  authoriseCard,
  buyer,
  cartOf,
  cartSeat,
  commit,
  count,
  lockAll,
  loadShow,
  plainSeats,
  startBooking,
  TEST_CARDS,
  type Buyer,
  type ShowInfo,
} from './support/booking-kit';

/**
 * What stops a double sale when everything above PostgreSQL has been bypassed.
 * Every buyer holds a legitimate lock on a seat of their own, but their carts
 * name seats from one small shared pool, and the test-only switch
 * A test-only LocklessQuoteService (provider override) lets those carts through to the database, so
 * the partial unique index reservation_ticket_live_seat is the only judge. Each
 * buyer pays by card first, so every loser must come back refunded. The control
 * run drops the index in its own database and must show double sales, or this
 * test proves nothing.
 */
const BUYERS = 100;
const POOL = 20;
const SEATS_PER_CART = 2;
/** The control and race runs buy seats without holding their locks (test-only provider override). */
const LOCKLESS: ProviderOverride[] = [{ provide: QuoteService, useClass: LocklessQuoteService }];

interface Race {
  show: ShowInfo;
  results: { buyer: Buyer; status: number; body: any }[];
}

async function race(t: TestApp): Promise<Race> {
  const show = await loadShow(t.url, 29); // the arena: 15,428 places, no seat-gap rules
  const seats = plainSeats(show);
  const own = seats.slice(0, BUYERS);
  const pool = seats.slice(BUYERS, BUYERS + POOL);
  const buyers = await Promise.all(Array.from({ length: BUYERS }, () => buyer(t.url)));
  let seed = 7;
  const rand = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const carts = await Promise.all(
    buyers.map(async (b, i) => {
      await lockAll(t.url, b, show, [own[i]!]);
      const picked = new Set<number>();
      while (picked.size < SEATS_PER_CART) picked.add(Math.floor(rand() * POOL));
      const paymentIdentifier = await authoriseCard(t.url, b, TEST_CARDS.approve);
      return cartOf(
        [...picked].map((p) => cartSeat(show, pool[p]!)),
        { cartIdentifier: crypto.randomUUID(), paymentIdentifier },
      );
    }),
  );
  const results = await Promise.all(buyers.map(async (b, i) => ({ buyer: b, ...(await commit(t.url, b, carts[i]!)) })));
  return { show, results };
}

async function doubleSold(sql: Client): Promise<number> {
  return count(
    sql,
    `SELECT count(*) FROM (SELECT 1 FROM reservation_ticket WHERE status = 'live' AND presentation_id = 29
                           GROUP BY presentation_id, section_id, x, y HAVING count(*) > 1) d`,
  );
}

describe('100 buyers commit overlapping seats at once', () => {
  test('PostgreSQL sells each seat at most once; every winner has its tickets and payment; every loser is refunded', async () => {
    const env = await startBooking({}, LOCKLESS);
    try {
      const { results } = await race(env.t);
      const { sql } = env;
      const outcomes = new Map<string, number>();
      for (const r of results)
        outcomes.set(
          `${r.status} ${r.body.error ?? 'OK'}`,
          (outcomes.get(`${r.status} ${r.body.error ?? 'OK'}`) ?? 0) + 1,
        );
      const won = results.filter((r) => r.status === 201);
      const lost = results.filter((r) => r.status === 409 && r.body.error === 'SEATS_LOST_REFUNDED');
      // Nothing but wins and refunded losses: no 500s, no deadlocks surfacing.
      expect(won.length + lost.length).toBe(BUYERS);
      expect(won.length).toBeGreaterThan(0);
      expect(won.length).toBeLessThanOrEqual(POOL / SEATS_PER_CART);
      expect([...outcomes.keys()].sort()).toEqual(['201 OK', '409 SEATS_LOST_REFUNDED']);

      // Each seat sold at most once.
      expect(await doubleSold(sql)).toBe(0);
      // Every paid reservation has all its tickets, live, and one approved card payment for its total.
      expect(await count(sql, "SELECT count(*) FROM reservation WHERE state = 'paid'")).toBe(won.length);
      expect(
        await count(
          sql,
          `
        SELECT count(*) FROM reservation r
         WHERE (SELECT count(*) FROM reservation_ticket t WHERE t.reservation_id = r.id AND t.status = 'live') <> ${SEATS_PER_CART}
            OR (SELECT coalesce(sum(amount_agorot), 0) FROM payment p WHERE p.reservation_id = r.id AND p.status = 'approved') <> r.total_agorot`,
        ),
      ).toBe(0);
      for (const w of won) {
        expect(
          await count(sql, 'SELECT count(*) FROM reservation WHERE identifier = $1 AND visitor_id = $2', [
            w.body.reservationIdentifier,
            w.buyer.id,
          ]),
        ).toBe(1);
      }
      // Every loser: a card payment recorded and refunded, at our side and at the provider's, and told so.
      for (const l of lost) {
        expect(l.body.details).toMatchObject({ refunded: true, reason: 'SEAT_TAKEN' });
        expect(l.body.message).toMatch(/הוחזר/);
      }
      expect(
        await count(
          sql,
          "SELECT count(*) FROM payment WHERE method = 'card' AND status = 'refunded' AND reservation_id IS NULL",
        ),
      ).toBe(lost.length);
      expect(await count(sql, "SELECT count(*) FROM payment WHERE status IN ('pending', 'refund_pending')")).toBe(0);
      expect(await count(sql, "SELECT count(*) FROM sandbox_charge WHERE status = 'refunded'")).toBe(lost.length);
      expect(await count(sql, "SELECT count(*) FROM sandbox_charge WHERE status = 'approved'")).toBe(won.length);
      expect(await count(sql, "SELECT count(*) FROM cart WHERE status = 'refunded'")).toBe(lost.length);

      // A loser retrying gets the same answer and is not charged again.
      const charges = await count(sql, 'SELECT count(*) FROM sandbox_charge');
      const again = await commit(
        env.t.url,
        lost[0]!.buyer,
        (await sql.query('SELECT cart FROM cart WHERE visitor_id = $1', [lost[0]!.buyer.id])).rows[0].cart,
      );
      expect(again.body.error).toBe('SEATS_LOST_REFUNDED');
      expect(await count(sql, 'SELECT count(*) FROM sandbox_charge')).toBe(charges);
    } finally {
      await env.close();
    }
  });

  test("control: without the unique index (dropped in this test's own database) the same race double-sells", async () => {
    const env = await startBooking({}, LOCKLESS);
    try {
      await env.sql.query('DROP INDEX reservation_ticket_live_seat');
      const { results } = await race(env.t);
      expect(results.filter((r) => r.status === 201).length).toBeGreaterThan(POOL / SEATS_PER_CART);
      expect(await doubleSold(env.sql)).toBeGreaterThan(0);
    } finally {
      await env.close();
    }
  });
});

describe('two attempts on one cart', () => {
  test('a retry that takes over a stale attempt with another card: one sale, the other charge refunded, both answers the same reservation', async () => {
    // Slow approvals (6 s) and a 5 s stale window: the second attempt takes the cart over while the first is still charging.
    const env = await startBooking({ SANDBOX_APPROVAL_DELAY_MS: '6000', COMMIT_STALE_SECONDS: '5' });
    try {
      const { t, sql } = env;
      const show = await loadShow(t.url, 1);
      const b = await buyer(t.url);
      const seats = plainSeats(show).slice(0, 2);
      await lockAll(t.url, b, show, seats);
      const base = cartOf(
        seats.map((s) => cartSeat(show, s)),
        { cartIdentifier: crypto.randomUUID() },
      );
      const first = commit(t.url, b, { ...base, paymentIdentifier: await authoriseCard(t.url, b, TEST_CARDS.approve) });
      await new Promise((r) => setTimeout(r, 5_500));
      const second = commit(t.url, b, {
        ...base,
        paymentIdentifier: await authoriseCard(t.url, b, TEST_CARDS.approve),
      });
      const [a, c] = await Promise.all([first, second]);
      expect(a.status).toBe(201);
      expect(c.status).toBe(201);
      expect(c.body).toMatchObject({ reservationIdentifier: a.body.reservationIdentifier, replayed: true });
      expect(
        await count(sql, 'SELECT count(*) FROM reservation WHERE cart_identifier = $1', [base.cartIdentifier]),
      ).toBe(1);
      expect(
        (
          await sql.query('SELECT status FROM payment WHERE cart_identifier = $1 ORDER BY id', [base.cartIdentifier])
        ).rows.map((r) => r.status),
      ).toEqual(['approved', 'refunded']);
      expect(
        (
          await sql.query('SELECT status FROM sandbox_charge WHERE idempotency_key LIKE $1 ORDER BY created_at', [
            `${base.cartIdentifier}:%`,
          ])
        ).rows.map((r) => r.status),
      ).toEqual(['approved', 'refunded']);
      expect(
        (await sql.query('SELECT status FROM cart WHERE cart_identifier = $1', [base.cartIdentifier])).rows[0].status,
      ).toBe('paid');
    } finally {
      await env.close();
    }
  }, 60_000);
});

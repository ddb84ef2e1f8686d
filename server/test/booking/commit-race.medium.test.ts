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
} from './support/booking-kit';
import { commitRace, doubleSold, LOCKLESS, type RaceShape } from './support/commit-race-kit';

/**
 * What stops a double sale when everything above PostgreSQL has been bypassed (the race itself, shared with the
 * Redis Cluster test, is in support/commit-race-kit.ts). Each buyer pays by card first, so every loser must come
 * back refunded. The control run drops the index in its own database and must show double sales, or this test
 * proves nothing.
 */
const BUYERS = 100;
const POOL = 20;
const SEATS_PER_CART = 2;
/** The arena: 15,428 places, no seat-gap rules. */
const SHAPE: RaceShape = { presentationId: 29, buyers: BUYERS, pool: POOL, seatsPerCart: SEATS_PER_CART };

describe('100 buyers commit overlapping seats at once', () => {
  test('PostgreSQL sells each seat at most once; every winner has its tickets and payment; every loser is refunded', async () => {
    const env = await startBooking({}, LOCKLESS);
    try {
      const { results } = await commitRace(env.t, SHAPE);
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
      expect(await doubleSold(sql, 29)).toBe(0);
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
          "SELECT count(*) FROM money_attempt WHERE subject_kind = 'cart' AND kind = 'charge' AND state = 'refunded'",
        ),
      ).toBe(lost.length);
      expect(await count(sql, "SELECT count(*) FROM money_attempt WHERE state IN ('pending', 'refund_pending')")).toBe(
        0,
      );
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
      const { results } = await commitRace(env.t, SHAPE);
      expect(results.filter((r) => r.status === 201).length).toBeGreaterThan(POOL / SEATS_PER_CART);
      expect(await doubleSold(env.sql, 29)).toBeGreaterThan(0);
    } finally {
      await env.close();
    }
  });
});

describe('two attempts on one cart', () => {
  /**
   * One tab commits with a slow card; 5.5 s later, the cart's claim gone stale (5 s), another tab commits the same cart
   * with another card. What each tab is answered, and the charges the provider saw.
   */
  async function staleTakeover(env: Awaited<ReturnType<typeof startBooking>>, seatsAt: number) {
    const { t, sql } = env;
    const show = await loadShow(t.url, 1);
    const b = await buyer(t.url);
    const seats = plainSeats(show).slice(seatsAt, seatsAt + 2);
    await lockAll(t.url, b, show, seats);
    const base = cartOf(
      seats.map((s) => cartSeat(show, s)),
      { cartIdentifier: crypto.randomUUID() },
    );
    const first = commit(t.url, b, { ...base, paymentIdentifier: await authoriseCard(t.url, b, TEST_CARDS.approve) });
    await new Promise((r) => setTimeout(r, 5_500));
    const secondCard = await authoriseCard(t.url, b, TEST_CARDS.approve);
    const second = commit(t.url, b, { ...base, paymentIdentifier: secondCard });
    const [a, c] = await Promise.all([first, second]);
    const charges = (
      await sql.query('SELECT status FROM sandbox_charge WHERE idempotency_key LIKE $1 ORDER BY created_at', [
        `${base.cartIdentifier}:%`,
      ])
    ).rows.map((r) => r.status);
    const attempts = (
      await sql.query('SELECT state FROM money_attempt WHERE subject_id = $1 ORDER BY id', [base.cartIdentifier])
    ).rows.map((r) => r.state);
    const again = () => commit(t.url, b, { ...base, paymentIdentifier: secondCard });
    return { a, c, charges, attempts, again, cartIdentifier: base.cartIdentifier };
  }

  test('a retry that takes over a stale attempt with another card is not charged while the first is in flight: one charge, and the retry then answers the same reservation', async () => {
    // Slow approvals (6 s) and a 5 s stale window: the second attempt takes the cart over while the first is still charging.
    const env = await startBooking({ SANDBOX_APPROVAL_DELAY_MS: '6000', COMMIT_STALE_SECONDS: '5' });
    try {
      const { sql } = env;
      const run = await staleTakeover(env, 0);
      expect(run.a.status).toBe(201);
      // The cart's one charge in flight (money_attempt_one_charging) refuses the second before its card: the truth.
      expect([run.c.status, run.c.body.error]).toEqual([409, 'COMMIT_IN_PROGRESS']);
      expect(run.charges).toEqual(['approved']);
      expect(run.attempts).toEqual(['approved']);
      const later = await run.again();
      expect(later.status).toBe(201);
      expect(later.body).toMatchObject({ reservationIdentifier: run.a.body.reservationIdentifier, replayed: true });
      expect(
        await count(sql, 'SELECT count(*) FROM reservation WHERE cart_identifier = $1', [run.cartIdentifier]),
      ).toBe(1);
      expect(
        (await sql.query('SELECT status FROM cart WHERE cart_identifier = $1', [run.cartIdentifier])).rows[0].status,
      ).toBe('paid');

      // Control: without the index, the second card is charged too (and refunded once the first sold the cart).
      await sql.query('DROP INDEX money_attempt_one_charging');
      try {
        const control = await staleTakeover(env, 2);
        expect([control.a.status, control.c.status]).toEqual([201, 201]);
        expect(control.charges).toEqual(['approved', 'refunded']);
        expect(control.attempts).toEqual(['approved', 'refunded']);
      } finally {
        await sql.query(`CREATE UNIQUE INDEX money_attempt_one_charging ON money_attempt (subject_kind, subject_id)
                           WHERE kind = 'charge' AND state = 'pending'`);
      }
    } finally {
      await env.close();
    }
  }, 90_000);
});

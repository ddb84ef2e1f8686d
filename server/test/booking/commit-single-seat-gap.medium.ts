import type { Client } from 'pg';
import type { TestApp } from '../support/test-env';
import {
  authoriseCard,
  buyer,
  cartOf,
  cartSeat,
  commit,
  count,
  lockAll,
  loadShow,
  startBooking,
  TEST_CARDS,
  type ShowInfo,
} from './support/booking-kit';

/**
 * The single-seat rule on the finished selection (docs/seat-engine.md, "The single-seat rules"): while
 * picking, a gap beside one's own seat may stay open so pairs can be picked in any order; the commit
 * refuses a selection that would still leave it, before any charge.
 */
describe('commit: no single-seat gap left by the finished selection (theatre, presentation 22)', () => {
  let env: Awaited<ReturnType<typeof startBooking>>;
  let t: TestApp;
  let sql: Client;
  let show: ShowInfo;

  beforeAll(async () => {
    env = await startBooking();
    ({ t, sql } = env);
    show = await loadShow(t.url, 22);
  });
  afterAll(() => env.close());

  const row = () =>
    show.seats
      .filter((s) => s.VenueSectionId === 2 && s.YCoordinate === 10 && s.features.length === 0)
      .sort((a, b) => a.XCoordinate - b.XCoordinate);

  test('the 2nd seat alone (leaving the row-end seat empty) is refused with SINGLE_SEAT_GAP and nothing is charged; with the 1st it sells', async () => {
    const seats = row();
    const b = await buyer(t.url);
    await lockAll(t.url, b, show, [seats[1]!]);
    const paymentIdentifier = await authoriseCard(t.url, b, TEST_CARDS.approve);
    const charges = await count(sql, 'SELECT count(*) FROM sandbox_charge');

    const alone = await commit(t.url, b, cartOf([cartSeat(show, seats[1]!)], { paymentIdentifier }), '?lang=en');
    expect(alone.status).toBe(409);
    expect(alone.body).toEqual({
      error: 'SINGLE_SEAT_GAP',
      message: expect.stringMatching(/single empty seat/),
      requestId: expect.any(String),
    });
    expect(await count(sql, 'SELECT count(*) FROM sandbox_charge')).toBe(charges);
    expect(await count(sql, 'SELECT count(*) FROM reservation_ticket WHERE presentation_id = 22')).toBe(0);

    await lockAll(t.url, b, show, [seats[0]!]);
    const pair = await commit(
      t.url,
      b,
      cartOf([cartSeat(show, seats[0]!), cartSeat(show, seats[1]!)], { paymentIdentifier }),
    );
    expect(pair.status).toBe(201);
  });
});

import type { Client } from 'pg';
import type { ApiSeat } from '@hotline/shared';
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
  plainSeats,
  startBooking,
  TEST_CARDS,
  type ShowInfo,
} from './support/booking-kit';

/**
 * Idempotency bound to its parameters (the Stripe rule) and card authorisations
 * that are single-use and capped at what the card holder authorised.
 */
describe('commit idempotency and card authorisations', () => {
  let env: Awaited<ReturnType<typeof startBooking>>;
  let t: TestApp;
  let sql: Client;
  let show: ShowInfo;
  let free: ApiSeat[];
  const take = (n: number) => free.splice(0, n);

  beforeAll(async () => {
    env = await startBooking();
    ({ t, sql } = env);
    show = await loadShow(t.url, 1);
    free = plainSeats(show);
  });
  afterAll(() => env.close());

  const charges = () => count(sql, 'SELECT count(*) FROM sandbox_charge');
  const reservations = () => count(sql, 'SELECT count(*) FROM reservation');

  test('the same cart identifier with another cart is refused (409, in the visitor language), not answered with the first order', async () => {
    const b = await buyer(t.url);
    const [first, second] = [take(1), take(1)];
    await lockAll(t.url, b, show, [...first, ...second]);
    const cartIdentifier = crypto.randomUUID();
    const paid = await commit(
      t.url,
      b,
      cartOf(
        first.map((s) => cartSeat(show, s)),
        { cartIdentifier, paymentIdentifier: await authoriseCard(t.url, b, TEST_CARDS.approve) },
      ),
    );
    expect(paid.status).toBe(201);
    const before = { charges: await charges(), reservations: await reservations() };

    const other = cartOf(
      second.map((s) => cartSeat(show, s)),
      { cartIdentifier, paymentIdentifier: await authoriseCard(t.url, b, TEST_CARDS.approve) },
    );
    const en = await commit(t.url, b, other, '?lang=en');
    expect(en.status).toBe(409);
    expect(en.body).toEqual({
      error: 'IDEMPOTENCY_KEY_REUSED',
      message: 'This order identifier was already used for a different order. Start a new order.',
      requestId: expect.any(String),
    });
    const he = await commit(t.url, b, other);
    expect(he.body.message).toBe('מזהה ההזמנה כבר שימש להזמנה אחרת. יש להתחיל הזמנה חדשה.');
    expect({ charges: await charges(), reservations: await reservations() }).toEqual(before);

    // The same cart again is still its stored answer.
    const same = await commit(
      t.url,
      b,
      cartOf(
        first.map((s) => cartSeat(show, s)),
        { cartIdentifier },
      ),
    );
    expect(same.body).toMatchObject({ replayed: true, reservationIdentifier: paid.body.reservationIdentifier });
  });

  test('one card authorisation pays for one order: charging it again on another cart is refused', async () => {
    const b = await buyer(t.url);
    const [one, two] = [take(1), take(1)];
    await lockAll(t.url, b, show, [...one, ...two]);
    const paymentIdentifier = await authoriseCard(t.url, b, TEST_CARDS.approve);
    const firstCart = cartOf(
      one.map((s) => cartSeat(show, s)),
      { cartIdentifier: crypto.randomUUID(), paymentIdentifier },
    );
    expect((await commit(t.url, b, firstCart)).status).toBe(201);
    const before = { charges: await charges(), reservations: await reservations() };

    const secondCart = cartOf(
      two.map((s) => cartSeat(show, s)),
      { cartIdentifier: crypto.randomUUID(), paymentIdentifier },
    );
    const refused = await commit(t.url, b, secondCart);
    expect(refused.status).toBe(402);
    expect(refused.body.error).toBe('PAYMENT_NOT_AUTHORISED');
    expect({ charges: await charges(), reservations: await reservations() }).toEqual(before);
    // The seats are still the buyer's to pay with a new authorisation.
    const ok = await commit(t.url, b, {
      ...secondCart,
      paymentIdentifier: await authoriseCard(t.url, b, TEST_CARDS.approve),
    });
    expect(ok.status).toBe(201);
  });

  test('an authorisation is capped at the amount of its form: authorised for 1 NIS, a larger order is refused', async () => {
    const b = await buyer(t.url);
    const seats = take(1);
    await lockAll(t.url, b, show, seats);
    const cart = cartOf(
      seats.map((s) => cartSeat(show, s)),
      {
        cartIdentifier: crypto.randomUUID(),
        paymentIdentifier: await authoriseCard(t.url, b, TEST_CARDS.approve, { total: '1.00' }),
      },
    );
    expect(cart.total).toBeGreaterThan(1);
    const before = await charges();
    const refused = await commit(t.url, b, cart);
    expect(refused.status).toBe(402);
    expect(refused.body.error).toBe('PAYMENT_NOT_AUTHORISED');
    expect(await charges()).toBe(before);

    // Authorised for exactly the order total: accepted.
    const exact = await authoriseCard(t.url, b, TEST_CARDS.approve, { total: cart.total!.toFixed(2) });
    expect((await commit(t.url, b, { ...cart, paymentIdentifier: exact })).status).toBe(201);
  });
});

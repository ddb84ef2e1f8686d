import type { Client } from 'pg';
import type { TestApp } from '../support/test-env';
import {
  buyer,
  call,
  cartOf,
  cartSeat,
  commit,
  lockAll,
  loadShow,
  newVisitor,
  plainSeats,
  startBooking,
  type ShowInfo,
} from './support/booking-kit';

/** Saved carts (POST /api/cart, GET /api/reservations/:resId) and the lock timer running out before the commit. */
describe('saved carts', () => {
  let env: Awaited<ReturnType<typeof startBooking>>;
  let t: TestApp;
  let sql: Client;
  let show: ShowInfo;

  beforeAll(async () => {
    env = await startBooking();
    ({ t, sql } = env);
    show = await loadShow(t.url, 1);
  });
  afterAll(() => env.close());

  test('save, update and restore by the owner; anyone else gets 404', async () => {
    const { id: owner, token } = await buyer(t.url);
    const { id: stranger, token: strangerToken } = await buyer(t.url);
    const seats = plainSeats(show)
      .slice(0, 2)
      .map((s) => cartSeat(show, s));
    const cart = cartOf(seats, { products: [{ id: 1, quantity: 2 }], creditcardInfo: { number: '4580000000000000' } });
    // Saving writes a row: without a solved bot check it is refused and nothing is stored.
    expect((await call(t.url, 'POST', '/api/cart', owner, { cart, uuid: owner })).status).toBe(403);
    const saved = await call(t.url, 'POST', '/api/cart', owner, { cart, uuid: owner, recaptchaToken: token });
    expect(saved.status).toBe(201);
    expect(saved.body).toEqual({
      cartIdentifier: expect.stringMatching(/^[0-9a-f-]{36}$/),
      resId: expect.stringMatching(/^[A-Za-z0-9_-]{16}$/),
    });

    const updated = await call(t.url, 'POST', '/api/cart', owner, {
      recaptchaToken: token,
      cart: { ...cart, seats: seats.slice(0, 1), cartIdentifier: saved.body.cartIdentifier },
    });
    expect(updated.body).toEqual(saved.body);

    const restored = await call(t.url, 'GET', `/api/reservations/${saved.body.resId}?uuid=${owner}`, owner);
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({
      cartIdentifier: saved.body.cartIdentifier,
      resId: saved.body.resId,
      status: 'open',
      reservationIdentifier: null,
    });
    expect(restored.body.cart.seats).toHaveLength(1);
    expect(restored.body.cart.products).toEqual([{ id: 1, quantity: 2 }]);
    expect(restored.body.cart.cartIdentifier).toBe(saved.body.cartIdentifier);
    // Card data is never stored.
    expect(restored.body.cart.creditcardInfo).toBeUndefined();
    expect(
      JSON.stringify((await sql.query('SELECT cart FROM cart WHERE res_id = $1', [saved.body.resId])).rows[0].cart),
    ).not.toContain('4580');

    expect((await call(t.url, 'GET', `/api/reservations/${saved.body.resId}`, stranger)).body.error).toBe(
      'CART_NOT_FOUND',
    );
    // ?uuid= is ignored: the header decides (a uuid in a link must not open someone else's cart).
    expect((await call(t.url, 'GET', `/api/reservations/${saved.body.resId}?uuid=${stranger}`, owner)).status).toBe(
      200,
    );
    expect((await call(t.url, 'GET', `/api/reservations/${saved.body.resId}?uuid=${owner}`, stranger)).status).toBe(
      404,
    );
    expect((await call(t.url, 'GET', `/api/reservations/${'x'.repeat(16)}`, owner)).status).toBe(404);
    expect((await call(t.url, 'GET', '/api/reservations/bad!', owner)).status).toBe(400);
    // Someone else cannot overwrite it either.
    const hijack = await call(t.url, 'POST', '/api/cart', stranger, {
      recaptchaToken: strangerToken,
      cart: { ...cart, cartIdentifier: saved.body.cartIdentifier },
    });
    expect(hijack.body.error).toBe('CART_NOT_FOUND');
    expect(
      (await call(t.url, 'POST', '/api/cart', owner, { cart, uuid: stranger, recaptchaToken: token })).status,
    ).toBe(400);
  });

  test('bad carts are 400 and store nothing', async () => {
    const v = newVisitor();
    const before = Number((await sql.query('SELECT count(*) FROM cart')).rows[0].count);
    for (const body of [
      {},
      { cart: {} },
      { cart: { seats: 'x' } },
      { cart: { seats: [{ prsntId: 1 }] } },
      { cart: { seats: [], numberOfPayments: 0 } },
      '{"cart":',
    ]) {
      const r = await fetch(`${t.url}/api/cart`, {
        method: 'POST',
        headers: { uuid: v, 'content-type': 'application/json' },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
      expect(r.status).toBe(400);
      expect(await r.json()).toMatchObject({ error: 'INVALID_BODY', message: expect.any(String) });
    }
    expect(Number((await sql.query('SELECT count(*) FROM cart')).rows[0].count)).toBe(before);
  });

  test('the customer-form settings are published for the storefront', async () => {
    const r = await call(t.url, 'GET', '/api/payment/customer-form', newVisitor());
    expect(r.body.fields.firstName).toEqual({ isRequired: true, isIncluded: true });
    expect(r.body.fields.city).toEqual({ isRequired: false, isIncluded: false });
    expect(r.body.termsRequired).toBe(true);
  });
});

describe('lock timer running out', () => {
  test('a commit after the seat locks expired (LOCK_TTL_SECONDS=1) is LOCKS_EXPIRED and sells nothing', async () => {
    const env = await startBooking({ LOCK_TTL_SECONDS: '1', SEAT_SWEEP_INTERVAL_MS: '50' });
    try {
      const show = await loadShow(env.t.url, 2);
      const b = await buyer(env.t.url);
      const seats = plainSeats(show).slice(0, 2);
      await lockAll(env.t.url, b, show, seats);
      await new Promise((r) => setTimeout(r, 1500));
      const r = await commit(
        env.t.url,
        b,
        cartOf(
          seats.map((s) => cartSeat(show, s)),
          { paymentIdentifier: 'sbx_auth_whatever' },
        ),
        '?lang=en',
      );
      expect(r.status).toBe(409);
      expect(r.body).toEqual({
        error: 'LOCKS_EXPIRED',
        message: 'The time to hold your seats has run out. Please choose your seats again.',
        details: { seats: [0, 1] },
        requestId: expect.any(String),
      });
      expect(Number((await env.sql.query('SELECT count(*) FROM reservation')).rows[0].count)).toBe(0);
      expect(Number((await env.sql.query('SELECT count(*) FROM payment')).rows[0].count)).toBe(0);
    } finally {
      await env.close();
    }
  });
});

import type { Client } from 'pg';
import { checkTicketCode } from '@hotline/shared';
import { ed25519Verify } from '../../src/checkin/ed25519';
import type { TestApp } from '../support/test-env';
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
  waitFor,
  type ShowInfo,
} from './support/booking-kit';

/**
 * POST /api/payment/commit against the real server, PostgreSQL, Redis and ALTCHA:
 * the happy path to an e-ticket, the refusals that must change nothing, and
 * idempotent replays.
 */
describe('payment commit', () => {
  let env: Awaited<ReturnType<typeof startBooking>>;
  let t: TestApp;
  let sql: Client;
  let show: ShowInfo;
  let free: ReturnType<typeof plainSeats>;
  const take = (n: number) => free.splice(0, n);

  beforeAll(async () => {
    // Confirmation links are built from PUBLIC_BASE_URL, never from a request's Host.
    env = await startBooking({ PUBLIC_BASE_URL: 'https://tickets.example.org' });
    ({ t, sql } = env);
    show = await loadShow(t.url, 1);
    free = plainSeats(show);
  });
  afterAll(() => env.close());

  const sales = async () => ({
    reservations: await count(sql, 'SELECT count(*) FROM reservation'),
    tickets: await count(sql, 'SELECT count(*) FROM reservation_ticket'),
    payments: await count(sql, 'SELECT count(*) FROM payment'),
    charges: await count(sql, 'SELECT count(*) FROM sandbox_charge'),
  });

  test('a paid order: reservation, tickets, card payment, seats sold, confirmation sent, e-ticket with QR and .ics', async () => {
    const b = await buyer(t.url);
    const seats = take(2);
    await lockAll(t.url, b, show, seats);
    const saved = await call(t.url, 'POST', '/api/cart', b.id, {
      cart: cartOf(seats.map((s) => cartSeat(show, s))),
      uuid: b.id,
      recaptchaToken: b.token,
    });
    expect(saved.status).toBe(201);
    const paymentIdentifier = await authoriseCard(t.url, b, TEST_CARDS.approve, { instalments: 3 });
    const cart = cartOf(
      seats.map((s) => cartSeat(show, s)),
      { cartIdentifier: saved.body.cartIdentifier, paymentIdentifier },
    );

    const r = await commit(t.url, b, cart);
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      cartIdentifier: saved.body.cartIdentifier,
      total: cart.total,
      charged: cart.total,
      replayed: false,
    });
    expect(r.body.reservationIdentifier).toMatch(/^HL[0-9A-Z]{10}$/);
    expect(r.body.ticketIdentifiers).toHaveLength(2);

    const res = (
      await sql.query('SELECT id, state, total_agorot, customer FROM reservation WHERE identifier = $1', [
        r.body.reservationIdentifier,
      ])
    ).rows[0];
    expect(res).toMatchObject({ state: 'paid', total_agorot: Math.round(cart.total! * 100) });
    expect(res.customer).toMatchObject({ firstName: 'ישראל', mobileNumber: '0501234567', email: 'israel@example.com' });
    const pay = (
      await sql.query(
        'SELECT method, status, amount_agorot, instalments, provider FROM payment WHERE reservation_id = $1',
        [res.id],
      )
    ).rows;
    expect(pay).toEqual([
      {
        method: 'card',
        status: 'approved',
        amount_agorot: Math.round(cart.total! * 100),
        instalments: 3,
        provider: 'sandbox',
      },
    ]);
    expect(
      await count(sql, "SELECT count(*) FROM reservation_ticket WHERE reservation_id = $1 AND status = 'live'", [
        res.id,
      ]),
    ).toBe(2);

    // Redis says sold: an outsider sees status 4 (sold) on both seats.
    const status = await call(
      t.url,
      'GET',
      `/api/seats/seats-status?presentationId=1&venueTypeId=1&isReserved=1`,
      b.id,
    );
    for (const s of seats) {
      const row = status.body.seats.find(
        (x: number[]) => x[0] === s.VenueSectionId && x[2] === s.XCoordinate && x[3] === s.YCoordinate,
      );
      expect(row[6]).not.toBe(1);
      expect(row[6]).not.toBe(2);
    }

    // The saved cart is now paid and restores with the reservation.
    const restored = await call(t.url, 'GET', `/api/reservations/${saved.body.resId}?uuid=${b.id}`, b.id);
    expect(restored.body).toMatchObject({ status: 'paid', reservationIdentifier: r.body.reservationIdentifier });

    // Confirmation through the outbox: an e-mail and an SMS in sent_message.
    const messages = await waitFor(async () => {
      const rows = (
        await sql.query(
          'SELECT channel, recipient, subject, body FROM sent_message WHERE reservation_id = $1 ORDER BY channel',
          [res.id],
        )
      ).rows;
      return rows.length === 2 ? rows : null;
    });
    expect(messages.map((m) => [m.channel, m.recipient])).toEqual([
      ['email', 'israel@example.com'],
      ['sms', '0501234567'],
    ]);
    expect(messages[0].subject).toContain(r.body.reservationIdentifier);
    expect(messages[0].body).toContain(`https://tickets.example.org/edocument/${r.body.documentKey}`);
    const dev = await call(
      t.url,
      'GET',
      `/api/notifications/dev/sent-messages?reservationIdentifier=${r.body.reservationIdentifier}`,
      b.id,
    );
    expect(dev.body.messages).toHaveLength(2);

    // The e-ticket.
    const doc = await call(t.url, 'GET', `/api/edocument/${r.body.documentKey}?lang=en`, b.id);
    expect(doc.status).toBe(200);
    expect(doc.body.reservation.reservationIdentifier).toBe(r.body.reservationIdentifier);
    expect(doc.body.reservation.tickets).toHaveLength(2);
    const ticket = doc.body.reservation.tickets[0];
    expect(ticket.qrSvg).toMatch(/^<svg/);
    // The signed door code (docs/door-checkin.md): names one of the order's tickets, checked with the public keys.
    const keys = await call(t.url, 'GET', '/api/checkin/keys', b.id);
    const verdict = checkTicketCode(ticket.qrText, keys.body.keys, new Date('2026-01-01T00:00:00Z'), ed25519Verify);
    expect(verdict.verdict === 'genuine' && verdict.fields.ticketIdentifier).toBe(ticket.ticketIdentifier);
    expect(r.body.ticketIdentifiers).toContain(ticket.ticketIdentifier);
    expect(ticket).toMatchObject({
      venueNameEn: expect.any(String),
      rowName: expect.any(String),
      seatName: expect.any(String),
      price: cart.seats[0]!.amount,
    });
    expect(ticket.localDateTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    // The e-ticket names the show, venue, location, section and ticket type in Russian and Arabic too.
    for (const field of ['featureName', 'venueName', 'locationName', 'sectionName', 'ticketName']) {
      expect(ticket[`${field}Ru`]).toMatch(/[а-яё]/i);
      expect(ticket[`${field}Ar`]).toMatch(/[\u0600-\u06ff]/);
    }
    expect(doc.body.reservation.customerName).toBe('ישראל ישראלי');

    const ics = await fetch(`${t.url}/api/edocument/${r.body.documentKey}/calendar.ics?lang=he`, {
      headers: { uuid: b.id },
    });
    expect(ics.status).toBe(200);
    expect(ics.headers.get('content-type')).toMatch(/^text\/calendar/);
    const text = await ics.text();
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(text).toContain('BEGIN:VEVENT');
    expect(text).toMatch(/DTSTART:\d{8}T\d{6}Z/);
    expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(text).toContain(r.body.reservationIdentifier);
    // The calendar in Russian names the show in Russian (the text is folded at 75 bytes: compare unfolded).
    const icsRu = await fetch(`${t.url}/api/edocument/${r.body.documentKey}/calendar.ics?lang=ru`, {
      headers: { uuid: b.id },
    });
    expect((await icsRu.text()).replace(/\r\n /g, '')).toContain(`SUMMARY:${ticket.featureNameRu}`);

    expect((await call(t.url, 'GET', `/api/edocument/${'A'.repeat(43)}`, b.id)).body.error).toBe('DOCUMENT_NOT_FOUND');
    expect((await call(t.url, 'GET', '/api/edocument/short', b.id)).status).toBe(400);
  });

  test('a replayed commit answers the same reservation and the provider is charged once', async () => {
    const b = await buyer(t.url);
    const seats = take(1);
    await lockAll(t.url, b, show, seats);
    const paymentIdentifier = await authoriseCard(t.url, b, TEST_CARDS.approve);
    const cart = cartOf(
      seats.map((s) => cartSeat(show, s)),
      { cartIdentifier: crypto.randomUUID(), paymentIdentifier },
    );
    const before = await sales();
    const first = await commit(t.url, b, cart);
    expect(first.status).toBe(201);
    // The same cart again, and again concurrently: same answer, no new charge.
    const replays = await Promise.all([commit(t.url, b, cart), commit(t.url, b, cart), commit(t.url, b, cart)]);
    for (const r of replays) {
      expect(r.status).toBe(201);
      expect(r.body).toMatchObject({
        reservationIdentifier: first.body.reservationIdentifier,
        ticketIdentifiers: first.body.ticketIdentifiers,
        replayed: true,
      });
    }
    const after = await sales();
    expect(after).toEqual({
      ...before,
      reservations: before.reservations + 1,
      tickets: before.tickets + 1,
      payments: before.payments + 1,
      charges: before.charges + 1,
    });
    // Someone else replaying this cart identifier gets nothing.
    const stranger = await buyer(t.url);
    expect((await commit(t.url, stranger, cart)).body.error).toBe('CART_NOT_FOUND');
  });

  test('a tampered price is refused with PRICE_MISMATCH; nothing is written or charged', async () => {
    const b = await buyer(t.url);
    const seats = take(2);
    await lockAll(t.url, b, show, seats);
    const paymentIdentifier = await authoriseCard(t.url, b, TEST_CARDS.approve);
    const honest = cartOf(
      seats.map((s) => cartSeat(show, s)),
      { paymentIdentifier },
    );
    const before = await sales();
    const cheapSeat = { ...honest, seats: [{ ...honest.seats[0]!, amount: 1 }, honest.seats[1]!] };
    const cheapTotal = { ...honest, total: 1 };
    const noServiceCharge = {
      ...honest,
      seats: honest.seats.map((s) => ({ ...s, serviceCharge: 0 })),
      total: honest.seats.reduce((a, s) => a + s.amount, 0),
    };
    for (const cart of [cheapSeat, cheapTotal, noServiceCharge]) {
      const r = await commit(t.url, b, cart, '?lang=en');
      expect(r.status).toBe(409);
      expect(r.body.error).toBe('PRICE_MISMATCH');
      expect(r.body.message).toMatch(/prices in your order have changed/);
      expect(r.body.details.mismatches.length).toBeGreaterThan(0);
    }
    expect(await sales()).toEqual(before);
    expect(await count(sql, 'SELECT count(*) FROM cart WHERE visitor_id = $1', [b.id])).toBe(0);
    // And the honest cart still goes through afterwards.
    expect((await commit(t.url, b, honest)).status).toBe(201);
  });

  test('locks that expired (released) refuse the commit with LOCKS_EXPIRED and sell nothing', async () => {
    const b = await buyer(t.url);
    const seats = take(1);
    await lockAll(t.url, b, show, seats);
    const paymentIdentifier = await authoriseCard(t.url, b, TEST_CARDS.approve);
    const cart = cartOf(
      seats.map((s) => cartSeat(show, s)),
      { paymentIdentifier },
    );
    const unlock = await call(t.url, 'PUT', '/api/seats/unlock-seat', b.id, {
      recaptchaToken: b.token,
      seat: {
        PresentationId: 1,
        VenueId: show.venueId,
        VenueSeatplanId: show.seatplanId,
        VenueSectionId: seats[0]!.VenueSectionId,
        TicketGroupId: 0,
        XCoordinate: seats[0]!.XCoordinate,
        YCoordinate: seats[0]!.YCoordinate,
      },
    });
    expect(unlock.status).toBe(200);
    const before = await sales();
    const r = await commit(t.url, b, cart, '?lang=en');
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ error: 'LOCKS_EXPIRED', message: expect.stringMatching(/choose your seats again/) });
    expect(await sales()).toEqual(before);

    // A seat held by somebody else is SEAT_NOT_LOCKED, naming the seat.
    const other = await buyer(t.url);
    await lockAll(t.url, other, show, seats);
    const r2 = await commit(t.url, b, cart, '?lang=en');
    expect(r2.body.error).toBe('SEAT_NOT_LOCKED');
    expect(r2.body.message).toContain(`${seats[0]!.RowName}/${seats[0]!.SeatName}`);
    expect(await sales()).toEqual(before);
  });

  test('declined, insufficient funds, then a good card: one reservation, the failed attempts recorded, one approved charge', async () => {
    const b = await buyer(t.url);
    const seats = take(1);
    await lockAll(t.url, b, show, seats);
    const cartIdentifier = crypto.randomUUID();
    const base = cartOf(
      seats.map((s) => cartSeat(show, s)),
      { cartIdentifier },
    );

    const declined = await commit(
      t.url,
      b,
      { ...base, paymentIdentifier: await authoriseCard(t.url, b, TEST_CARDS.decline) },
      '?lang=he',
    );
    expect(declined.status).toBe(402);
    expect(declined.body).toMatchObject({
      error: 'PAYMENT_DECLINED',
      message: 'העסקה נדחתה על ידי חברת האשראי. נסו כרטיס אחר.',
    });
    const poor = await commit(t.url, b, {
      ...base,
      paymentIdentifier: await authoriseCard(t.url, b, TEST_CARDS.insufficient),
    });
    expect(poor.body.error).toBe('PAYMENT_INSUFFICIENT_FUNDS');
    expect(await count(sql, 'SELECT count(*) FROM reservation WHERE cart_identifier = $1', [cartIdentifier])).toBe(0);

    const ok = await commit(t.url, b, {
      ...base,
      paymentIdentifier: await authoriseCard(t.url, b, TEST_CARDS.approve),
    });
    expect(ok.status).toBe(201);
    const payments = (
      await sql.query('SELECT state AS status, error FROM money_attempt WHERE subject_id = $1 ORDER BY id', [
        cartIdentifier,
      ])
    ).rows;
    expect(payments).toEqual([
      { status: 'declined', error: 'declined' },
      { status: 'declined', error: 'insufficient_funds' },
      { status: 'approved', error: null },
    ]);
    expect(
      await count(sql, "SELECT count(*) FROM sandbox_charge WHERE idempotency_key LIKE $1 AND status = 'approved'", [
        `${cartIdentifier}:%`,
      ]),
    ).toBe(1);
  });

  test('a provider timeout answers PAYMENT_TIMEOUT, charges nothing and leaves the cart payable', async () => {
    const b = await buyer(t.url);
    const seats = take(1);
    await lockAll(t.url, b, show, seats);
    const cartIdentifier = crypto.randomUUID();
    const base = cartOf(
      seats.map((s) => cartSeat(show, s)),
      { cartIdentifier },
    );
    const r = await commit(
      t.url,
      b,
      { ...base, paymentIdentifier: await authoriseCard(t.url, b, TEST_CARDS.timeout) },
      '?lang=en',
    );
    expect(r.status).toBe(402);
    expect(r.body.error).toBe('PAYMENT_TIMEOUT');
    expect(
      (await sql.query('SELECT state AS status, error FROM money_attempt WHERE subject_id = $1', [cartIdentifier]))
        .rows,
    ).toEqual([{ status: 'failed', error: 'timeout' }]);
    expect(
      (await commit(t.url, b, { ...base, paymentIdentifier: await authoriseCard(t.url, b, TEST_CARDS.approve) }))
        .status,
    ).toBe(201);
  });

  test('bad input is a 4xx that changes nothing', async () => {
    const b = await buyer(t.url);
    const seats = take(1);
    await lockAll(t.url, b, show, seats);
    const good = cartOf(
      seats.map((s) => cartSeat(show, s)),
      { paymentIdentifier: await authoriseCard(t.url, b, TEST_CARDS.approve) },
    );
    const before = await sales();
    const settledPayments = await count(sql, "SELECT count(*) FROM money_attempt WHERE state <> 'failed'");
    const cases: [unknown, number, string][] = [
      [{ cart: good }, 400, 'INVALID_BODY'],
      [{ cart: { ...good, seats: [] }, recaptchaToken: b.token }, 400, 'CART_EMPTY'],
      [{ cart: { ...good, seats: [{ ...good.seats[0], amount: -5 }] }, recaptchaToken: b.token }, 400, 'INVALID_BODY'],
      [
        { cart: { ...good, seats: [{ ...good.seats[0], amount: 42.123 }] }, recaptchaToken: b.token },
        400,
        'INVALID_BODY',
      ],
      [
        { cart: { ...good, seats: [{ ...good.seats[0], ticketId: 999999 }] }, recaptchaToken: b.token },
        400,
        'CART_INVALID',
      ],
      [
        { cart: { ...good, seats: [{ ...good.seats[0], XCoordinate: 9999 }] }, recaptchaToken: b.token },
        400,
        'CART_INVALID',
      ],
      [{ cart: { ...good, seats: [good.seats[0], good.seats[0]] }, recaptchaToken: b.token }, 400, 'CART_INVALID'],
      [
        { cart: { ...good, seats: [{ ...good.seats[0], prsntId: 999999 }] }, recaptchaToken: b.token },
        404,
        'PRESENTATION_NOT_FOUND',
      ],
      [{ cart: { ...good, products: [{ id: 99999, quantity: 1 }] }, recaptchaToken: b.token }, 400, 'CART_INVALID'],
      [{ cart: { ...good, cartIdentifier: 'not-a-uuid' }, recaptchaToken: b.token }, 400, 'INVALID_BODY'],
      [{ cart: { ...good, paymentIdentifier: null }, recaptchaToken: b.token }, 402, 'PAYMENT_NOT_AUTHORISED'],
      [
        { cart: { ...good, paymentIdentifier: 'sbx_auth_forged' }, recaptchaToken: b.token },
        402,
        'PAYMENT_NOT_AUTHORISED',
      ],
      [{ cart: good, recaptchaToken: 'forged' }, 403, 'INVALID_CAPTCHA'],
      [
        {
          cart: { ...good, customerInfo: { ...good.customerInfo, verifyMobileNumber: '0529999999' } },
          recaptchaToken: b.token,
        },
        400,
        'CUSTOMER_INVALID',
      ],
      [
        { cart: { ...good, customerInfo: { ...good.customerInfo, termsAccepted: false } }, recaptchaToken: b.token },
        400,
        'CUSTOMER_INVALID',
      ],
    ];
    for (const [body, status, error] of cases) {
      const r = await call(t.url, 'POST', '/api/payment/commit', b.id, body);
      expect({ body: JSON.stringify(body).slice(0, 80), status: r.status, error: r.body.error }).toEqual({
        body: JSON.stringify(body).slice(0, 80),
        status,
        error,
      });
      expect(typeof r.body.message).toBe('string');
    }
    // Only the forged card authorisation left a trace: its payment attempt, recorded as failed.
    const after = await sales();
    expect({ ...after, payments: before.payments }).toEqual(before);
    expect(await count(sql, "SELECT count(*) FROM money_attempt WHERE state <> 'failed'")).toBe(settledPayments);
  });

  test("CUSTOMER_INVALID names the fields in the visitor's language", async () => {
    const b = await buyer(t.url);
    const seats = take(1);
    await lockAll(t.url, b, show, seats);
    const cart = cartOf(
      seats.map((s) => cartSeat(show, s)),
      {
        customerInfo: {
          firstName: '',
          lastName: 'Levi1',
          email: 'nope',
          mobileNumber: '050-1234567',
          verifyMobileNumber: '050-7654321',
          termsAccepted: true,
        },
      },
    );
    const he = await commit(t.url, b, cart, '?lang=he');
    expect(he.status).toBe(400);
    expect(he.body.error).toBe('CUSTOMER_INVALID');
    expect(he.body.details.fields).toEqual({
      firstName: 'השדה שם פרטי הוא שדה חובה!',
      lastName: 'יש להזין אותיות בלבד!',
      email: 'יש להזין כתובת דוא"ל תקינה!',
      verifyMobileNumber: 'מספרי הטלפון הנייד אינם תואמים',
    });
    const en = await commit(t.url, b, cart, '?lang=en');
    expect(en.body.details.fields).toMatchObject({
      firstName: 'the field first name is required!',
      verifyMobileNumber: 'mobile numbers do not match',
    });
  });
});

import type { Client } from 'pg';
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
  type Buyer,
  type ShowInfo,
} from './support/booking-kit';

/**
 * Coupons and voucher tickets by code (GET /api/presentations/:id/ticket) and
 * system vouchers (GET /api/payment/voucher), then their arithmetic through
 * POST /api/payment/commit: the server's sums, never the client's.
 */
describe('coupons, voucher tickets and system vouchers', () => {
  let env: Awaited<ReturnType<typeof startBooking>>;
  let t: TestApp;
  let sql: Client;
  let show: ShowInfo;
  let free: ReturnType<typeof plainSeats>;
  const take = (n: number) => free.splice(0, n);
  const group = () => show.groups.find((g) => g.tickets.length > 0 && g.zoneId === plainSeats(show)[0]!.TicketGroupId)!;
  const couponOf = async (code: string) =>
    (
      await sql.query('SELECT id, price, service_charge FROM ticket WHERE ticket_group_id = $1 AND code = $2', [
        group().id,
        code,
      ])
    ).rows[0];

  const ticketByCode = (b: Buyer, code: string, extra = '') =>
    call(
      t.url,
      'GET',
      `/api/presentations/1/ticket?ticketCode=${encodeURIComponent(code)}&ticketGroupId=${group().id}&recaptchaToken=${encodeURIComponent(b.token)}${extra}`,
      b.id,
    );
  const voucher = (b: Buyer, reference: string, lang = 'he') =>
    call(
      t.url,
      'GET',
      `/api/payment/voucher?reference=${encodeURIComponent(reference)}&recaptchaToken=${encodeURIComponent(b.token)}&lang=${lang}`,
      b.id,
    );

  beforeAll(async () => {
    env = await startBooking();
    ({ t, sql } = env);
    show = await loadShow(t.url, 1);
    free = plainSeats(show);
  });
  afterAll(() => env.close());

  describe('ticket by code', () => {
    test('a coupon, case-insensitive, sized to the seats the visitor holds in its ticket group', async () => {
      const b = await buyer(t.url);
      await lockAll(t.url, b, show, take(2));
      const r = await ticketByCode(b, 'hotline10');
      expect(r.status).toBe(200);
      const coupon = await couponOf('HOTLINE10');
      expect(r.body).toEqual({
        ticket: expect.objectContaining({
          id: coupon.id,
          code: 'HOTLINE10',
          nameEn: '10% off coupon',
          // The coupon's name in Russian and Arabic, as the catalogue's tickets carry it.
          nameRu: 'Купон со скидкой 10%',
          nameAr: 'قسيمة خصم 10%',
          price: coupon.price / 100,
          serviceCharge: 3,
          quantity: 2,
          balance: 200,
          isVoucher: false,
          multiplyFactor: 1,
        }),
        msg: null,
      });
    });

    test("the spec's coupon messages, verbatim", async () => {
      const g = group().id;
      await sql.query(
        `INSERT INTO ticket (ticket_group_id, name, name_en, price, service_charge, code, multiply_factor, balance)
         VALUES ($1, 'זוגי בקוד', 'Pair by code', 6000, 0, 'PAIR2', 2, 5), ($1, 'שלישייה', 'Trio', 9000, 0, 'TRIO3', 3, 5),
                ($1, 'אזל', 'Gone', 1000, 0, 'GONE', 1, 0)`,
        [g],
      );
      const none = await buyer(t.url);
      expect((await ticketByCode(none, 'PAIR2')).body).toEqual({
        error: 'COUPON_NO_ELIGIBLE_TICKETS',
        message: 'לא נמצאו כרטיסים שניתן להחיל עליהם את הקופון.',
        requestId: expect.any(String),
      });
      const one = await buyer(t.url);
      await lockAll(t.url, one, show, take(1));
      expect((await ticketByCode(one, 'PAIR2')).body).toEqual({
        error: 'COUPON_NEEDS_MORE_TICKETS',
        message: 'למימוש הקופון יש להוסיף כרטיס נוסף.',
        details: { missingTickets: 1 },
        requestId: expect.any(String),
      });
      expect((await ticketByCode(one, 'TRIO3')).body.message).toBe('למימוש הקופון יש להוסיף 2 כרטיסים נוספים.');
      expect((await ticketByCode(one, 'TRIO3', '&lang=en')).body.message).toBe(
        'Add 2 more tickets to use this coupon.',
      );
      expect((await ticketByCode(one, 'GONE')).body).toEqual({
        error: 'COUPON_USED_UP',
        message: 'קוד קופון כבר שומש, אנא נסו קופון אחר.',
        requestId: expect.any(String),
      });
      expect((await ticketByCode(one, 'GONE')).status).toBe(409);
    });

    test('unknown code, other group, already entered, no bot check', async () => {
      const b = await buyer(t.url);
      expect((await ticketByCode(b, 'NO-SUCH-CODE')).body.error).toBe('TICKET_CODE_NOT_FOUND');
      expect((await ticketByCode(b, 'NO-SUCH-CODE')).status).toBe(404);
      const wrongGroup = await call(
        t.url,
        'GET',
        `/api/presentations/1/ticket?ticketCode=HOTLINE10&ticketGroupId=999999&recaptchaToken=${encodeURIComponent(b.token)}`,
        b.id,
      );
      expect(wrongGroup.body.error).toBe('TICKET_NOT_FOUND');
      const coupon = await couponOf('HOTLINE10');
      expect((await ticketByCode(b, 'HOTLINE10', `&ignoreTicketIds=${coupon.id}`)).body.error).toBe(
        'TICKET_CODE_ALREADY_ENTERED',
      );
      expect((await call(t.url, 'GET', '/api/presentations/1/ticket?ticketCode=HOTLINE10', b.id)).status).toBe(400);
      expect(
        (await call(t.url, 'GET', '/api/presentations/1/ticket?ticketCode=HOTLINE10&recaptchaToken=forged', b.id))
          .status,
      ).toBe(403);
      expect(
        (
          await call(
            t.url,
            'GET',
            `/api/presentations/999999/ticket?ticketCode=HOTLINE10&recaptchaToken=${encodeURIComponent(b.token)}`,
            b.id,
          )
        ).body.error,
      ).toBe('PRESENTATION_NOT_FOUND');
    });
  });

  describe('coupon arithmetic through the commit', () => {
    test('two seats on the 10% coupon: the coupon price, counted as usage; without the code it is refused', async () => {
      const b = await buyer(t.url);
      const seats = take(2);
      await lockAll(t.url, b, show, seats);
      const coupon = (await ticketByCode(b, 'HOTLINE10')).body.ticket;
      const couponSeats = seats.map((s) => cartSeat(show, s, coupon));
      const paymentIdentifier = await authoriseCard(t.url, b, TEST_CARDS.approve);
      const cart = cartOf(couponSeats, { ticketCodes: ['hotline10'], paymentIdentifier });
      expect(cart.total).toBe(2 * (coupon.price + coupon.serviceCharge));

      const noCode = await commit(t.url, b, { ...cart, ticketCodes: [] });
      expect(noCode.body.error).toBe('TICKET_CODE_NOT_FOUND');
      const r = await commit(t.url, b, cart);
      expect(r.status).toBe(201);
      expect(r.body.charged).toBe(cart.total);
      expect(
        await count(sql, "SELECT count(*) FROM reservation_ticket WHERE ticket_id = $1 AND status = 'live'", [
          coupon.id,
        ]),
      ).toBe(2);
      const after = await buyer(t.url);
      await lockAll(t.url, after, show, take(1));
      expect((await ticketByCode(after, 'HOTLINE10')).body.ticket.balance).toBe(198);
    });

    test('a coupon with one use left covers one seat; asking for two at commit is COUPON_USED_UP', async () => {
      const g = group().id;
      await sql.query(
        `INSERT INTO ticket (ticket_group_id, name, name_en, price, service_charge, code, balance) VALUES ($1, 'אחרון', 'Last one', 2000, 100, 'LAST1', 1)`,
        [g],
      );
      const b = await buyer(t.url);
      const seats = take(2);
      await lockAll(t.url, b, show, seats);
      const r = await ticketByCode(b, 'last1', '&lang=en');
      expect(r.body.ticket.quantity).toBe(1);
      expect(r.body.msg).toBe('The coupon applies to 1 of your 2 seats.');
      const coupon = r.body.ticket;
      const paymentIdentifier = await authoriseCard(t.url, b, TEST_CARDS.approve);
      const both = cartOf(
        seats.map((s) => cartSeat(show, s, coupon)),
        { ticketCodes: ['LAST1'], paymentIdentifier },
      );
      const refused = await commit(t.url, b, both);
      expect(refused.body).toEqual({
        error: 'COUPON_USED_UP',
        message: 'קוד קופון כבר שומש, אנא נסו קופון אחר.',
        requestId: expect.any(String),
      });
      const mixed = cartOf([cartSeat(show, seats[0]!, coupon), cartSeat(show, seats[1]!)], {
        ticketCodes: ['LAST1'],
        paymentIdentifier,
      });
      const ok = await commit(t.url, b, mixed);
      expect(ok.status).toBe(201);
      expect(ok.body.total).toBe(20 + 1 + group().tickets[0]!.price + group().tickets[0]!.serviceCharge);
    });

    test('a voucher ticket (prepaid seat) makes a free order: no card needed, no payment row', async () => {
      const b = await buyer(t.url);
      const seats = take(1);
      await lockAll(t.url, b, show, seats);
      const member = (await ticketByCode(b, 'member2026')).body.ticket;
      expect(member).toMatchObject({ isVoucher: true, price: 0, balance: 50, quantity: 1 });
      const r = await commit(t.url, b, cartOf([cartSeat(show, seats[0]!, member)], { ticketCodes: ['MEMBER2026'] }));
      expect(r.status).toBe(201);
      expect(r.body).toMatchObject({ total: 0, charged: 0 });
      const res = (await sql.query('SELECT id FROM reservation WHERE identifier = $1', [r.body.reservationIdentifier]))
        .rows[0];
      expect(await count(sql, 'SELECT count(*) FROM payment WHERE reservation_id = $1', [res.id])).toBe(0);
    });
  });

  describe('system vouchers', () => {
    test("lookup: balance in shekels, and the spec's refusals", async () => {
      const b = await buyer(t.url);
      const r = await voucher(b, 'gift-30');
      expect(r.status).toBe(200);
      expect(r.body.payment).toMatchObject({ code: 'GIFT-30', balance: 30, systemVoucher: true, expiresAt: null });
      expect((await voucher(b, 'GIFT-EMPTY')).body).toMatchObject({
        error: 'VOUCHER_NO_BALANCE',
        message: 'לא נותרה יתרה למימוש הטבה',
      });
      expect((await voucher(b, 'GIFT-EXPIRED', 'en')).body).toEqual({
        error: 'VOUCHER_EXPIRED',
        message: 'The voucher has expired.',
        requestId: expect.any(String),
      });
      expect((await voucher(b, 'NO-SUCH')).status).toBe(404);
      expect((await call(t.url, 'GET', '/api/payment/voucher?reference=GIFT-30', b.id)).status).toBe(400);
    });

    test('two vouchers pay in the order added (min of due and balance), the card pays the rest; balances go down', async () => {
      const b = await buyer(t.url);
      const seats = take(3);
      await lockAll(t.url, b, show, seats);
      const lines = seats.map((s) => cartSeat(show, s));
      const total = lines.reduce((a, s) => a + s.amount + s.serviceCharge, 0); // 3 x 45 = 135
      const v30 = (await voucher(b, 'GIFT-30')).body.payment;
      const v100 = (await voucher(b, 'GIFT-100')).body.payment;
      const paymentIdentifier = await authoriseCard(t.url, b, TEST_CARDS.approve);
      const cart = cartOf(lines, {
        paymentIdentifier,
        voucherPayments: [
          { id: v30.id, code: v30.code, amount: 30 },
          { id: v100.id, code: 'gift-100', amount: 100 },
        ],
      });
      // The client claiming the vouchers pay something else is a price mismatch.
      const wrong = await commit(t.url, b, {
        ...cart,
        voucherPayments: [
          { id: v30.id, code: v30.code, amount: 30 },
          { id: v100.id, code: v100.code, amount: 105 },
        ],
      });
      expect(wrong.body.error).toBe('PRICE_MISMATCH');
      // A voucher id with somebody else's code is not proof of holding it.
      expect(
        (await commit(t.url, b, { ...cart, voucherPayments: [{ id: v30.id, code: 'GIFT-100', amount: 30 }] })).body
          .error,
      ).toBe('VOUCHER_NOT_FOUND');
      // The same voucher named twice was a 500 (the allocation's RangeError); now a refusal that says so.
      const twice = await commit(
        t.url,
        b,
        {
          ...cart,
          voucherPayments: [
            { id: v30.id, code: v30.code, amount: 15 },
            { id: v30.id, code: v30.code, amount: 15 },
          ],
        },
        '?lang=en',
      );
      expect(twice.status).toBe(400);
      expect(twice.body).toEqual({
        error: 'VOUCHER_LISTED_TWICE',
        message:
          'The same voucher is listed twice in this order. Use it once, with the whole amount you want to redeem.',
        requestId: expect.any(String),
      });

      const r = await commit(t.url, b, cart);
      expect(r.status).toBe(201);
      expect(r.body).toMatchObject({ total, charged: total - 130 });
      const res = (await sql.query('SELECT id FROM reservation WHERE identifier = $1', [r.body.reservationIdentifier]))
        .rows[0];
      const pays = (
        await sql.query(
          'SELECT method, provider_reference, amount_agorot FROM payment WHERE reservation_id = $1 ORDER BY method, amount_agorot',
          [res.id],
        )
      ).rows;
      expect(pays).toEqual([
        { method: 'card', provider_reference: expect.stringMatching(/^sbx_ch_/), amount_agorot: (total - 130) * 100 },
        { method: 'voucher', provider_reference: 'GIFT-30', amount_agorot: 3000 },
        { method: 'voucher', provider_reference: 'GIFT-100', amount_agorot: 10000 },
      ]);
      expect((await voucher(b, 'GIFT-30')).body.error).toBe('VOUCHER_NO_BALANCE');
      expect(
        Number(
          (await sql.query("SELECT balance_agorot FROM system_voucher WHERE reference = 'GIFT-100'")).rows[0]
            .balance_agorot,
        ),
      ).toBe(0);
    });

    test('two orders racing for one voucher: one pays, the other is refused, the balance never goes below zero', async () => {
      const v = (await sql.query("SELECT id, balance_agorot FROM system_voucher WHERE reference = 'GIFT-250'")).rows[0];
      expect(v.balance_agorot).toBe(25_000);
      const buyers = await Promise.all([buyer(t.url), buyer(t.url)]);
      const carts: ReturnType<typeof cartOf>[] = [];
      for (const b of buyers) {
        const seats = take(3);
        await lockAll(t.url, b, show, seats);
        const lines = seats.map((s) => cartSeat(show, s));
        const total = lines.reduce((a, s) => a + s.amount + s.serviceCharge, 0);
        carts.push(cartOf(lines, { voucherPayments: [{ id: Number(v.id), code: 'GIFT-250', amount: total }] }));
      }
      const results = await Promise.all(buyers.map((b, i) => commit(t.url, b, carts[i]!)));
      const ok = results.filter((r) => r.status === 201);
      const refused = results.filter((r) => r.status !== 201);
      expect(ok).toHaveLength(1);
      expect(['VOUCHER_NO_BALANCE', 'PRICE_MISMATCH']).toContain(refused[0]!.body.error);
      const balance = (await sql.query('SELECT balance_agorot FROM system_voucher WHERE id = $1', [v.id])).rows[0]
        .balance_agorot;
      expect(balance).toBe(25_000 - Math.round(carts[0]!.total! * 100));
    });
  });
});

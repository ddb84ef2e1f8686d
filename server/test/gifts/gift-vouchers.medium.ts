import { Client } from 'pg';
import { BookingErrors } from '../../src/cart/booking.errors';
import { LOCALES } from '../../src/common/locale';
import { CustomersErrors } from '../../src/customers/customers.errors';
import { GiftErrors } from '../../src/gifts/gifts.errors';
import {
  buyer,
  call,
  cartOf,
  cartSeat,
  commit,
  count,
  lockAll,
  loadShow,
  newVisitor,
  plainSeats,
  waitFor,
  type Buyer,
  type ShowInfo,
} from '../booking/support/booking-kit';
import {
  buySeats,
  cancellableShow,
  customerClient,
  logIn,
  type CustomerClient,
} from '../customers/support/customer-kit';
import { startTestApp, type TestApp } from '../support/test-env';
import { GIFT_BUYER, messagesOf, offers, payByCard, voucherCart, voucherItem } from './support/gift-kit';

const ISRAEL = { ssn: '000000018', mobile: '0501234567' };
const DANA = { ssn: '000000026', mobile: '0527654321' };
const TEXTS = { ...BookingErrors, ...CustomersErrors, ...GiftErrors };

/**
 * Gift (system) vouchers end to end against the real server: sold as
 * their own kind of cart through the one commit, delivered by the outbox, paying
 * part of a ticket order, their history, cancel (money back) and replacement in
 * the customer area, store credit as a voucher, and every refusal in four languages.
 */
describe('gift vouchers', () => {
  let t: TestApp;
  let sql: Client;
  let show: ShowInfo;
  let free: ReturnType<typeof plainSeats>;
  const take = (n: number) => free.splice(0, n);

  beforeAll(async () => {
    t = await startTestApp({
      OUTBOX_POLL_MS: '50',
      CANCELLATION_RECOVERY_MS: '0',
      CUSTOMER_OTP_SENDS_PER_MOBILE_HOUR: '1000',
      CUSTOMER_OTP_GUESSES_PER_MOBILE_HOUR: '1000',
    });
    sql = new Client({ connectionString: t.db.url });
    await sql.connect();
    show = await loadShow(t.url, 1);
    free = plainSeats(show);
  });
  afterAll(async () => {
    await sql.end();
    await t.close();
  });

  const history = (ref: string, lang = 'en') =>
    call(t.url, 'GET', `/api/system-vouchers/${encodeURIComponent(ref)}/history?lang=${lang}`, newVisitor());
  const lookup = (b: Buyer, ref: string, lang = 'en') =>
    call(
      t.url,
      'GET',
      `/api/payment/voucher?reference=${encodeURIComponent(ref)}&recaptchaToken=${encodeURIComponent(b.token)}&lang=${lang}`,
      b.id,
    );
  /** Every language's text of a refusal is the catalogue's. */
  const expectRefusal = async (
    ask: (lang: string) => Promise<{ status: number; body: { error: string; message: string } }>,
    code: keyof typeof TEXTS,
    status: number,
  ) => {
    for (const lang of LOCALES) {
      const r = await ask(lang);
      expect({ status: r.status, error: r.body.error }).toEqual({ status, error: code });
      expect(r.body.message).toBe(TEXTS[code].message[lang]);
    }
  };
  const buyGift = async (quantity = 1, priceIndex = 0) => {
    const b = await buyer(t.url);
    const list = await offers(t.url, b.id);
    const r = await payByCard(t.url, b, voucherCart([voucherItem(list, 0, priceIndex, quantity)]));
    if (r.status !== 201) throw new Error(`voucher order ${r.status} ${JSON.stringify(r.body)}`);
    return r.body as {
      reservationIdentifier: string;
      systemVouchers: { Reference: string; Value: number; EndDate: string }[];
      total: number;
      charged: number;
    };
  };

  test('GET /system-vouchers lists what is on sale, by super class too; an empty class is NO_VOUCHERS_FOR_SALE', async () => {
    const list = await offers(t.url, newVisitor());
    expect(list.maxPerOrder).toBe(10);
    expect(list.vouchers[0]).toMatchObject({
      SystemVoucherSuperClassId: 1,
      NameEn: 'Gift voucher',
      // Russian and Arabic names and descriptions beside the spec's Hebrew and English.
      NameRu: 'Подарочный ваучер',
      NameAr: 'قسيمة هدية',
      DescriptionRu: expect.stringMatching(/^[^\u0590-\u05ff]*[а-яё][^\u0590-\u05ff]*$/i),
      DescriptionAr: expect.stringMatching(/[\u0600-\u06ff]/),
      ValidDays: 365,
      Prices: [
        { Price: 100, redemptionData: { price: 100 }, selectedQuantity: 0, IsNew: false },
        { Price: 200, redemptionData: { price: 200 } },
        { Price: 450, redemptionData: { price: 500 }, IsNew: true },
      ],
    });
    const two = await call(t.url, 'GET', '/api/system-vouchers/2', newVisitor());
    expect(two.body.vouchers.map((v: { SystemVoucherSuperClassId: number }) => v.SystemVoucherSuperClassId)).toEqual([
      2,
    ]);
    const none = await call(t.url, 'GET', '/api/system-vouchers/99?lang=ru', newVisitor());
    expect(none.status).toBe(404);
    expect(none.body).toEqual({
      error: 'NO_VOUCHERS_FOR_SALE',
      message: GiftErrors.NO_VOUCHERS_FOR_SALE.message.ru,
      requestId: expect.any(String),
    });
  });

  test('bought through the one commit: references, balances, dates, the message carries the reference, history shows the purchase', async () => {
    const before = await count(sql, 'SELECT count(*) FROM system_voucher');
    const order = await buyGift(2, 2); // 2 x pay 450, worth 500 each
    expect(order).toMatchObject({ total: 900, charged: 900 });
    expect(order.systemVouchers).toHaveLength(2);
    for (const v of order.systemVouchers) expect(v.Reference).toMatch(/^GV[0-9A-HJKMNP-TV-Z]{16}$/);
    expect(await count(sql, 'SELECT count(*) FROM system_voucher')).toBe(before + 2);
    const rows = (
      await sql.query(
        `SELECT v.initial_agorot, v.balance_agorot, v.expires_at - v.starts_at AS valid, r.state, r.total_agorot
           FROM system_voucher v JOIN reservation r ON r.id = v.reservation_id WHERE r.identifier = $1`,
        [order.reservationIdentifier],
      )
    ).rows;
    expect(rows).toEqual([
      { initial_agorot: 50_000, balance_agorot: 50_000, valid: { days: 365 }, state: 'paid', total_agorot: 90_000 },
      { initial_agorot: 50_000, balance_agorot: 50_000, valid: { days: 365 }, state: 'paid', total_agorot: 90_000 },
    ]);
    // No tickets, no handling fee on a voucher order.
    expect(
      await count(
        sql,
        'SELECT count(*) FROM reservation_ticket rt JOIN reservation r ON r.id = rt.reservation_id WHERE r.identifier = $1',
        [order.reservationIdentifier],
      ),
    ).toBe(0);
    const messages = await waitFor(async () => {
      const m = await messagesOf(sql, order.reservationIdentifier);
      return m.length === 2 ? m : null;
    });
    for (const m of messages) for (const v of order.systemVouchers) expect(m.body).toContain(v.Reference);
    const h = await history(order.systemVouchers[0]!.Reference.toLowerCase());
    expect(h.status).toBe(200);
    expect(h.body).toMatchObject({ Value: 500, Balance: 500, IsActive: true, IsForReplacement: false });
    // A sold voucher keeps its class's names in all four languages.
    expect(h.body).toMatchObject({ NameEn: 'Gift voucher', NameRu: 'Подарочный ваучер', NameAr: 'قسيمة هدية' });
    expect(h.body.history).toEqual([
      {
        kind: 'purchase',
        amount: 500,
        balance: 500,
        date: expect.any(String),
        reservationIdentifier: order.reservationIdentifier,
      },
    ]);
  });

  test('a bought voucher pays part of a ticket order; the draw-down is in its history; the rest goes to the card', async () => {
    const gift = (await buyGift(1, 0)).systemVouchers[0]!; // worth 100
    const b = await buyer(t.url);
    const seats = take(3);
    await lockAll(t.url, b, show, seats);
    const lines = seats.map((s) => cartSeat(show, s));
    const total = lines.reduce((a, s) => a + s.amount + s.serviceCharge, 0);
    expect(total).toBeGreaterThan(100);
    const v = (await lookup(b, gift.Reference)).body.payment;
    expect(v).toMatchObject({ code: gift.Reference, balance: 100, systemVoucher: true });
    const r = await payByCard(
      t.url,
      b,
      cartOf(lines, { voucherPayments: [{ id: v.id, code: gift.Reference, amount: 100 }] }),
    );
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ total, charged: Math.round((total - 100) * 100) / 100 });
    const h = (await history(gift.Reference)).body;
    expect(h.Balance).toBe(0);
    expect(
      h.history.map((e: { kind: string; amount: number; balance: number }) => [e.kind, e.amount, e.balance]),
    ).toEqual([
      ['purchase', 100, 100],
      ['redemption', 100, 0],
    ]);
    expect(h.history[1].reservationIdentifier).toBe(r.body.reservationIdentifier);
    await expectRefusal((lang) => lookup(b, gift.Reference, lang), 'VOUCHER_NO_BALANCE', 409);
  });

  test('carts of two kinds are refused before anything is written; an empty cart too', async () => {
    const b = await buyer(t.url);
    const list = await offers(t.url, b.id);
    const seats = take(1);
    await lockAll(t.url, b, show, seats);
    const seat = cartSeat(show, seats[0]!);
    const donation = { donationId: 1, donationDetailId: 1, quantity: 1 };
    const reservations = await count(sql, 'SELECT count(*) FROM reservation');
    const payments = await count(sql, 'SELECT count(*) FROM payment');
    for (const cart of [
      { ...voucherCart([voucherItem(list, 0, 0)]), seats: [seat] },
      { ...voucherCart([voucherItem(list, 0, 0)]), donations: [donation] },
      { ...cartOf([seat]), donations: [donation] },
      { ...voucherCart([voucherItem(list, 0, 0)]), products: [{ id: 1, quantity: 1 }] },
    ]) {
      await expectRefusal((lang) => commit(t.url, b, cart, `?lang=${lang}`), 'CART_KINDS_MIXED', 400);
    }
    await expectRefusal((lang) => commit(t.url, b, voucherCart([]), `?lang=${lang}`), 'CART_EMPTY', 400);
    expect(await count(sql, 'SELECT count(*) FROM reservation')).toBe(reservations);
    expect(await count(sql, 'SELECT count(*) FROM payment')).toBe(payments);
  });

  test('the server prices voucher orders: a wrong price, an unknown price, more than 10 vouchers, no SSN', async () => {
    const b = await buyer(t.url);
    const list = await offers(t.url, b.id);
    const cheap = { ...voucherItem(list, 0, 0), Price: 1 };
    expect((await payByCard(t.url, b, voucherCart([cheap]))).body.error).toBe('PRICE_MISMATCH');
    const unknown = { ...voucherItem(list, 0, 0), SystemVoucherPriceId: 99_999 };
    expect((await payByCard(t.url, b, voucherCart([unknown]))).body.error).toBe('CART_INVALID');
    // A price of another voucher class is not this class's.
    const crossed = { ...voucherItem(list, 0, 0), SystemVoucherId: list.vouchers[1]!.SystemVoucherId };
    expect((await payByCard(t.url, b, voucherCart([crossed]))).body.error).toBe('CART_INVALID');
    const eleven = voucherCart([voucherItem(list, 0, 0, 6), voucherItem(list, 0, 1, 5)]);
    const tooMany = await payByCard(t.url, b, eleven);
    expect(tooMany.body.error).toBe('CART_INVALID');
    expect(tooMany.body.message).toContain('at most 10 vouchers');
    const noSsn = await payByCard(t.url, b, voucherCart([voucherItem(list, 0, 0)], { customerInfo: CUSTOMER_NO_SSN }));
    expect(noSsn.body.error).toBe('CUSTOMER_INVALID');
    expect(noSsn.body.details.fields).toHaveProperty('ssn');
  });

  test('refusals, each in he/en/ru/ar: not found, not active, expired, not sold in this outlet', async () => {
    const b = await buyer(t.url);
    await expectRefusal((lang) => history('GVNOSUCHVOUCHER0000', lang), 'SYSTEM_VOUCHER_NOT_FOUND', 404);
    await expectRefusal((lang) => lookup(b, 'NO-SUCH-REF', lang), 'VOUCHER_NOT_FOUND', 404);
    await expectRefusal((lang) => lookup(b, 'GIFT-EXPIRED', lang), 'VOUCHER_EXPIRED', 409);
    await expectRefusal((lang) => lookup(b, 'GIFT-EMPTY', lang), 'VOUCHER_NO_BALANCE', 409);
    // Valid only from a later date.
    const later = (await buyGift()).systemVouchers[0]!.Reference;
    await sql.query(`UPDATE system_voucher SET starts_at = now() + interval '2 days' WHERE reference = $1`, [later]);
    await expectRefusal((lang) => lookup(b, later, lang), 'SYSTEM_VOUCHER_NOT_ACTIVE', 409);
    // The evening-for-two voucher is sold only at the main hall's outlet.
    const list = await offers(t.url, b.id);
    const couple = list.vouchers.findIndex((v) => v.SystemVoucherSuperClassId === 2);
    const other = (await sql.query('SELECT max(id) AS id FROM location')).rows[0].id;
    await expectRefusal(
      (lang) =>
        payByCard(t.url, b, voucherCart([voucherItem(list, couple, 0)], { locationId: other }), `?lang=${lang}`),
      'SYSTEM_VOUCHER_NOT_SOLD_IN_OUTLET',
      409,
    );
    // ... and pays only for shows there.
    const bought = await payByCard(t.url, b, voucherCart([voucherItem(list, couple, 0)]));
    expect(bought.status).toBe(201);
    const ref = bought.body.systemVouchers[0].Reference as string;
    await sql.query(`UPDATE system_voucher_class SET location_ids = ARRAY[$1::int] WHERE id = $2`, [
      other === show.locationId ? 1 : other,
      list.vouchers[couple]!.SystemVoucherId,
    ]);
    const payer = await buyer(t.url);
    const seats = take(1);
    await lockAll(t.url, payer, show, seats);
    const v = (await lookup(payer, ref)).body.payment;
    const amount = cartSeat(show, seats[0]!).amount + cartSeat(show, seats[0]!).serviceCharge;
    await expectRefusal(
      (lang) =>
        commit(
          t.url,
          payer,
          cartOf([cartSeat(show, seats[0]!)], { voucherPayments: [{ id: v.id, code: ref, amount }] }),
          `?lang=${lang}`,
        ),
      'SYSTEM_VOUCHER_NOT_SOLD_IN_OUTLET',
      409,
    );
  });

  describe('in the customer area', () => {
    let israel: CustomerClient;
    beforeAll(async () => {
      israel = customerClient(t.url, newVisitor());
      await logIn(israel, sql, ISRAEL);
    });
    const area = async () => (await israel.call('GET', '/api/customer-area/customerAreaData')).body.customerAreaInfo;
    const refs = (info: { SystemVouchers: { Reference: string }[] }) => info.SystemVouchers.map((v) => v.Reference);

    test('a voucher bought with my mobile is mine: cancelling it unused gives its price back to the card', async () => {
      const order = await buyGift(1, 1); // 200
      const ref = order.systemVouchers[0]!.Reference;
      // The order is claimed by the verified mobile at the next login.
      await logIn(israel, sql, ISRAEL);
      expect(refs(await area())).toContain(ref);
      const r = await israel.call('POST', `/api/system-vouchers/${ref}/cancel`, {
        reservationIdentifier: order.reservationIdentifier,
      });
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ success: true, Reference: ref, RefundAgorot: 20_000 });
      const refunds = (
        await sql.query(
          `SELECT sr.amount_agorot FROM sandbox_refund sr JOIN payment p ON p.provider_reference = sr.charge_id
             JOIN reservation r ON r.id = p.reservation_id WHERE r.identifier = $1`,
          [order.reservationIdentifier],
        )
      ).rows;
      expect(refunds).toEqual([{ amount_agorot: 20_000 }]);
      expect(refs(await area())).not.toContain(ref);
      const h = (await history(ref)).body;
      expect(h.IsActive).toBe(false);
      expect(h.history.map((e: { kind: string }) => e.kind)).toEqual(['purchase', 'cancel']);
      await expectRefusal(
        (lang) => israel.call('POST', `/api/system-vouchers/${ref}/cancel?lang=${lang}`, {}),
        'SYSTEM_VOUCHER_NOT_ACTIVE',
        409,
      );
      // Once cancelled it pays nothing.
      const b = await buyer(t.url);
      await expectRefusal((lang) => lookup(b, ref, lang), 'SYSTEM_VOUCHER_NOT_ACTIVE', 409);
    });

    test('replacement: new dates valid the configured days, once; partly used cannot be cancelled; store credit is not cashed', async () => {
      const order = await buyGift(1, 0);
      const ref = order.systemVouchers[0]!.Reference;
      await logIn(israel, sql, ISRAEL);
      const r = await israel.call('POST', `/api/system-vouchers/${ref}/replacement`, {});
      expect(r.status).toBe(200);
      const days = (new Date(r.body.EndDate).getTime() - new Date(r.body.StartDate).getTime()) / 86_400_000;
      expect(Math.round(days)).toBe(t.config.CUSTOMER_REPLACEMENT_VOUCHER_DAYS);
      expect(r.body.IsForReplacement).toBe(true);
      await expectRefusal(
        (lang) => israel.call('POST', `/api/system-vouchers/${ref}/replacement?lang=${lang}`, {}),
        'SYSTEM_VOUCHER_ALREADY_FOR_REPLACEMENT',
        409,
      );
      expect((await history(ref)).body.history.map((e: { kind: string }) => e.kind)).toEqual([
        'purchase',
        'replacement',
      ]);
      // Someone else's voucher answers like a missing one.
      const dana = customerClient(t.url, newVisitor());
      await logIn(dana, sql, DANA);
      await expectRefusal(
        (lang) => dana.call('POST', `/api/system-vouchers/${ref}/cancel?lang=${lang}`, {}),
        'SYSTEM_VOUCHER_NOT_FOUND',
        404,
      );
      // Partly used.
      const partly = (await buyGift(1, 1)).systemVouchers[0]!.Reference;
      await logIn(israel, sql, ISRAEL);
      await sql.query(`UPDATE system_voucher SET balance_agorot = balance_agorot - 100 WHERE reference = $1`, [partly]);
      await expectRefusal(
        (lang) => israel.call('POST', `/api/system-vouchers/${partly}/cancel?lang=${lang}`, {}),
        'SYSTEM_VOUCHER_PARTIAL_REDEMPTION_NOT_ALLOWED',
        409,
      );
      // Store credit (CR...) from a cancellation.
      const [credit] = (
        await sql.query(
          `INSERT INTO system_voucher (reference, name, name_en, initial_agorot, balance_agorot, customer_id)
           VALUES ('CRTESTCREDIT1', 'זיכוי', 'Credit', 1000, 1000, (SELECT id FROM customer WHERE ssn = $1)) RETURNING reference`,
          [ISRAEL.ssn],
        )
      ).rows;
      await expectRefusal(
        (lang) => israel.call('POST', `/api/system-vouchers/${credit.reference}/cancel?lang=${lang}`, {}),
        'VOUCHER_CANCELLATION_NOT_ALLOWED',
        409,
      );
    });

    test('store credit from a cancelled order (refundToTransactionCredit) is a system voucher with its history', async () => {
      const later = await loadShow(t.url, await cancellableShow(sql));
      const order = await buySeats(t.url, later, plainSeats(later).slice(0, 1), ISRAEL.mobile);
      await logIn(israel, sql, ISRAEL);
      const r = await israel.call('POST', `/api/reservations/${order.reservationIdentifier}/cancel`, {
        refundToTransactionCredit: true,
      });
      expect(r.status).toBe(200);
      const [credit] = (
        await sql.query(
          `SELECT v.reference, v.balance_agorot FROM system_voucher v
             JOIN cancellation_refund cr ON cr.system_voucher_id = v.id JOIN cancellation c ON c.id = cr.cancellation_id
             JOIN reservation r ON r.id = c.reservation_id WHERE r.identifier = $1 AND cr.kind = 'credit'`,
          [order.reservationIdentifier],
        )
      ).rows;
      expect(credit.reference).toMatch(/^CR/);
      expect(refs(await area())).toContain(credit.reference);
      const h = (await history(credit.reference)).body;
      expect(h.history).toEqual([
        {
          kind: 'store_credit',
          amount: credit.balance_agorot / 100,
          balance: credit.balance_agorot / 100,
          date: expect.any(String),
          reservationIdentifier: order.reservationIdentifier,
        },
      ]);
      // Usable at checkout like any voucher.
      const b = await buyer(t.url);
      expect((await lookup(b, credit.reference)).body.payment.balance).toBe(credit.balance_agorot / 100);
    });
  });
});

const CUSTOMER_NO_SSN = { ...GIFT_BUYER, ssn: undefined };

import { Client } from 'pg';
import type { Cart, CartDonationItem, DonationsResponse } from '@hotline/shared';
import { BookingErrors } from '../../src/cart/booking.errors';
import { LOCALES } from '../../src/common/locale';
import { buyer, call, commit, count, newVisitor, waitFor, type Buyer } from '../booking/support/booking-kit';
import { startTestApp, type TestApp } from '../support/test-env';
import { GIFT_BUYER, messagesOf, payByCard } from './support/gift-kit';

/**
 * Donations through the one commit: preset amounts and a custom one,
 * server-priced, no handling fee, a receipt in the confirmation message; bad
 * amounts and options refused with nothing written.
 */
describe('donations', () => {
  let t: TestApp;
  let sql: Client;
  let list: DonationsResponse;

  beforeAll(async () => {
    t = await startTestApp({ OUTBOX_POLL_MS: '50', GLOBAL_SERVICE_CHARGE_AGOROT: '500' });
    sql = new Client({ connectionString: t.db.url });
    await sql.connect();
    list = (await call<DonationsResponse>(t.url, 'GET', '/api/donations', newVisitor())).body;
  });
  afterAll(async () => {
    await sql.end();
    await t.close();
  });

  const youth = () => list.donations.find((d) => d.Code === 'YOUTH')!;
  const artists = () => list.donations.find((d) => d.Code === 'ARTISTS')!;
  const preset = (d = youth(), i = 0) => d.donationDetails.filter((x) => !x.customAmount)[i]!;
  const custom = (d = youth()) => d.donationDetails.find((x) => x.customAmount)!;
  const donationCart = (items: CartDonationItem[], extra: Partial<Cart> = {}): Cart => {
    const total = items.reduce((s, i) => s + Math.round((i.customAmount ?? i.amount ?? 0) * 100) * i.quantity, 0) / 100;
    return { seats: [], donations: items, customerInfo: GIFT_BUYER, total, ...extra };
  };

  test('GET /donations: each donation with its preset amounts and one custom option', () => {
    expect(youth()).toMatchObject({
      Code: 'YOUTH',
      NameEn: 'Tickets for young people',
      NameRu: 'Билеты для молодёжи',
      NameAr: 'تذاكر للشباب',
      DescriptionRu: expect.stringMatching(/[а-яё]/i),
      DescriptionAr: expect.stringMatching(/[\u0600-\u06ff]/),
      MinCustomAmount: 10,
      MaxCustomAmount: 10_000,
      donationDetails: [
        { amount: 18, customAmount: false, selectedQuantity: 0 },
        { amount: 50, customAmount: false },
        { amount: 100, customAmount: false },
        { amount: 0, customAmount: true },
      ],
    });
    expect(artists().donationDetails.filter((d) => d.customAmount)).toHaveLength(1);
  });

  test('a preset and a custom amount in one order: server-priced, no handling fee, a receipt in the message', async () => {
    const b = await buyer(t.url);
    const cart = donationCart([
      { donationId: youth().id, donationDetailId: preset().id, quantity: 2, amount: 18 },
      { donationId: artists().id, donationDetailId: custom(artists()).id, quantity: 1, customAmount: 123.45 },
    ]);
    const r = await payByCard(t.url, b, cart);
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      total: 159.45,
      charged: 159.45,
      donations: [
        { donationId: youth().id, amount: 36 },
        { donationId: artists().id, amount: 123.45 },
      ],
    });
    const rows = (
      await sql.query(
        `SELECT d.donation_id, d.quantity, d.unit_agorot, d.receipt_number FROM reservation_donation d
           JOIN reservation r ON r.id = d.reservation_id WHERE r.identifier = $1 ORDER BY d.id`,
        [r.body.reservationIdentifier],
      )
    ).rows;
    expect(rows).toEqual([
      { donation_id: youth().id, quantity: 2, unit_agorot: 1800, receipt_number: expect.stringMatching(/^DR/) },
      { donation_id: artists().id, quantity: 1, unit_agorot: 12_345, receipt_number: expect.stringMatching(/^DR/) },
    ]);
    const messages = await waitFor(async () => {
      const m = await messagesOf(sql, r.body.reservationIdentifier);
      return m.length === 2 ? m : null;
    });
    const email = messages.find((m) => m.channel === 'email')!.body;
    expect(email).toContain('קבלה על תרומה');
    for (const row of rows) expect(email).toContain(row.receipt_number);
    expect(email).toContain('123.45');
  });

  test('paid partly with a gift voucher', async () => {
    const b = await buyer(t.url);
    const v = (
      await call(
        t.url,
        'GET',
        `/api/payment/voucher?reference=GIFT-30&recaptchaToken=${encodeURIComponent(b.token)}`,
        b.id,
      )
    ).body.payment;
    const fifty = { donationId: youth().id, donationDetailId: preset(youth(), 1).id, quantity: 1, amount: 50 };
    const cart = donationCart([fifty], {
      voucherPayments: [{ id: v.id, code: v.code, amount: 30 }],
    });
    const r = await payByCard(t.url, b, cart);
    expect(r.body).toMatchObject({ total: 50, charged: 20 });
    expect(r.status).toBe(201);
  });

  test('refusals change nothing: custom amount out of bounds (4 languages), wrong option, wrong amount, none chosen', async () => {
    const b: Buyer = await buyer(t.url);
    const before = await count(sql, 'SELECT count(*) FROM reservation_donation');
    for (const amount of [5, 10_000.01]) {
      for (const lang of LOCALES) {
        const r = await payByCard(
          t.url,
          b,
          donationCart([{ donationId: youth().id, donationDetailId: custom().id, quantity: 1, customAmount: amount }]),
          `?lang=${lang}`,
        );
        expect(r.status).toBe(400);
        expect(r.body.error).toBe('DONATION_AMOUNT_INVALID');
        expect(r.body.message).toBe(
          BookingErrors.DONATION_AMOUNT_INVALID.message[lang].replace('{min}', '₪10.00').replace('{max}', '₪10,000.00'),
        );
      }
    }
    // The custom option without an amount.
    const noAmount = await payByCard(
      t.url,
      b,
      donationCart([{ donationId: youth().id, donationDetailId: custom().id, quantity: 1 }]),
    );
    expect(noAmount.body.error).toBe('DONATION_AMOUNT_INVALID');
    // A preset with a custom amount, another donation's option, an unknown option.
    const cases: CartDonationItem[] = [
      { donationId: youth().id, donationDetailId: preset().id, quantity: 1, customAmount: 1 },
      { donationId: youth().id, donationDetailId: preset(artists()).id, quantity: 1 },
      { donationId: youth().id, donationDetailId: 99_999, quantity: 1 },
    ];
    for (const item of cases) expect((await payByCard(t.url, b, donationCart([item]))).body.error).toBe('CART_INVALID');
    // The amount shown differs from the preset.
    const wrong = await payByCard(
      t.url,
      b,
      donationCart([{ donationId: youth().id, donationDetailId: preset().id, quantity: 1, amount: 1 }]),
    );
    expect(wrong.body.error).toBe('PRICE_MISMATCH');
    // At least one must be chosen.
    expect((await commit(t.url, b, donationCart([]))).body.error).toBe('CART_EMPTY');
    // The ID number is required for donations.
    const noSsn = await payByCard(
      t.url,
      b,
      donationCart([{ donationId: youth().id, donationDetailId: preset().id, quantity: 1 }], {
        customerInfo: { ...GIFT_BUYER, ssn: null },
      }),
    );
    expect(noSsn.body.error).toBe('CUSTOMER_INVALID');
    expect(await count(sql, 'SELECT count(*) FROM reservation_donation')).toBe(before);
  });
});

import type { Client } from 'pg';
import type { ApiSeat, Cart, DonationsResponse } from '@hotline/shared';
import { PaymentProvider } from '../../src/payment/payment-provider.port';
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
  newVisitor,
  plainSeats,
  startBooking,
  TEST_CARDS,
  type ShowInfo,
} from '../booking/support/booking-kit';
import { GIFT_BUYER, offers, voucherCart, voucherItem } from '../gifts/support/gift-kit';
import { approveWallet, cancelWallet, postWalletPage } from './support/wallet-kit';

/**
 * The second way to pay: a SANDBOX wallet behind the same PaymentProvider port as the card.
 * Asserted: approve / cancel / fail, idempotent captures (a replay never captures twice, an approval pays once),
 * refunds (whole and partial, once), every cart kind, and that the card path is untouched by the router.
 */
describe('wallet payments', () => {
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

  const captures = (status?: string) =>
    count(
      sql,
      `SELECT count(*) FROM sandbox_wallet_capture${status ? ' WHERE status = $1' : ''}`,
      status ? [status] : [],
    );

  async function ticketCart(b: Awaited<ReturnType<typeof buyer>>, n = 1, extra: Partial<Cart> = {}): Promise<Cart> {
    const seats = take(n);
    await lockAll(t.url, b, show, seats);
    return cartOf(
      seats.map((s) => cartSeat(show, s)),
      { cartIdentifier: crypto.randomUUID(), ...extra },
    );
  }

  test('approve: a ticket order paid by wallet is sold once; replays and a concurrent double submit capture once', async () => {
    const b = await buyer(t.url);
    const approval = await approveWallet(t.url, b);
    expect(approval).toMatchObject({
      paymentId: expect.stringMatching(/^wlt_pay_/),
      payerId: expect.stringMatching(/^SBX/),
      token: expect.stringMatching(/^EC-/),
      orderId: expect.stringMatching(/^wlt_ord_/),
      amount: 5000,
    });
    const cart = await ticketCart(b, 2, { paymentIdentifier: approval.paymentId, paypal: approval });
    const before = await captures();
    const [first, second] = await Promise.all([commit(t.url, b, cart), commit(t.url, b, cart)]);
    const statuses = [first.status, second.status].sort();
    // The loser of the race either replays the sale (201) or is told the order is in progress (409): never a second capture.
    expect(statuses[0]).toBe(201);
    expect([201, 409]).toContain(statuses[1]);
    const paid = first.status === 201 ? first : second;
    expect(paid.body.reservationIdentifier).toMatch(/^HL/);
    const replay = await commit(t.url, b, cart);
    expect(replay.body).toMatchObject({ replayed: true, reservationIdentifier: paid.body.reservationIdentifier });
    expect(await captures()).toBe(before + 1);

    // Our own record says which method paid, and the amount is the server's total.
    const row = await sql.query(
      `SELECT p.provider, p.status, p.amount_agorot AS "amount", c.amount_agorot AS "captured"
         FROM payment p JOIN sandbox_wallet_capture c ON c.id = p.provider_reference
        WHERE p.idempotency_key = $1`,
      [`${cart.cartIdentifier}:${approval.paymentId}`],
    );
    expect(row.rows).toHaveLength(1);
    expect(row.rows[0]).toMatchObject({ provider: 'sandbox-wallet', status: 'approved' });
    expect(row.rows[0].amount).toBe(row.rows[0].captured);
  });

  test('an approval pays for one order only, and only for its own visitor', async () => {
    const b = await buyer(t.url);
    const approval = await approveWallet(t.url, b);
    expect((await commit(t.url, b, await ticketCart(b, 1, { paymentIdentifier: approval.paymentId }))).status).toBe(
      201,
    );
    const before = await captures();
    const again = await commit(t.url, b, await ticketCart(b, 1, { paymentIdentifier: approval.paymentId }));
    expect(again.status).toBe(402);
    expect(again.body.error).toBe('PAYMENT_NOT_AUTHORISED');

    const other = await buyer(t.url);
    const stolen = await approveWallet(t.url, b);
    const theirs = await commit(t.url, other, await ticketCart(other, 1, { paymentIdentifier: stolen.paymentId }));
    expect(theirs.status).toBe(402);
    expect(theirs.body.error).toBe('PAYMENT_NOT_AUTHORISED');
    expect(await captures()).toBe(before);
  });

  test('fail: declined and insufficient-funds accounts answer 402, nothing sold, and the cart can then pay by card', async () => {
    const b = await buyer(t.url);
    const cart = await ticketCart(b, 1);
    const declined = await approveWallet(t.url, b, 'decline');
    const r1 = await commit(t.url, b, { ...cart, paymentIdentifier: declined.paymentId });
    expect(r1.status).toBe(402);
    expect(r1.body.error).toBe('PAYMENT_DECLINED');
    const poor = await approveWallet(t.url, b, 'insufficient_funds');
    const r2 = await commit(t.url, b, { ...cart, paymentIdentifier: poor.paymentId });
    expect(r2.status).toBe(402);
    expect(r2.body.error).toBe('PAYMENT_INSUFFICIENT_FUNDS');
    expect(await count(sql, 'SELECT count(*) FROM reservation WHERE cart_identifier = $1', [cart.cartIdentifier])).toBe(
      0,
    );
    const card = await commit(t.url, b, {
      ...cart,
      paymentIdentifier: await authoriseCard(t.url, b, TEST_CARDS.approve),
    });
    expect(card.status).toBe(201);
  });

  test('fail: a wallet that never answers is a timeout with nothing charged', async () => {
    const b = await buyer(t.url);
    const cart = await ticketCart(b, 1);
    const silent = await approveWallet(t.url, b, 'timeout');
    const r = await commit(t.url, b, { ...cart, paymentIdentifier: silent.paymentId });
    expect(r.status).toBe(402);
    expect(r.body.error).toBe('PAYMENT_TIMEOUT');
    expect(
      await count(sql, 'SELECT count(*) FROM sandbox_wallet_capture WHERE payment_id = $1', [silent.paymentId]),
    ).toBe(0);
  });

  test('cancel: the wallet page posts a cancellation, the checkout cannot be approved afterwards', async () => {
    const b = await buyer(t.url);
    const cancelled = await cancelWallet(t.url, b);
    expect(cancelled.status).toBe(200);
    expect(cancelled.html).toContain('"type":"hotline:payment-cancelled"');
    expect(cancelled.html).not.toContain('paymentIdentifier');
    const late = await postWalletPage(t.url, b, cancelled.url, { action: 'approve', account: 'approve' });
    expect(late.status).toBe(404);
    // The page is a labelled simulation, framed by our own origin only, never indexed.
    const shown = await fetch(`${t.url}${cancelled.url}`);
    expect(shown.headers.get('content-security-policy')).toBe("frame-ancestors 'self'");
  });

  test('refund: whole refunds happen once (a repeat answers refunded); partial refunds once per key and never beyond the capture', async () => {
    const b = await buyer(t.url);
    const approval = await approveWallet(t.url, b);
    const cart = await ticketCart(b, 2, { paymentIdentifier: approval.paymentId });
    expect((await commit(t.url, b, cart)).status).toBe(201);
    const key = `${cart.cartIdentifier}:${approval.paymentId}`;
    const provider = t.app.get(PaymentProvider);
    const status = await provider.status(key);
    if (status.status !== 'approved') throw new Error(`expected an approved capture, got ${status.status}`);
    const ref = status.providerReference;
    expect(ref).toMatch(/^wlt_cap_/);

    const half = Math.floor(status.amountAgorot / 2);
    const part = { providerReference: ref, amountAgorot: half, reason: 'test', idempotencyKey: `${key}:r1` };
    expect(await provider.refund(part)).toEqual({ status: 'refunded' });
    expect(await provider.refund(part)).toEqual({ status: 'refunded' }); // replay: once
    expect(
      await provider.refund({ ...part, amountAgorot: status.amountAgorot, idempotencyKey: `${key}:r2` }),
    ).toMatchObject({ status: 'failed' });
    expect(
      await count(sql, 'SELECT coalesce(sum(amount_agorot), 0) FROM sandbox_wallet_refund WHERE capture_id = $1', [
        ref,
      ]),
    ).toBe(half);
    expect(
      await provider.refund({ ...part, amountAgorot: status.amountAgorot - half, idempotencyKey: `${key}:r3` }),
    ).toEqual({ status: 'refunded' });
    expect(await provider.status(key)).toMatchObject({ status: 'refunded' });
    // Refunded: the approval can never pay again, not even under its own key.
    const replay = await provider.charge({
      idempotencyKey: key,
      paymentIdentifier: approval.paymentId,
      visitorId: b.id,
      amountAgorot: status.amountAgorot,
      currency: 'ILS',
      description: 'replay',
    });
    expect(replay).toMatchObject({ status: 'refunded' });

    // A whole refund of another capture: once.
    const b2 = await buyer(t.url);
    const a2 = await approveWallet(t.url, b2);
    const cart2 = await ticketCart(b2, 1, { paymentIdentifier: a2.paymentId });
    expect((await commit(t.url, b2, cart2)).status).toBe(201);
    const s2 = await provider.status(`${cart2.cartIdentifier}:${a2.paymentId}`);
    if (s2.status !== 'approved') throw new Error('expected approved');
    const whole = { providerReference: s2.providerReference, amountAgorot: s2.amountAgorot, reason: 'test' };
    expect(await provider.refund(whole)).toEqual({ status: 'refunded' });
    const refundedAt = await sql.query('SELECT refunded_at FROM sandbox_wallet_capture WHERE id = $1', [
      s2.providerReference,
    ]);
    // Idempotent: a repeated refund answers 'refunded' and moves nothing again.
    expect(await provider.refund(whole)).toEqual({ status: 'refunded' });
    const again = await sql.query('SELECT refunded_at FROM sandbox_wallet_capture WHERE id = $1', [
      s2.providerReference,
    ]);
    expect(again.rows[0].refunded_at).toEqual(refundedAt.rows[0].refunded_at);
    // The card's charges are still the card provider's (the router dispatches by reference).
    expect(await provider.refund({ ...whole, providerReference: 'sbx_ch_nonexistent' })).toMatchObject({
      status: 'failed',
      reason: 'no such charge',
    });
  });

  test('every cart kind: a gift-voucher order and a donation paid by wallet', async () => {
    const b = await buyer(t.url);
    const list = await offers(t.url, b.id);
    const gift = voucherCart([voucherItem(list, 0, 0, 1)]);
    const a1 = await approveWallet(t.url, b);
    const r1 = await commit(t.url, b, { ...gift, paymentIdentifier: a1.paymentId, paypal: a1 });
    expect(r1.status).toBe(201);
    expect(r1.body.systemVouchers).toHaveLength(1);

    const donations = (await call<DonationsResponse>(t.url, 'GET', '/api/donations', newVisitor())).body;
    const d = donations.donations[0]!;
    const preset = d.donationDetails.find((x) => !x.customAmount)!;
    const a2 = await approveWallet(t.url, b);
    const r2 = await commit(t.url, b, {
      seats: [],
      donations: [{ donationId: d.id, donationDetailId: preset.id, quantity: 1, amount: preset.amount }],
      customerInfo: GIFT_BUYER,
      total: preset.amount,
      paymentIdentifier: a2.paymentId,
    });
    expect(r2.status).toBe(201);
    expect(r2.body.donations).toHaveLength(1);
  });
});

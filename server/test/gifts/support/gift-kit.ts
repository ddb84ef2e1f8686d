import type { Client } from 'pg';
import type { Cart, CartVoucherItem, SystemVoucherOffersResponse } from '@hotline/shared';
import { authoriseCard, call, commit, TEST_CARDS, type Buyer } from '../../booking/support/booking-kit';

/** Helpers for gift-voucher and donation orders (no seats: one cart kind at a time). */

/** Voucher and donation orders ask for the ID number (SSN) by default. */
export const GIFT_BUYER = {
  firstName: 'ישראל',
  lastName: 'ישראלי',
  ssn: '000000018',
  email: 'israel@example.com',
  mobileNumber: '050-1234567',
  verifyMobileNumber: '050-1234567',
  termsAccepted: true,
};

export async function offers(base: string, visitor: string): Promise<SystemVoucherOffersResponse> {
  const r = await call<SystemVoucherOffersResponse>(base, 'GET', '/api/system-vouchers', visitor);
  if (r.status !== 200) throw new Error(`system-vouchers ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/** A cart item for `quantity` of one offered price, priced as listed. */
export function voucherItem(
  list: SystemVoucherOffersResponse,
  classIndex: number,
  priceIndex: number,
  quantity = 1,
): CartVoucherItem {
  const offer = list.vouchers[classIndex]!;
  const price = offer.Prices[priceIndex]!;
  return {
    SystemVoucherId: offer.SystemVoucherId,
    SystemVoucherPriceId: price.SystemVoucherPriceId,
    Quantity: quantity,
    Price: price.Price,
  };
}

export function voucherCart(items: CartVoucherItem[], extra: Partial<Cart> = {}): Cart {
  const total = items.reduce((s, i) => s + Math.round(i.Price * 100) * i.Quantity, 0) / 100;
  return { seats: [], vouchers: items, customerInfo: GIFT_BUYER, total, ...extra };
}

/** Pays a non-ticket cart by card (sandbox) through the real commit. */
export async function payByCard(base: string, b: Buyer, cart: Cart, query = '') {
  const paymentIdentifier = await authoriseCard(base, b, TEST_CARDS.approve);
  return commit(base, b, { ...cart, paymentIdentifier }, query);
}

/** The messages the development sender stored for an order. */
export async function messagesOf(sql: Client, reservationIdentifier: string) {
  const r = await sql.query(
    `SELECT m.channel, m.body FROM sent_message m JOIN reservation r ON r.id = m.reservation_id
      WHERE r.identifier = $1 ORDER BY m.id`,
    [reservationIdentifier],
  );
  return r.rows as { channel: string; body: string }[];
}

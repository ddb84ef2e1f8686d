import type { Cart } from '@hotline/shared';
import { cartFingerprint } from '../../src/cart/cart-fingerprint';

/** What binds a cart identifier to its cart (the Stripe rule): what is bought and how, not how it is shown. */
const seat = (x: number, ticketId = 9) => ({
  prsntId: 7,
  ticketGroupId: 1,
  sectionId: 3,
  XCoordinate: x,
  YCoordinate: 2,
  ticketId,
  amount: 45,
  serviceCharge: 5,
});
const cart = (over: Partial<Cart> = {}): Cart => ({ seats: [seat(1), seat(2)], ...over }) as Cart;

describe('cartFingerprint', () => {
  it.each<[string, Cart, boolean]>([
    ['the same cart', cart(), true],
    ['seats in another order', cart({ seats: [seat(2), seat(1)] }), true],
    ['another card authorisation (a new card after a decline)', cart({ paymentIdentifier: 'auth-2' }), true],
    ['other customer details', cart({ customerInfo: { firstName: 'x' } } as Partial<Cart>), true],
    ['a code added', cart({ ticketCodes: ['HOTLINE10'] }), false],
    ['another seat', cart({ seats: [seat(1), seat(3)] }), false],
    ['another ticket on a seat', cart({ seats: [seat(1), seat(2, 10)] }), false],
    ['one seat more', cart({ seats: [seat(1), seat(2), seat(3)] }), false],
    ['a product added', cart({ products: [{ id: 4, quantity: 1 }] }), false],
    ['a voucher added', cart({ voucherPayments: [{ id: 5, code: 'V', amount: 10 }] }), false],
  ])('%s: same fingerprint = %s', (_name, other, same) => {
    expect(cartFingerprint(other) === cartFingerprint(cart())).toBe(same);
  });

  it('ignores the case and spaces of codes', () => {
    expect(cartFingerprint(cart({ ticketCodes: [' hotline10'] }))).toBe(
      cartFingerprint(cart({ ticketCodes: ['HOTLINE10'] })),
    );
  });
});

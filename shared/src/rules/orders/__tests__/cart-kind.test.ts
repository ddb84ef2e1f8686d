import { cartKind, clearOtherKinds, handlingFeeApplies, type CartKindInput, type CartKindResult } from '../cart-kind';

const one = [{}];

describe('cartKind', () => {
  it.each<[string, CartKindInput, CartKindResult]>([
    ['nothing at all', {}, { ok: false, code: 'CART_EMPTY' }],
    ['empty arrays', { seats: [], vouchers: [], donations: [] }, { ok: false, code: 'CART_EMPTY' }],
    ['nulls', { seats: null, vouchers: null }, { ok: false, code: 'CART_EMPTY' }],
    ['products alone', { products: one }, { ok: false, code: 'CART_EMPTY' }],
    ['seats', { seats: one }, { ok: true, kind: 'tickets' }],
    ['seats and products', { seats: one, products: one }, { ok: true, kind: 'tickets' }],
    ['vouchers', { seats: [], vouchers: one }, { ok: true, kind: 'vouchers' }],
    ['donations', { donations: one }, { ok: true, kind: 'donations' }],
    ['memberships', { memberships: one }, { ok: true, kind: 'memberships' }],
    [
      'seats and vouchers',
      { seats: one, vouchers: one },
      { ok: false, code: 'CART_KINDS_MIXED', kinds: ['tickets', 'vouchers'] },
    ],
    [
      'seats and donations',
      { seats: one, donations: one },
      { ok: false, code: 'CART_KINDS_MIXED', kinds: ['tickets', 'donations'] },
    ],
    [
      'vouchers and donations',
      { vouchers: one, donations: one },
      { ok: false, code: 'CART_KINDS_MIXED', kinds: ['vouchers', 'donations'] },
    ],
    [
      'all four',
      { seats: one, memberships: one, vouchers: one, donations: one },
      { ok: false, code: 'CART_KINDS_MIXED', kinds: ['tickets', 'memberships', 'vouchers', 'donations'] },
    ],
    [
      'products with vouchers',
      { vouchers: one, products: one },
      { ok: false, code: 'CART_KINDS_MIXED', kinds: ['tickets', 'vouchers'] },
    ],
    [
      'products with donations',
      { donations: one, products: one },
      { ok: false, code: 'CART_KINDS_MIXED', kinds: ['tickets', 'donations'] },
    ],
  ])('%s', (_label, cart, expected) => {
    expect(cartKind(cart)).toEqual(expected);
  });
});

describe('handlingFeeApplies', () => {
  it.each([
    ['tickets', true],
    ['memberships', true],
    ['vouchers', false],
    ['donations', false],
  ] as const)('%s -> %s', (kind, expected) => {
    expect(handlingFeeApplies(kind)).toBe(expected);
  });
});

describe('clearOtherKinds', () => {
  const full = { seats: one, products: one, memberships: one, vouchers: one, donations: one, customerInfo: 'kept' };
  it.each([
    ['tickets', { seats: one, products: one, memberships: [], vouchers: [], donations: [] }],
    ['vouchers', { seats: [], products: [], memberships: [], vouchers: one, donations: [] }],
    ['donations', { seats: [], products: [], memberships: [], vouchers: [], donations: one }],
    ['memberships', { seats: [], products: [], memberships: one, vouchers: [], donations: [] }],
  ] as const)('keeps only %s and the customer details', (kind, expected) => {
    expect(clearOtherKinds(full, kind)).toEqual({ ...expected, customerInfo: 'kept' });
  });
});

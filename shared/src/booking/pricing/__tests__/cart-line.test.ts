import { lineAmounts, type CartLine, type LineAmounts } from '../cart-line';

describe('lineAmounts', () => {
  it.each<[string, CartLine, LineAmounts]>([
    [
      'ticket',
      { kind: 'ticket', ref: 0, priceAgorot: 4500, serviceChargeAgorot: 300 },
      { priceAgorot: 4500, serviceChargeAgorot: 300 },
    ],
    [
      'multiply-factor sub-ticket',
      { kind: 'ticket', ref: 1, priceAgorot: 0, serviceChargeAgorot: 0 },
      { priceAgorot: 0, serviceChargeAgorot: 0 },
    ],
    [
      'product x3',
      { kind: 'product', ref: 2, unitPriceAgorot: 1250, quantity: 3 },
      { priceAgorot: 3750, serviceChargeAgorot: 0 },
    ],
    [
      'product x0',
      { kind: 'product', ref: 3, unitPriceAgorot: 1250, quantity: 0 },
      { priceAgorot: 0, serviceChargeAgorot: 0 },
    ],
    [
      'gift voucher x2',
      { kind: 'voucher', ref: 4, unitPriceAgorot: 10000, quantity: 2 },
      { priceAgorot: 20000, serviceChargeAgorot: 0 },
    ],
    [
      'custom donation',
      { kind: 'donation', ref: 5, unitPriceAgorot: 1801, quantity: 1 },
      { priceAgorot: 1801, serviceChargeAgorot: 0 },
    ],
  ])('%s', (_name, line, expected) => {
    expect(lineAmounts(line)).toEqual(expected);
  });

  it.each<[string, CartLine]>([
    ['fractional agorot', { kind: 'ticket', ref: 0, priceAgorot: 45.5, serviceChargeAgorot: 0 }],
    ['negative service charge', { kind: 'ticket', ref: 0, priceAgorot: 100, serviceChargeAgorot: -1 }],
    ['fractional quantity', { kind: 'product', ref: 0, unitPriceAgorot: 100, quantity: 1.5 }],
    ['negative donation', { kind: 'donation', ref: 0, unitPriceAgorot: -100, quantity: 1 }],
    ['fractional voucher price', { kind: 'voucher', ref: 0, unitPriceAgorot: 0.5, quantity: 1 }],
  ])('refuses %s', (_name, line) => {
    expect(() => lineAmounts(line)).toThrow(RangeError);
  });
});

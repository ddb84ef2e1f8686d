import { orderTotals, type OrderLines, type OrderTotals } from '../order-totals';

describe('orderTotals', () => {
  it.each<[string, OrderLines, OrderTotals]>([
    [
      'empty order',
      { tickets: [] },
      { subtotal: 0, serviceCharges: 0, discounts: 0, globalServiceCharge: 0, total: 0, vouchers: 0, balanceDue: 0 },
    ],
    [
      'tickets with service charges',
      {
        tickets: [
          { priceAgorot: 4500, serviceChargeAgorot: 300 },
          { priceAgorot: 4500, serviceChargeAgorot: 300 },
        ],
      },
      {
        subtotal: 9000,
        serviceCharges: 600,
        discounts: 0,
        globalServiceCharge: 0,
        total: 9600,
        vouchers: 0,
        balanceDue: 9600,
      },
    ],
    [
      'everything',
      {
        tickets: [{ priceAgorot: 4500, serviceChargeAgorot: 300 }, { priceAgorot: 3000 }],
        products: [
          { priceAgorot: 1200, quantity: 2 },
          { priceAgorot: 800, quantity: 0 },
        ],
        discountsAgorot: [1000],
        globalServiceChargeAgorot: 500,
        voucherPaymentsAgorot: [2000, 1500],
      },
      // 4500 + 3000 + 2400 = 9900; + 300 + 500 - 1000 = 9700; - 3500 = 6200
      {
        subtotal: 9900,
        serviceCharges: 300,
        discounts: 1000,
        globalServiceCharge: 500,
        total: 9700,
        vouchers: 3500,
        balanceDue: 6200,
      },
    ],
    [
      'vouchers cover it all',
      { tickets: [{ priceAgorot: 4500 }], voucherPaymentsAgorot: [4500] },
      {
        subtotal: 4500,
        serviceCharges: 0,
        discounts: 0,
        globalServiceCharge: 0,
        total: 4500,
        vouchers: 4500,
        balanceDue: 0,
      },
    ],
    [
      'discount of the whole order',
      { tickets: [{ priceAgorot: 4500 }], discountsAgorot: [4500] },
      {
        subtotal: 4500,
        serviceCharges: 0,
        discounts: 4500,
        globalServiceCharge: 0,
        total: 0,
        vouchers: 0,
        balanceDue: 0,
      },
    ],
    [
      'free tickets',
      { tickets: [{ priceAgorot: 0 }, { priceAgorot: 0 }], globalServiceChargeAgorot: 500 },
      {
        subtotal: 0,
        serviceCharges: 0,
        discounts: 0,
        globalServiceCharge: 500,
        total: 500,
        vouchers: 0,
        balanceDue: 500,
      },
    ],
  ])('%s', (_label, lines, expected) => {
    expect(orderTotals(lines)).toEqual(expected);
  });

  it.each<[string, OrderLines, string]>([
    [
      'discounts beyond the order',
      { tickets: [{ priceAgorot: 4500 }], discountsAgorot: [5000] },
      'discounts (5000) exceed the order (4500)',
    ],
    [
      'vouchers beyond the total',
      { tickets: [{ priceAgorot: 4500 }], voucherPaymentsAgorot: [3000, 2000] },
      'voucher payments (5000) exceed the total (4500)',
    ],
    ['fractional price', { tickets: [{ priceAgorot: 45.5 }] }, 'tickets[0].priceAgorot must be a safe integer'],
    [
      'negative service charge',
      { tickets: [{ priceAgorot: 4500, serviceChargeAgorot: -1 }] },
      'tickets[0].serviceChargeAgorot must not be negative',
    ],
    [
      'fractional quantity',
      { tickets: [], products: [{ priceAgorot: 100, quantity: 1.5 }] },
      'products[0].quantity must be a safe integer',
    ],
    [
      'negative discount',
      { tickets: [{ priceAgorot: 4500 }], discountsAgorot: [-100] },
      'discountsAgorot[0] must not be negative',
    ],
    [
      'NaN voucher',
      { tickets: [{ priceAgorot: 4500 }], voucherPaymentsAgorot: [NaN] },
      'voucherPaymentsAgorot[0] must be a finite number',
    ],
    [
      'NaN global charge',
      { tickets: [], globalServiceChargeAgorot: NaN },
      'globalServiceChargeAgorot must be a finite number',
    ],
    [
      'overflow',
      { tickets: [{ priceAgorot: Number.MAX_SAFE_INTEGER }, { priceAgorot: 2 }] },
      'order total must be a safe integer',
    ],
  ])('rejects %s', (_label, lines, message) => {
    expect(() => orderTotals(lines)).toThrow(message);
  });
});

import { priceCart, type CartPricingInput, type CartPricingTotals } from '../price-cart';

const ticket = (priceAgorot: number, serviceChargeAgorot: number) =>
  ({ kind: 'ticket', ref: null, priceAgorot, serviceChargeAgorot }) as const;
const product = (unitPriceAgorot: number, quantity: number) =>
  ({ kind: 'product', ref: null, unitPriceAgorot, quantity }) as const;
const voucherSold = (unitPriceAgorot: number, quantity: number) =>
  ({ kind: 'voucher', ref: null, unitPriceAgorot, quantity }) as const;
const donation = (unitPriceAgorot: number, quantity: number) =>
  ({ kind: 'donation', ref: null, unitPriceAgorot, quantity }) as const;
const base: Omit<CartPricingInput, 'lines'> = { globalServiceCharge: {}, vouchers: [] };

describe('priceCart: one pipeline, lines -> subtotal -> handling fee -> total -> vouchers -> balance due', () => {
  it.each<[string, CartPricingInput, Partial<CartPricingTotals>]>([
    [
      'empty cart',
      { ...base, lines: [] },
      { subtotalAgorot: 0, totalAgorot: 0, balanceDueAgorot: 0, globalServiceChargeName: 'handling fee' },
    ],
    [
      'two tickets with service charges',
      { ...base, lines: [ticket(4500, 300), ticket(4500, 300)] },
      {
        ticketsAgorot: 9000,
        serviceChargesAgorot: 600,
        subtotalAgorot: 9000,
        totalAgorot: 9600,
        balanceDueAgorot: 9600,
      },
    ],
    [
      'a couple ticket priced on its first seat',
      { ...base, lines: [ticket(7400, 500), ticket(0, 0)] },
      { ticketsAgorot: 7400, totalAgorot: 7900 },
    ],
    [
      'tickets and products',
      { ...base, lines: [ticket(4500, 300), product(1200, 2)] },
      { ticketsAgorot: 4500, productsAgorot: 2400, subtotalAgorot: 6900, totalAgorot: 7200 },
    ],
    [
      'gift vouchers sold',
      { ...base, lines: [voucherSold(10000, 2), voucherSold(25000, 1)] },
      { vouchersSoldAgorot: 45000, subtotalAgorot: 45000, totalAgorot: 45000, balanceDueAgorot: 45000 },
    ],
    [
      'a gift voucher bought partly with another voucher',
      { ...base, lines: [voucherSold(10000, 1)], vouchers: [{ id: 7, ref: 'old', balanceAgorot: 3000 }] },
      { totalAgorot: 10000, vouchersAgorot: 3000, balanceDueAgorot: 7000 },
    ],
    [
      'donations: preset and custom amounts',
      { ...base, lines: [donation(5000, 2), donation(1234, 1)] },
      { donationsAgorot: 11234, subtotalAgorot: 11234, totalAgorot: 11234, ticketsAgorot: 0 },
    ],
    [
      'fixed handling fee per order',
      { ...base, globalServiceCharge: { amountPerOrder: 500, name: 'דמי טיפול' }, lines: [ticket(4500, 300)] },
      { globalServiceChargeAgorot: 500, globalServiceChargeName: 'דמי טיפול', totalAgorot: 5300 },
    ],
    [
      'percent handling fee on the subtotal (not on service charges)',
      { ...base, globalServiceCharge: { percentRatePerOrder: 10 }, lines: [ticket(4500, 300), product(500, 1)] },
      { subtotalAgorot: 5000, globalServiceChargeAgorot: 500, totalAgorot: 5800 },
    ],
    [
      'vouchers pay the total including the handling fee, in order',
      {
        globalServiceCharge: { amountPerOrder: 500 },
        lines: [ticket(4500, 300)],
        vouchers: [
          { id: 1, ref: 'a', balanceAgorot: 3000 },
          { id: 2, ref: 'b', balanceAgorot: 9000 },
        ],
      },
      { totalAgorot: 5300, vouchersAgorot: 5300, balanceDueAgorot: 0 },
    ],
  ])('%s', (_name, input, expected) => {
    expect(priceCart(input).totals).toMatchObject(expected);
  });

  it('returns priced lines (with the caller refs) and voucher allocations', () => {
    const r = priceCart({
      globalServiceCharge: {},
      lines: [
        { kind: 'ticket', ref: { seat: 0 }, priceAgorot: 4500, serviceChargeAgorot: 300 },
        { kind: 'product', ref: { product: 7 }, unitPriceAgorot: 1000, quantity: 2 },
      ],
      vouchers: [
        { id: 5, ref: 'V5', balanceAgorot: 1000 },
        { id: 6, ref: 'V6', balanceAgorot: 0 },
      ],
    });
    expect(r.lines.map((l) => [l.ref, l.priceAgorot, l.serviceChargeAgorot])).toEqual([
      [{ seat: 0 }, 4500, 300],
      [{ product: 7 }, 2000, 0],
    ]);
    expect(r.vouchers.map((v) => [v.ref, v.amountAgorot, v.refusal?.code ?? null])).toEqual([
      ['V5', 1000, null],
      ['V6', 0, 'VOUCHER_NO_BALANCE'],
    ]);
    expect(r.orderTotals).toEqual({
      subtotal: 6500,
      serviceCharges: 300,
      discounts: 0,
      globalServiceCharge: 0,
      total: 6800,
      vouchers: 1000,
      balanceDue: 5800,
    });
  });
});

import type { SupportedLocale } from '../../rules/locale/supported-locale';
import { globalServiceCharge, type GlobalServiceChargeConfig } from '../../rules/orders/global-service-charge';
import { orderTotals, type OrderTotals } from '../../rules/orders/order-totals';
import { lineAmounts, type Agorot, type CartLine, type LineAmounts } from './cart-line';
import { allocateVouchers, type VoucherAllocation, type VoucherToAllocate } from './voucher-allocation';

export interface CartPricingInput<LineRef = unknown, VoucherRef = unknown> {
  lines: readonly CartLine<LineRef>[];
  /** The order-level charge (amountPerOrder in agorot, or a percent of the subtotal). */
  globalServiceCharge: GlobalServiceChargeConfig;
  /** In the order the visitor applied them: it decides which voucher pays what. */
  vouchers: readonly VoucherToAllocate<VoucherRef>[];
  locale?: SupportedLocale;
}

export type PricedCartLine<LineRef = unknown> = CartLine<LineRef> & LineAmounts;

export interface CartPricingTotals {
  /** Ticket prices (without their service charges). */
  ticketsAgorot: Agorot;
  productsAgorot: Agorot;
  /** Gift vouchers sold (their prices). */
  vouchersSoldAgorot: Agorot;
  donationsAgorot: Agorot;
  /** Every line's price: tickets + products + vouchers sold + donations. */
  subtotalAgorot: Agorot;
  /** Per-line service charges. */
  serviceChargesAgorot: Agorot;
  globalServiceChargeAgorot: Agorot;
  globalServiceChargeName: string;
  /** What the order costs: subtotal + service charges + handling fee. */
  totalAgorot: Agorot;
  vouchersAgorot: Agorot;
  /** Left to pay by card. */
  balanceDueAgorot: Agorot;
}

export interface CartPricing<LineRef = unknown, VoucherRef = unknown> {
  lines: PricedCartLine<LineRef>[];
  totals: CartPricingTotals;
  vouchers: VoucherAllocation<VoucherRef>[];
  /** The same sums in the shared `orderTotals` shape (what the sale stores). */
  orderTotals: OrderTotals;
}

/**
 * THE pricing pipeline, for every cart kind, on the server and in the
 * storefront alike: lines -> subtotal -> order-level service charge -> total
 * -> vouchers (in order) -> balance due. Pure, whole agorot. The server feeds it
 * from its own data and compares with what the visitor was shown
 * (PRICE_MISMATCH); the storefront only shows it.
 */
export function priceCart<LineRef, VoucherRef>(
  input: CartPricingInput<LineRef, VoucherRef>,
): CartPricing<LineRef, VoucherRef> {
  const lines = input.lines.map((line) => ({ ...line, ...lineAmounts(line) }));
  const sumOf = (kind: CartLine['kind']) =>
    lines.filter((l) => l.kind === kind).reduce((sum, l) => sum + l.priceAgorot, 0);
  const orderLines = {
    tickets: lines.map((l) => ({ priceAgorot: l.priceAgorot, serviceChargeAgorot: l.serviceChargeAgorot })),
  };
  const subtotalAgorot = orderTotals(orderLines).subtotal;
  const gsc = globalServiceCharge(input.globalServiceCharge, subtotalAgorot);
  const beforeVouchers = orderTotals({ ...orderLines, globalServiceChargeAgorot: gsc.amountAgorot });
  const vouchers = allocateVouchers(beforeVouchers.total, input.vouchers, input.locale);
  const totals = orderTotals({
    ...orderLines,
    globalServiceChargeAgorot: gsc.amountAgorot,
    voucherPaymentsAgorot: vouchers.allocations.map((a) => a.amountAgorot),
  });
  return {
    lines,
    totals: {
      ticketsAgorot: sumOf('ticket'),
      productsAgorot: sumOf('product'),
      vouchersSoldAgorot: sumOf('voucher'),
      donationsAgorot: sumOf('donation'),
      subtotalAgorot,
      serviceChargesAgorot: totals.serviceCharges,
      globalServiceChargeAgorot: gsc.amountAgorot,
      globalServiceChargeName: gsc.name,
      totalAgorot: totals.total,
      vouchersAgorot: totals.vouchers,
      balanceDueAgorot: totals.balanceDue,
    },
    vouchers: vouchers.allocations,
    orderTotals: totals,
  };
}

import { assertNonNegativeInteger } from '../assert';

export interface OrderTicketLine {
  priceAgorot: number;
  serviceChargeAgorot?: number;
}

export interface OrderProductLine {
  priceAgorot: number;
  quantity: number;
}

/** Everything that makes up an order's price, all in agorot. */
export interface OrderLines {
  tickets: readonly OrderTicketLine[];
  products?: readonly OrderProductLine[];
  /** Order-level discounts (coupons) not already reflected in the line prices. */
  discountsAgorot?: readonly number[];
  /** From `globalServiceCharge`. */
  globalServiceChargeAgorot?: number;
  /** From `applyVoucherPayments`. */
  voucherPaymentsAgorot?: readonly number[];
}

export interface OrderTotals {
  /** Tickets plus products. */
  subtotal: number;
  /** Per-ticket service charges. */
  serviceCharges: number;
  discounts: number;
  globalServiceCharge: number;
  /** subtotal + serviceCharges + globalServiceCharge - discounts. */
  total: number;
  vouchers: number;
  /** What is left to pay by card: total - vouchers. */
  balanceDue: number;
}

/**
 * Adds up an order in agorot. Every amount must be a non-negative whole number.
 * Discounts larger than the order, or vouchers larger than the total, throw:
 * the rules that produce them (coupons, `applyVoucherPayments`) never do that,
 * so it means a bug upstream, and a negative balance would be a refund to a card
 * that paid nothing.
 */
export function orderTotals(lines: OrderLines): OrderTotals {
  let subtotal = 0;
  let serviceCharges = 0;
  lines.tickets.forEach((ticket, index) => {
    assertNonNegativeInteger(ticket.priceAgorot, `tickets[${index}].priceAgorot`);
    assertNonNegativeInteger(ticket.serviceChargeAgorot ?? 0, `tickets[${index}].serviceChargeAgorot`);
    subtotal += ticket.priceAgorot;
    serviceCharges += ticket.serviceChargeAgorot ?? 0;
  });
  (lines.products ?? []).forEach((product, index) => {
    assertNonNegativeInteger(product.priceAgorot, `products[${index}].priceAgorot`);
    assertNonNegativeInteger(product.quantity, `products[${index}].quantity`);
    subtotal += product.priceAgorot * product.quantity;
  });
  const discounts = sumNonNegative(lines.discountsAgorot ?? [], 'discountsAgorot');
  const vouchers = sumNonNegative(lines.voucherPaymentsAgorot ?? [], 'voucherPaymentsAgorot');
  const globalServiceCharge = lines.globalServiceChargeAgorot ?? 0;
  assertNonNegativeInteger(globalServiceCharge, 'globalServiceChargeAgorot');

  const beforeDiscounts = subtotal + serviceCharges + globalServiceCharge;
  assertNonNegativeInteger(beforeDiscounts, 'order total');
  if (discounts > beforeDiscounts) {
    throw new RangeError(`discounts (${discounts}) exceed the order (${beforeDiscounts})`);
  }
  const total = beforeDiscounts - discounts;
  if (vouchers > total) throw new RangeError(`voucher payments (${vouchers}) exceed the total (${total})`);
  return { subtotal, serviceCharges, discounts, globalServiceCharge, total, vouchers, balanceDue: total - vouchers };
}

function sumNonNegative(amounts: readonly number[], name: string): number {
  let sum = 0;
  amounts.forEach((amount, index) => {
    assertNonNegativeInteger(amount, `${name}[${index}]`);
    sum += amount;
  });
  assertNonNegativeInteger(sum, name);
  return sum;
}

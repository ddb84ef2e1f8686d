import {
  agorotToShekels,
  formatShekels,
  handlingFeeApplies,
  markMultiplyFactorSubTickets,
  type CartKind,
  priceCart,
  type GlobalServiceChargeConfig,
  type OrderTotals,
} from '@hotline/shared';
import { BookingError } from '../cart';
import type { SaleInput } from '../reservations';
import type { Layout } from '../seats';
import type { SaleProduct, SaleQuota, TicketRow } from '../tickets';
import type { SaleWaiver } from '../waivers';

/**
 * Reprices an order from the server's own data with the shared pricing
 * pipeline (priceCart; multiply-factor units by markMultiplyFactorSubTickets)
 * and compares the result with what the visitor was shown. Pure: every input is loaded by the caller, so this is tested on its own.
 * All money in agorot.
 */
export interface PricingSeat {
  /** Position in cart.seats, for messages. */
  index: number;
  presentationId: number;
  sectionId: number;
  x: number;
  y: number;
  ticketId: number;
  /** The ticket group that prices this seat, from the seat map (0 = not on sale). */
  ticketGroupId: number;
  clientAmount: number;
  clientServiceCharge: number;
}

export interface PricingProduct {
  index: number;
  id: number;
  quantity: number;
  /** Undefined when the product does not exist or is not sold where the order's presentations play. */
  price: number | undefined;
}

export interface PricingVoucher {
  index: number;
  id: number;
  reference: string;
  balance: number;
  clientAmount: number;
}

/** A gift voucher the visitor buys; `offer` undefined when that voucher/price is not on sale (here, now). */
export interface PricingVoucherItem {
  index: number;
  classId: number;
  priceId: number;
  quantity: number;
  clientPrice: number;
  offer: { priceAgorot: number; valueAgorot: number; validDays: number; name: string; nameEn: string } | undefined;
}

/** A donation line; `detail` undefined when that donation/option does not exist or is not active. */
export interface PricingDonationItem {
  index: number;
  donationId: number;
  detailId: number;
  quantity: number;
  /** The custom amount typed (agorot), null when a preset was chosen. */
  customAmount: number | null;
  /** The unit amount shown (agorot), when the storefront sent it. */
  clientAmount: number | null;
  detail: { amountAgorot: number | null; isCustom: boolean; minAgorot: number; maxAgorot: number } | undefined;
}

export interface PricingInput {
  /** Which kind of order (shared cartKind): decides whether the handling fee applies. */
  kind?: CartKind;
  seats: PricingSeat[];
  tickets: ReadonlyMap<number, TicketRow>;
  /** Codes the visitor entered, lower-cased. */
  ticketCodes: ReadonlySet<string>;
  products: PricingProduct[];
  globalServiceCharge: GlobalServiceChargeConfig;
  /** The order charge the storefront was told about (agorot / percent), if it sent it. */
  clientGlobalServiceCharge?: { amountPerOrder: number | null; percentRatePerOrder: number | null } | null;
  /** In the order the visitor applied them (it decides which voucher pays what). */
  vouchers: PricingVoucher[];
  voucherItems?: PricingVoucherItem[];
  donationItems?: PricingDonationItem[];
  clientTotal?: number | null;
}

/** One gift voucher to create (a cart line of quantity n gives n of these). */
export interface VoucherSale {
  classId: number;
  priceId: number;
  priceAgorot: number;
  valueAgorot: number;
  validDays: number;
  name: string;
  nameEn: string;
}

export interface DonationSale {
  donationId: number;
  detailId: number;
  quantity: number;
  unitAgorot: number;
}

export interface PricedLine {
  seat: PricingSeat;
  ticket: TicketRow;
  amount: number;
  serviceCharge: number;
  isSubTicket: boolean;
}

export interface PricedOrder {
  lines: PricedLine[];
  totals: OrderTotals;
  globalServiceChargeName: string;
  voucherPayments: { id: number; reference: string; amount: number }[];
  /** Coded (coupon/voucher) tickets used: ticket id -> seats. */
  codedUse: Map<number, number>;
  voucherSales: VoucherSale[];
  donations: DonationSale[];
  /** Set by the memberships quote (member tickets, memberships sold, enrolments). */
  memberships?: SaleInput['memberships'];
}

/** At most this many gift vouchers in one order (memberships-backoffice-spec.md section 9). */
export const MAX_VOUCHERS_PER_ORDER = 10;

const money = (agorot: number) => agorotToShekels(agorot).toFixed(2);

export function priceOrder(input: PricingInput): PricedOrder {
  const invalid = (details: string): never => {
    throw new BookingError('CART_INVALID', { details }, { problem: details });
  };
  const seen = new Set<string>();
  const withTickets = input.seats.map((seat) => {
    const key = `${seat.presentationId}:${seat.sectionId}:${seat.x}:${seat.y}`;
    if (seen.has(key)) invalid(`seats[${seat.index}]: the same seat is in the order twice`);
    seen.add(key);
    const ticket = input.tickets.get(seat.ticketId);
    if (!ticket || ticket.presentationId !== seat.presentationId || ticket.ticketGroupId !== seat.ticketGroupId) {
      invalid(`seats[${seat.index}].ticketId: not a ticket of this seat's ticket group`);
    }
    if (ticket!.code !== null && !input.ticketCodes.has(ticket!.code.toLowerCase())) {
      throw new BookingError('TICKET_CODE_NOT_FOUND', {}, { seat: seat.index });
    }
    return { seat, presentationId: seat.presentationId, ticket: ticket! };
  });

  // A ticket covering n seats is charged once per n seats, on the first of each unit.
  const marked = markMultiplyFactorSubTickets(withTickets);
  const unitCounts = new Map<string, number>();
  for (const m of marked) {
    if (m.ticket.multiplyFactor > 1) {
      const group = `${m.presentationId}:${m.ticket.id}`;
      unitCounts.set(group, (unitCounts.get(group) ?? 0) + 1);
    }
  }
  for (const [group, count] of unitCounts) {
    const ticket = input.tickets.get(Number(group.split(':')[1]))!;
    if (count % ticket.multiplyFactor !== 0) {
      invalid(`ticket ${ticket.id} covers ${ticket.multiplyFactor} seats; the order has ${count} seats on it`);
    }
  }

  const mismatches: string[] = [];
  const lines: PricedLine[] = marked.map((m) => {
    const amount = m.isMultiplyFactorSubTicket ? 0 : m.ticket.price;
    const serviceCharge = m.isMultiplyFactorSubTicket ? 0 : m.ticket.serviceCharge;
    if (m.seat.clientAmount !== amount) {
      mismatches.push(`seats[${m.seat.index}].amount ${money(m.seat.clientAmount)} != ${money(amount)}`);
    }
    if (m.seat.clientServiceCharge !== serviceCharge) {
      mismatches.push(
        `seats[${m.seat.index}].serviceCharge ${money(m.seat.clientServiceCharge)} != ${money(serviceCharge)}`,
      );
    }
    return { seat: m.seat, ticket: m.ticket, amount, serviceCharge, isSubTicket: m.isMultiplyFactorSubTicket };
  });

  for (const p of input.products) {
    if (p.price === undefined) invalid(`products[${p.index}].id: no such product here`);
  }
  const voucherItems = input.voucherItems ?? [];
  const voucherCount = voucherItems.reduce((n, v) => n + v.quantity, 0);
  if (voucherCount > MAX_VOUCHERS_PER_ORDER) invalid(`at most ${MAX_VOUCHERS_PER_ORDER} vouchers per order`);
  for (const v of voucherItems) {
    if (!v.offer) invalid(`vouchers[${v.index}]: this voucher is not on sale`);
    else if (v.clientPrice !== v.offer.priceAgorot)
      mismatches.push(`vouchers[${v.index}].Price ${money(v.clientPrice)} != ${money(v.offer.priceAgorot)}`);
  }
  const donationItems = input.donationItems ?? [];
  const donationUnits = donationItems.map((d) => {
    const detail = d.detail;
    if (!detail) return invalid(`donations[${d.index}]: no such donation option`);
    if (!detail.isCustom) {
      if (d.customAmount !== null) invalid(`donations[${d.index}].customAmount: this option has a fixed amount`);
      if (d.clientAmount !== null && d.clientAmount !== detail.amountAgorot)
        mismatches.push(`donations[${d.index}].amount ${money(d.clientAmount)} != ${money(detail.amountAgorot!)}`);
      return detail.amountAgorot!;
    }
    const amount = d.customAmount;
    if (amount === null || amount < detail.minAgorot || amount > detail.maxAgorot) {
      throw new BookingError(
        'DONATION_AMOUNT_INVALID',
        { min: formatShekels(detail.minAgorot, 'en'), max: formatShekels(detail.maxAgorot, 'en') },
        { donation: d.index, minAgorot: detail.minAgorot, maxAgorot: detail.maxAgorot },
      );
    }
    return amount;
  });
  const feeApplies = handlingFeeApplies(input.kind ?? 'tickets');
  const globalServiceCharge = feeApplies ? input.globalServiceCharge : {};
  // The one pricing pipeline (shared priceCart), fed from our own data; only the comparison is the server's.
  const pricing = priceCart<PricedLine | PricingProduct | PricingVoucherItem | PricingDonationItem, PricingVoucher>({
    lines: [
      ...lines.map((l) => ({
        kind: 'ticket' as const,
        ref: l,
        priceAgorot: l.amount,
        serviceChargeAgorot: l.serviceCharge,
      })),
      ...input.products.map((p) => ({
        kind: 'product' as const,
        ref: p,
        unitPriceAgorot: p.price!,
        quantity: p.quantity,
      })),
      ...voucherItems.map((v) => ({
        kind: 'voucher' as const,
        ref: v,
        unitPriceAgorot: v.offer!.priceAgorot,
        quantity: v.quantity,
      })),
      ...donationItems.map((d, i) => ({
        kind: 'donation' as const,
        ref: d,
        unitPriceAgorot: donationUnits[i]!,
        quantity: d.quantity,
      })),
    ],
    globalServiceCharge,
    vouchers: input.vouchers.map((v) => ({ id: v.id, ref: v, balanceAgorot: v.balance })),
  });

  const client = input.clientGlobalServiceCharge;
  if (client && feeApplies) {
    const serverAmount = input.globalServiceCharge.amountPerOrder || null;
    const serverPercent = input.globalServiceCharge.percentRatePerOrder || null;
    if ((client.amountPerOrder || null) !== serverAmount || (client.percentRatePerOrder || null) !== serverPercent) {
      mismatches.push('globalServiceCharge differs from the current handling fee');
    }
  }

  const beforeVouchers = pricing.totals.totalAgorot;
  if (input.clientTotal !== undefined && input.clientTotal !== null && input.clientTotal !== beforeVouchers) {
    mismatches.push(`total ${money(input.clientTotal)} != ${money(beforeVouchers)}`);
  }

  const refused = pricing.vouchers.find((v) => v.refusal !== null);
  if (refused) throw new BookingError('VOUCHER_NO_BALANCE', {}, { voucher: refused.ref.reference });
  const voucherPayments = pricing.vouchers.map(({ ref: v, amountAgorot: amount }) => {
    if (v.clientAmount !== amount)
      mismatches.push(`voucherPayments[${v.index}].amount ${money(v.clientAmount)} != ${money(amount)}`);
    return { id: v.id, reference: v.reference, amount };
  });

  if (mismatches.length) {
    throw new BookingError('PRICE_MISMATCH', { details: mismatches.slice(0, 3).join('; ') }, { mismatches });
  }

  const totals = pricing.orderTotals;
  const codedUse = new Map<number, number>();
  for (const l of lines) if (l.ticket.code !== null) codedUse.set(l.ticket.id, (codedUse.get(l.ticket.id) ?? 0) + 1);
  const voucherSales = voucherItems.flatMap((v) =>
    Array.from({ length: v.quantity }, (): VoucherSale => ({ classId: v.classId, priceId: v.priceId, ...v.offer! })),
  );
  const donations = donationItems.map((d, i): DonationSale => ({
    donationId: d.donationId,
    detailId: d.detailId,
    quantity: d.quantity,
    unitAgorot: donationUnits[i]!,
  }));
  return {
    lines,
    totals,
    globalServiceChargeName: pricing.totals.globalServiceChargeName,
    voucherPayments,
    codedUse,
    voucherSales,
    donations,
  };
}

/**
 * The order as the server prices it, before anything is written: what a quote (orders/quote.service.ts, or the
 * membership quote) hands the commit. Beside the pricing it is made of, below both quoters.
 */
export interface Quote {
  kind: CartKind;
  presentationIds: number[];
  layoutOf: Map<number, Layout>;
  seats: PricingSeat[];
  priced: PricedOrder;
  coupons: SaleInput['coupons'];
  /** Signed waivers for the events that need one (checked: signature, terms, participants, ages). */
  waivers: SaleWaiver[];
  /** The mini-site / partner link the order is sold through (orders/channel-check.ts), or null. */
  channel?: SaleInput['channel'];
  /** Ticket references (ref1/ref2) the seats draw on, checked against their quantities. */
  references?: SaleInput['references'];
  /** Products with the tickets, one line each, within their per-order limit and stock at the quote. */
  products?: SaleProduct[];
  /** Seats this order takes from its dates' channel quotas; absent when none applies. */
  quota?: SaleQuota;
}

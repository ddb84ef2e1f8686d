/**
 * The cart's rules on the client, pure (no React, no fetch, no storage) so they
 * are unit-tested and the store only wires them up. Every amount is added up in
 * whole agorot by the shared pricing pipeline (@hotline/shared priceCart, the one
 * the server reprices with) and the shared rules (defaultTicket,
 * markMultiplyFactorSubTickets, ticketDiscount, applyVoucherPayment); the wire
 * carries shekels as the API does.
 *
 * The client only SHOWS totals. The server reprices the cart it is sent and
 * refuses a commit whose amounts differ (PRICE_MISMATCH), so nothing here is
 * trusted for money.
 */
import type {
  ApiGlobalServiceCharge,
  ApiTicket,
  ApiTicketGroup,
  Cart,
  CartSeat as WireSeat,
  CodedTicket,
  CustomerDetailsInput,
  WireTicket,
} from '@hotline/shared';
import {
  agorotToShekels,
  applyVoucherPayment,
  defaultTicket,
  markMultiplyFactorSubTickets,
  priceCart,
  shekelsToAgorot,
  ticketDiscount,
  type SupportedLocale,
} from '@hotline/shared';

/* ------------------------------------------------------------------ types */

/**
 * A seat (or a general-admission place) in the client cart. Field names are the
 * spec's "Cart seat". The seat map adds seats in this shape when a lock succeeds
 * (ticketId may be null: the cart gives it the default ticket).
 */
export interface CartSeat {
  prsntId: number;
  /** The presentation's ticket group id (a plan zone id is accepted and corrected once ticket groups load). */
  ticketGroupId: number;
  venueId?: number | null;
  seatplanId?: number | null;
  sectionId: number;
  ticketId: number | null;
  /** Shown ticket price, shekels (0 on a multiply-factor sub-ticket). */
  amount: number;
  /** Shown per-seat service charge, shekels. */
  serviceCharge: number;
  pricePolicyId?: number | null;
  allocationId?: number | null;
  isMultiplyFactorSubTicket?: boolean;
  /** The coupon / voucher-ticket code this seat's ticket came from. */
  code?: string | null;
  /** The ticket the seat had before a coded ticket replaced it (restored when the code is removed). */
  previousTicketId?: number | null;
  /** A member ticket's member (memberships/MemberPricePanel.tsx); the server draws that member's balance. */
  memberNumber?: string | null;
  XCoordinate: number | null;
  YCoordinate: number | null;
  SeatplanX?: number | null;
  SeatplanY?: number | null;
  RowName?: string | null;
  SeatName?: string | null;
  /** The references the seat's ticket prompts for (TicketReferenceFields). */
  ref1?: string | null;
  ref2?: string | null;
}

export type SeatRef = Pick<CartSeat, 'prsntId' | 'sectionId' | 'XCoordinate' | 'YCoordinate'>;

export interface CartProduct {
  id: number;
  quantity: number;
}

/** A system voucher the visitor added (GET /api/payment/voucher); what it pays is derived from the order. */
export interface CartVoucher {
  id: number;
  code: string;
  /** Remaining balance, shekels. */
  balance: number;
  name?: string | null;
}

/** A ticket as the cart needs it: a public one from the ticket groups, or a coded one fetched by code. */
export interface TicketInfo extends WireTicket {
  code: string | null;
  isVoucher?: boolean;
  /** The age band of a ticket priced for an age (ApiTicket); absent on tickets for anyone. */
  minAge?: number | null;
  maxAge?: number | null;
}

/** What the cart knows about one presentation's prices. */
export interface PresentationPricing {
  groups: readonly ApiTicketGroup[];
  serviceCharge?: ApiGlobalServiceCharge | null;
}

export type PricingLookup = (presentationId: number) => PresentationPricing | undefined;

/* ------------------------------------------------------------------ seats */

export const seatKeyOf = (s: SeatRef): string =>
  `${s.prsntId}:${s.sectionId}:${s.XCoordinate ?? ''}:${s.YCoordinate ?? ''}`;

export const sameSeat = (a: SeatRef, b: SeatRef): boolean =>
  a.prsntId === b.prsntId &&
  a.sectionId === b.sectionId &&
  a.XCoordinate === b.XCoordinate &&
  a.YCoordinate === b.YCoordinate;

/** A general-admission place: the server picked it, it has no row. */
export const isGeneralAdmission = (s: Pick<CartSeat, 'RowName' | 'YCoordinate'>): boolean =>
  !s.RowName && (s.YCoordinate === 0 || s.YCoordinate === null);

/** The presentations in the cart, in the order their first seat was added. */
export function presentationIdsOf(seats: readonly CartSeat[]): number[] {
  return [...new Set(seats.map((s) => s.prsntId))];
}

/** The ticket group pricing a seat: by group id, or by the plan zone id the seat map may have sent. */
export function groupOfSeat(groups: readonly ApiTicketGroup[], ticketGroupId: number): ApiTicketGroup | undefined {
  return groups.find((g) => g.id === ticketGroupId) ?? groups.find((g) => g.zoneId === ticketGroupId);
}

export function ticketInfoOf(t: ApiTicket | CodedTicket): TicketInfo {
  return {
    id: t.id,
    ticketGroupId: t.ticketGroupId,
    name: t.name,
    nameEn: t.nameEn,
    nameRu: t.nameRu ?? null,
    nameAr: t.nameAr ?? null,
    price: t.price,
    oldPrice: t.oldPrice,
    serviceCharge: t.serviceCharge,
    pricePolicyId: t.pricePolicyId,
    multiplyFactor: t.multiplyFactor,
    code: t.code || null,
    isVoucher: 'isVoucher' in t ? t.isVoucher : false,
    ...('minAge' in t && (t.minAge != null || t.maxAge != null) ? { minAge: t.minAge, maxAge: t.maxAge } : {}),
  };
}

/** The tickets a visitor may pick for a seat of this group (public ones; coded ones come by code). */
export function selectableTickets(group: ApiTicketGroup | undefined): ApiTicket[] {
  return group ? group.tickets.filter((t) => !t.code) : [];
}

/** Finds a seat's ticket among the group's public and voucher tickets and the coded tickets fetched so far. */
export function findTicket(
  group: ApiTicketGroup | undefined,
  coded: Readonly<Record<number, TicketInfo>>,
  ticketId: number | null | undefined,
): TicketInfo | undefined {
  if (ticketId === null || ticketId === undefined) return undefined;
  const codedTicket = coded[ticketId];
  if (codedTicket && (!group || codedTicket.ticketGroupId === group.id)) return codedTicket;
  // A ticket with a code is only valid through the code (it is then in `coded`).
  const t =
    group?.tickets.find((k) => k.id === ticketId && !k.code) ??
    group?.voucherTickets.find((k) => k.id === ticketId && !k.code);
  return t ? ticketInfoOf(t) : undefined;
}

/**
 * The seat's "first ticket" (spec section 3, Seat.firstTicket): the one it gets
 * by default, i.e. the group's first base ticket. Discounts are measured
 * against it (spec section 4).
 */
export function firstTicketOf(group: ApiTicketGroup | undefined): ApiTicket | undefined {
  return defaultTicket(selectableTickets(group));
}

export interface NormalisedSeats {
  seats: CartSeat[];
  /** Seats whose group offers no ticket at all: the spec deselects them. */
  withoutTicket: CartSeat[];
}

/**
 * Gives every seat a valid ticket and its shown amounts, in cart order:
 *   - a seat without a ticket (or with one its group no longer has) gets the
 *     first ticket whose multiplyFactor is at most 1 (shared `defaultTicket`);
 *   - seats beyond the first of each multiply-factor unit are sub-tickets
 *     (shared `markMultiplyFactorSubTickets`): amount 0, service charge 0;
 *   - a seat whose group has no ticket to give is returned in `withoutTicket`.
 * Seats of presentations whose prices are not loaded yet are kept as they are.
 */
export function normaliseSeats(
  seats: readonly CartSeat[],
  pricing: PricingLookup,
  coded: Readonly<Record<number, TicketInfo>>,
): NormalisedSeats {
  const withoutTicket: CartSeat[] = [];
  const resolved: { seat: CartSeat; ticket: TicketInfo | undefined }[] = [];
  for (const original of seats) {
    const p = pricing(original.prsntId);
    if (!p) {
      resolved.push({ seat: original, ticket: undefined });
      continue;
    }
    const group = groupOfSeat(p.groups, original.ticketGroupId);
    let ticket = findTicket(group, coded, original.ticketId);
    if (!ticket) {
      const fallback = defaultTicket(selectableTickets(group));
      ticket = fallback ? ticketInfoOf(fallback) : undefined;
    }
    if (!ticket || !group) {
      withoutTicket.push(original);
      continue;
    }
    const seat: CartSeat = {
      ...original,
      ticketGroupId: group.id,
      ticketId: ticket.id,
      pricePolicyId: ticket.pricePolicyId,
      code: ticket.code,
      previousTicketId: ticket.code ? (original.previousTicketId ?? null) : null,
    };
    resolved.push({ seat, ticket });
  }
  const marked = markMultiplyFactorSubTickets(
    resolved.map((r) => ({
      presentationId: r.seat.prsntId,
      ticket: r.ticket ? { id: r.ticket.id, multiplyFactor: r.ticket.multiplyFactor } : null,
    })),
  );
  const out = resolved.map((r, i) => {
    if (!r.ticket) return r.seat;
    const sub = marked[i]!.isMultiplyFactorSubTicket;
    return {
      ...r.seat,
      isMultiplyFactorSubTicket: sub,
      amount: sub ? 0 : r.ticket.price,
      serviceCharge: sub ? 0 : r.ticket.serviceCharge,
    };
  });
  return { seats: out, withoutTicket };
}

export type TicketChangeResult =
  | { ok: true; seats: CartSeat[] }
  | { ok: false; reason: 'NEEDS_MORE_SEATS'; seatsNeeded: number }
  | { ok: false; reason: 'UNKNOWN_TICKET' };

/**
 * The visitor picks `ticketId` for the seat at `index`.
 *  - A base ticket: that seat only. If the seat was part of a multiply-factor
 *    unit (a couple ticket), the rest of its unit goes back to the default ticket,
 *    since half a couple ticket cannot be sold.
 *  - A multiply-factor ticket (n seats per sale): the seat and n-1 more seats of
 *    the same presentation and group that hold a plain public ticket, later
 *    seats first; refused when there are not enough.
 * Call `normaliseSeats` afterwards for amounts and sub-ticket flags.
 */
export function chooseTicket(
  seats: readonly CartSeat[],
  index: number,
  ticketId: number,
  pricing: PricingLookup,
  coded: Readonly<Record<number, TicketInfo>>,
): TicketChangeResult {
  const seat = seats[index];
  if (!seat) return { ok: false, reason: 'UNKNOWN_TICKET' };
  const p = pricing(seat.prsntId);
  const group = p ? groupOfSeat(p.groups, seat.ticketGroupId) : undefined;
  const chosen = selectableTickets(group).find((t) => t.id === ticketId);
  if (!group || !chosen) return { ok: false, reason: 'UNKNOWN_TICKET' };
  const next = seats.map((s) => ({ ...s }));
  const fallback = defaultTicket(selectableTickets(group));
  const inGroup = (s: CartSeat) =>
    s.prsntId === seat.prsntId && groupOfSeat(p!.groups, s.ticketGroupId)?.id === group.id;

  // Leaving a multiply-factor unit: the whole unit goes back to the default ticket.
  const current = findTicket(group, coded, seat.ticketId);
  if (current && current.multiplyFactor > 1 && current.id !== ticketId) {
    const holders = next.map((s, i) => ({ s, i })).filter(({ s }) => inGroup(s) && s.ticketId === current.id);
    const position = holders.findIndex(({ i }) => i === index);
    const unitStart = Math.floor(position / current.multiplyFactor) * current.multiplyFactor;
    for (const { s } of holders.slice(unitStart, unitStart + current.multiplyFactor)) s.ticketId = fallback?.id ?? null;
  }

  if (chosen.multiplyFactor <= 1) {
    next[index]!.ticketId = chosen.id;
    next[index]!.code = null;
    next[index]!.previousTicketId = null;
    return { ok: true, seats: next };
  }
  if (current?.id === chosen.id) return { ok: true, seats: next };

  const isPlainPublic = (s: CartSeat) => {
    const t = findTicket(group, coded, s.ticketId);
    return !t || (!t.code && t.multiplyFactor <= 1);
  };
  const partners = next
    .map((s, i) => ({ s, i }))
    .filter(({ s, i }) => i !== index && inGroup(s) && isPlainPublic(s))
    .sort((a, b) => (a.i > index ? 0 : 1) - (b.i > index ? 0 : 1) || a.i - b.i)
    .slice(0, chosen.multiplyFactor - 1);
  if (partners.length < chosen.multiplyFactor - 1) {
    return { ok: false, reason: 'NEEDS_MORE_SEATS', seatsNeeded: chosen.multiplyFactor };
  }
  for (const s of [next[index]!, ...partners.map((x) => x.s)]) {
    s.ticketId = chosen.id;
    s.code = null;
    s.previousTicketId = null;
  }
  return { ok: true, seats: next };
}

/**
 * Applies a coded ticket (coupon or voucher ticket from GET /presentations/:id/ticket)
 * to up to `quantity` seats of its presentation and group that hold a plain
 * public ticket, in cart order. Each seat remembers the ticket it had, so
 * removing the code restores it (spec section 4).
 */
export function applyCodedTicket(
  seats: readonly CartSeat[],
  presentationId: number,
  ticket: TicketInfo,
  quantity: number,
  pricing: PricingLookup,
  coded: Readonly<Record<number, TicketInfo>>,
): { seats: CartSeat[]; applied: number } {
  const p = pricing(presentationId);
  const next = seats.map((s) => ({ ...s }));
  if (!p || quantity <= 0) return { seats: next, applied: 0 };
  let applied = 0;
  for (const s of next) {
    if (applied >= quantity) break;
    if (s.prsntId !== presentationId) continue;
    const group = groupOfSeat(p.groups, s.ticketGroupId);
    if (!group || group.id !== ticket.ticketGroupId) continue;
    const current = findTicket(group, coded, s.ticketId);
    if (current && (current.code || current.multiplyFactor > 1)) continue;
    s.previousTicketId = current?.id ?? null;
    s.ticketId = ticket.id;
    s.code = ticket.code;
    applied++;
  }
  return { seats: next, applied };
}

/** Takes a code off every seat that carries it; each seat gets back the ticket it had before. */
export function removeCodedTicket(seats: readonly CartSeat[], code: string): CartSeat[] {
  const lower = code.toLowerCase();
  return seats.map((s) =>
    s.code && s.code.toLowerCase() === lower
      ? { ...s, ticketId: s.previousTicketId ?? null, previousTicketId: null, code: null }
      : { ...s },
  );
}

/** Codes still in use by some seat (case-insensitive), keeping the visitor's order. */
export function codesInUse(codes: readonly string[], seats: readonly CartSeat[]): string[] {
  const used = new Set(seats.filter((s) => s.code).map((s) => s.code!.toLowerCase()));
  return codes.filter(
    (c, i) => used.has(c.toLowerCase()) && codes.findIndex((x) => x.toLowerCase() === c.toLowerCase()) === i,
  );
}

/* ------------------------------------------------------------------ totals */

export interface SeatLine {
  seat: CartSeat;
  ticket: TicketInfo | undefined;
  group: ApiTicketGroup | undefined;
  amountAgorot: number;
  serviceChargeAgorot: number;
  /** First-ticket price (or old price) minus the actual price, agorot; 0 on sub-tickets. */
  discountAgorot: number;
}

export interface ProductLine {
  id: number;
  quantity: number;
  priceAgorot: number;
}

export interface VoucherLine extends CartVoucher {
  /** What this voucher pays: min(balance due at its turn, its balance); 0 when it cannot pay anything. */
  amountAgorot: number;
  /** Set when it pays nothing: 'לא נותרה יתרה למימוש הטבה' in the reader's language. */
  message: string | null;
}

export interface CartTotals {
  seats: SeatLine[];
  products: ProductLine[];
  ticketsAgorot: number;
  productsAgorot: number;
  serviceChargesAgorot: number;
  globalServiceChargeAgorot: number;
  /** What the visitor saves against first-ticket prices (already inside the ticket prices; informational). */
  savingsAgorot: number;
  /** Tickets + service charges + products + handling fee: what the order costs. */
  totalAgorot: number;
  vouchers: VoucherLine[];
  vouchersAgorot: number;
  /** Left to pay by card. */
  balanceDueAgorot: number;
}

export interface TotalsInput {
  seats: readonly CartSeat[];
  products: readonly CartProduct[];
  vouchers: readonly CartVoucher[];
  pricing: PricingLookup;
  coded: Readonly<Record<number, TicketInfo>>;
  /** Shekel price of a product, or undefined when it is not (yet) known. */
  productPrice: (id: number) => number | undefined;
  /** The order-level charge (from any presentation's ticket groups; it is per deployment). */
  globalServiceCharge: ApiGlobalServiceCharge | null | undefined;
  locale: SupportedLocale;
}

const agorot = (shekels: number | null | undefined) =>
  shekels === null || shekels === undefined ? 0 : shekelsToAgorot(shekels);

/** Config for the shared rule: the API sends the fixed amount in shekels, the rule wants agorot. */
export function globalServiceChargeConfig(c: ApiGlobalServiceCharge | null | undefined) {
  return {
    name: c?.name ?? null,
    amountPerOrder: c?.amountPerOrder ? agorot(c.amountPerOrder) : null,
    percentRatePerOrder: c?.percentRatePerOrder || null,
  };
}

/** Adds the order up exactly as the server will (same shared rules, same order). */
export function cartTotals(input: TotalsInput): CartTotals {
  const seatLines: SeatLine[] = input.seats.map((seat) => {
    const p = input.pricing(seat.prsntId);
    const group = p ? groupOfSeat(p.groups, seat.ticketGroupId) : undefined;
    const ticket = findTicket(group, input.coded, seat.ticketId);
    const amountAgorot = agorot(seat.amount);
    const serviceChargeAgorot = agorot(seat.serviceCharge);
    let discountAgorot = 0;
    const first = firstTicketOf(group);
    if (ticket && first && !seat.isMultiplyFactorSubTicket) {
      const factor = Math.max(1, ticket.multiplyFactor);
      discountAgorot = ticketDiscount(
        { price: agorot(first.price) * factor, oldPrice: first.oldPrice ? agorot(first.oldPrice) * factor : null },
        {
          price: amountAgorot,
          oldPrice: ticket.oldPrice ? agorot(ticket.oldPrice) * factor : null,
          forAgeBand: ticket.minAge != null || ticket.maxAge != null,
        },
      );
    }
    return { seat, ticket, group, amountAgorot, serviceChargeAgorot, discountAgorot };
  });
  const productLines: ProductLine[] = input.products
    .filter((p) => p.quantity > 0)
    .map((p) => ({ id: p.id, quantity: p.quantity, priceAgorot: agorot(input.productPrice(p.id)) }));

  // The one pricing pipeline (shared priceCart), the same the server reprices with; here it is only shown.
  const pricing = priceCart<SeatLine | ProductLine, CartVoucher>({
    lines: [
      ...seatLines.map((l) => ({
        kind: 'ticket' as const,
        ref: l,
        priceAgorot: l.amountAgorot,
        serviceChargeAgorot: l.serviceChargeAgorot,
      })),
      ...productLines.map((p) => ({
        kind: 'product' as const,
        ref: p,
        unitPriceAgorot: p.priceAgorot,
        quantity: p.quantity,
      })),
    ],
    globalServiceCharge: globalServiceChargeConfig(input.globalServiceCharge),
    // Keyed by position: the storefront shows what each entry pays even if a voucher were added twice.
    vouchers: input.vouchers.map((v, i) => ({ id: i, ref: v, balanceAgorot: agorot(v.balance) })),
    locale: input.locale,
  });
  const t = pricing.totals;
  return {
    seats: seatLines,
    products: productLines,
    ticketsAgorot: t.ticketsAgorot,
    productsAgorot: t.productsAgorot,
    serviceChargesAgorot: t.serviceChargesAgorot,
    globalServiceChargeAgorot: t.globalServiceChargeAgorot,
    savingsAgorot: seatLines.reduce((sum, l) => sum + l.discountAgorot, 0),
    totalAgorot: t.totalAgorot,
    vouchers: pricing.vouchers.map((a) => ({
      ...a.ref,
      amountAgorot: a.amountAgorot,
      message: a.refusal?.message ?? null,
    })),
    vouchersAgorot: t.vouchersAgorot,
    balanceDueAgorot: t.balanceDueAgorot,
  };
}

/**
 * Whether a voucher may be added now (spec section 5): it pays
 * min(balance due, its balance); 0 or less is refused with the spec's message.
 */
export function canAddVoucher(balanceDueAgorot: number, voucherBalanceShekels: number, locale: SupportedLocale) {
  return applyVoucherPayment(balanceDueAgorot, agorot(voucherBalanceShekels), locale);
}

/** Seats whose multiply-factor unit is incomplete (a couple ticket on one seat): the server would refuse them. */
export function incompleteUnits(lines: readonly SeatLine[]): TicketInfo[] {
  const counts = new Map<string, { ticket: TicketInfo; n: number }>();
  for (const l of lines) {
    if (!l.ticket || l.ticket.multiplyFactor <= 1) continue;
    const key = `${l.seat.prsntId}:${l.ticket.id}`;
    const entry = counts.get(key) ?? { ticket: l.ticket, n: 0 };
    entry.n++;
    counts.set(key, entry);
  }
  return [...counts.values()].filter((e) => e.n % e.ticket.multiplyFactor !== 0).map((e) => e.ticket);
}

/* ------------------------------------------------------------------ wire */

export interface WireCartInput {
  seats: readonly CartSeat[];
  products: readonly CartProduct[];
  totals: CartTotals;
  ticketCodes: readonly string[];
  codedTickets: Readonly<Record<number, TicketInfo>>;
  customerInfo: CustomerDetailsInput | null;
  numberOfPayments: number;
  globalServiceCharge: ApiGlobalServiceCharge | null | undefined;
  cartIdentifier: string | null;
  paymentIdentifier?: string | null;
  miniSiteUrl?: string | null;
  isHold?: boolean;
}

const positiveInt = (n: number | null | undefined): n is number =>
  typeof n === 'number' && Number.isInteger(n) && n > 0;

/** One seat as the API's Cart seat (shared/src/booking/cart.ts): shekels, no nulls where the schema wants a number. */
export function wireSeat(s: CartSeat): WireSeat | null {
  if (!positiveInt(s.ticketId)) return null;
  const seat: WireSeat = {
    prsntId: s.prsntId,
    ticketGroupId: s.ticketGroupId,
    sectionId: s.sectionId,
    ticketId: s.ticketId,
    amount: agorotToShekels(agorot(s.amount)),
    serviceCharge: agorotToShekels(agorot(s.serviceCharge)),
    isMultiplyFactorSubTicket: Boolean(s.isMultiplyFactorSubTicket),
    code: s.code ?? null,
    allocationId: s.allocationId ?? null,
    XCoordinate: s.XCoordinate,
    YCoordinate: s.YCoordinate,
    SeatplanX: s.SeatplanX ?? null,
    SeatplanY: s.SeatplanY ?? null,
    RowName: s.RowName ?? null,
    SeatName: s.SeatName ?? null,
  };
  if (s.memberNumber) seat.memberNumber = s.memberNumber;
  if (positiveInt(s.venueId)) seat.venueId = s.venueId;
  if (positiveInt(s.seatplanId)) seat.seatplanId = s.seatplanId;
  if (typeof s.pricePolicyId === 'number' && Number.isInteger(s.pricePolicyId)) seat.pricePolicyId = s.pricePolicyId;
  if (s.ref1?.trim()) seat.ref1 = s.ref1.trim();
  if (s.ref2?.trim()) seat.ref2 = s.ref2.trim();
  return seat;
}

/**
 * The cart as POST /api/cart and POST /api/payment/commit take it. `total` is the
 * order total the visitor was shown (before vouchers); vouchers that pay nothing
 * are left out. Coded tickets travel in `ticketGroups` (kept by the server with a
 * saved cart, not acted on) so a restored cart can still name them.
 */
export function toWireCart(input: WireCartInput): Cart {
  const seats = input.seats.map(wireSeat).filter((s): s is WireSeat => s !== null);
  const coded = Object.values(input.codedTickets);
  const cart: Cart = {
    seats,
    products: input.products.filter((p) => p.quantity > 0).map((p) => ({ id: p.id, quantity: p.quantity })),
    voucherPayments: input.totals.vouchers
      .filter((v) => v.amountAgorot > 0)
      .map((v) => ({
        id: v.id,
        code: v.code,
        amount: agorotToShekels(v.amountAgorot),
        balance: agorotToShekels(agorot(v.balance)),
        systemVoucher: true,
      })),
    ticketCodes: [...input.ticketCodes],
    customerInfo: input.customerInfo,
    numberOfPayments: Math.max(1, Math.floor(input.numberOfPayments || 1)),
    globalServiceCharge: input.globalServiceCharge
      ? {
          name: input.globalServiceCharge.name,
          amountPerOrder: input.globalServiceCharge.amountPerOrder,
          percentRatePerOrder: input.globalServiceCharge.percentRatePerOrder,
        }
      : null,
    cartIdentifier: input.cartIdentifier,
    total: agorotToShekels(input.totals.totalAgorot),
    miniSiteUrl: input.miniSiteUrl ?? null,
    isHold: input.isHold ?? false,
    ticketGroups: coded.length ? { codedTickets: coded } : undefined,
  };
  if (input.paymentIdentifier) cart.paymentIdentifier = input.paymentIdentifier;
  return cart;
}

/** Coded tickets a saved cart carried in `ticketGroups` (see toWireCart). Anything unexpected is ignored. */
export function codedTicketsFromWire(ticketGroups: unknown): Record<number, TicketInfo> {
  const out: Record<number, TicketInfo> = {};
  const list = (ticketGroups as { codedTickets?: unknown } | null | undefined)?.codedTickets;
  if (!Array.isArray(list)) return out;
  for (const t of list as Partial<TicketInfo>[]) {
    if (!t || !positiveInt(t.id) || !positiveInt(t.ticketGroupId) || typeof t.price !== 'number') continue;
    out[t.id] = {
      id: t.id,
      ticketGroupId: t.ticketGroupId,
      name: String(t.name ?? ''),
      nameEn: String(t.nameEn ?? ''),
      price: t.price,
      oldPrice: typeof t.oldPrice === 'number' ? t.oldPrice : null,
      serviceCharge: typeof t.serviceCharge === 'number' ? t.serviceCharge : 0,
      pricePolicyId: typeof t.pricePolicyId === 'number' ? t.pricePolicyId : 0,
      multiplyFactor: typeof t.multiplyFactor === 'number' ? t.multiplyFactor : 1,
      code: typeof t.code === 'string' ? t.code : null,
      isVoucher: Boolean(t.isVoucher),
    };
  }
  return out;
}

/** A wire seat back into the client cart. */
export function seatFromWire(s: WireSeat): CartSeat {
  return {
    prsntId: s.prsntId,
    ticketGroupId: s.ticketGroupId,
    venueId: s.venueId ?? null,
    seatplanId: s.seatplanId ?? null,
    sectionId: s.sectionId,
    ticketId: s.ticketId ?? null,
    amount: s.amount,
    serviceCharge: s.serviceCharge,
    pricePolicyId: s.pricePolicyId ?? null,
    allocationId: s.allocationId ?? null,
    isMultiplyFactorSubTicket: Boolean(s.isMultiplyFactorSubTicket),
    code: s.code ?? null,
    previousTicketId: null,
    XCoordinate: s.XCoordinate,
    YCoordinate: s.YCoordinate,
    SeatplanX: s.SeatplanX ?? null,
    SeatplanY: s.SeatplanY ?? null,
    RowName: s.RowName ?? null,
    SeatName: s.SeatName ?? null,
    ...(s.ref1 ? { ref1: s.ref1 } : {}),
    ...(s.ref2 ? { ref2: s.ref2 } : {}),
  };
}

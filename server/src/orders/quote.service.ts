import { AppError } from '../common/app-error';
import { Inject, Injectable } from '@nestjs/common';
import type { CustomerDetails, CustomerFormConfig } from '@hotline/shared';
import {
  cartKind,
  checkCustomerDetails,
  customerFormForKind,
  presentationsToRemoveOnSelect,
  productLimitRefusal,
  productSoldWith,
  saleWindowRefusal,
  seatKey,
  setAsideRefusedSeats,
  shekelsToAgorot,
  type CartKind,
  type CouponChannel,
  type SetAsideTaker,
  channelQuotaClaims,
} from '@hotline/shared';
import { BookingError, type ParsedCart, SeatLockReader, type SeatHold } from '../cart';
import { Clock } from '../common/clock';
import type { Locale } from '../common/locale';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import {
  CUSTOMER_FORM,
  priceOrder,
  type PricedOrder,
  type PricingSeat,
  type Quote,
  assertPaysAt,
  assertUsable,
  VouchersRepository,
} from '../payment';
import { DonationsRepository, GiftOffersRepository } from '../gifts';
import { WaiverCheck } from '../waivers';
import { MembershipQuoteService } from '../memberships';
import type { SaleInput, SaleOutcome } from '../reservations';
import { SeatEngineService, type Layout } from '../seats';
import {
  assertCouponTerms,
  seatsCouponAllows,
  TicketsRepository,
  type ProductRow,
  type SaleProduct,
  type SaleQuota,
  type TicketRow,
} from '../tickets';
import { ReferenceEligibility } from '../ticket-references';
import { ChannelCheck } from './channel-check';

const unique = <T>(xs: T[]) => [...new Set(xs)];

/** The seats this order takes from its dates' quotas for its channel (shared channelQuotaClaims), or none. */
function quotaOf(
  channel: CouponChannel,
  seats: readonly { presentationId: number }[],
  layoutOf: Map<number, Layout>,
): SaleQuota | null {
  const claims = channelQuotaClaims(channel, seats, (id) => layoutOf.get(id)?.presentation.channelQuotas);
  return claims.length
    ? { channel, dates: claims.map(({ presentationId, seats: n }) => ({ presentationId, seats: n })) }
    : null;
}

/** Who takes the seats, as the set-aside rule names them: the counter, a mini-site or the live domain, or the public. */
function setAsideTakerOf(cart: ParsedCart, options: { boxOffice?: 'card' | 'cash' }): SetAsideTaker {
  if (options.boxOffice) return 'box-office';
  return cart.miniSiteUrl?.trim() || cart.domain?.trim() ? 'channel' : 'public';
}

/** Where the order is made, as a coupon's channels name it (a coupon may be for some channels only). */
function couponChannelOf(
  cart: ParsedCart & { integrationId?: string | null },
  options: { boxOffice?: 'card' | 'cash' },
): CouponChannel {
  if (options.boxOffice) return 'box-office';
  if (cart.miniSiteUrl?.trim()) return 'mini-site';
  if (cart.integrationId?.trim()) return 'partner';
  return 'web';
}
/**
 * The cart's products, one line per product (a product listed twice is summed), held to their limits before anything
 * is claimed or charged (shared productLimitRefusal: per order, then what the stock has left). Priced already: a
 * product not sold here never reaches this.
 */
function productLinesOf(
  cartProducts: { id: number; quantity: number }[],
  rows: Map<number, ProductRow>,
): SaleProduct[] {
  const quantities = new Map<number, number>();
  for (const p of cartProducts) quantities.set(p.id, (quantities.get(p.id) ?? 0) + p.quantity);
  return [...quantities].map(([id, quantity]) => {
    const row = rows.get(id)!;
    const refusal = productLimitRefusal({ perOrder: row.perOrder, left: row.left }, quantity);
    if (refusal === 'PRODUCT_PER_ORDER_EXCEEDED')
      throw new BookingError(refusal, { max: row.perOrder ?? 0 }, { productId: id, max: row.perOrder });
    if (refusal) throw new BookingError(refusal, {}, { productId: id });
    return { productId: id, quantity, unitAgorot: row.price, stocked: row.stock !== null };
  });
}
const refsOf = (s: ParsedCart['seats'][number]) => ({
  ref1: s.ref1,
  ref2: s.ref2,
  subTicket: s.isMultiplyFactorSubTicket === true,
});

/**
 * The saga's first step: everything that may refuse the order before anything
 * is written - customer details, the seat map, our prices (the shared pipeline)
 * against what the visitor saw, coupons and vouchers, and the visitor's live
 * locks. Reads only.
 */
@Injectable()
export class QuoteService {
  constructor(
    private readonly locks: SeatLockReader,
    private readonly engine: SeatEngineService,
    private readonly tickets: TicketsRepository,
    private readonly vouchers: VouchersRepository,
    private readonly offers: GiftOffersRepository,
    private readonly donations: DonationsRepository,
    private readonly waiverCheck: WaiverCheck,
    private readonly memberships: MembershipQuoteService,
    private readonly channels: ChannelCheck,
    private readonly referenceCheck: ReferenceEligibility,
    private readonly clock: Clock,
    @Inject(CUSTOMER_FORM) private readonly customerForm: CustomerFormConfig,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * A date outside its sale window sells nothing to the public, also to a visitor who locked seats inside it (the
   * lock outlives the close by its minutes); the box office sells outside it (shared saleWindowRefusal).
   */
  private refuseOutsideSaleWindow(layouts: Layout[], channel: CouponChannel): void {
    const now = this.clock.now();
    for (const { presentation: p } of layouts) {
      const refusal = saleWindowRefusal({ opensAt: p.salesOpenAt, closesAt: p.salesCloseAt }, { now, channel });
      if (refusal) throw new AppError(refusal);
    }
  }

  /**
   * A seat set aside for a channel is not sold to the public before its release (shared keptFromTaker,
   * docs/decisions/024), also to a visitor who locked it before it was set aside: refused before anything is claimed
   * or charged, naming the seats. Read from the cached layout, as the lock and the map read it.
   */
  private refuseSetAsideSeats(
    seats: readonly { presentationId: number; sectionId: number; x: number; y: number }[],
    layoutOf: Map<number, Layout>,
    taker: SetAsideTaker,
  ): void {
    const asideOf = (s: (typeof seats)[number]) =>
      layoutOf.get(s.presentationId)?.seats.get(seatKey(s.sectionId, s.x, s.y))?.setAside;
    const refused = setAsideRefusedSeats(seats, asideOf, taker, this.clock.now());
    if (refused.length)
      throw new BookingError('SEAT_SET_ASIDE', {
        details: refused.map((s) => `${s.presentationId}/${seatKey(s.sectionId, s.x, s.y)}`).join(','),
      });
  }

  /** The customer's details against this deployment's form for this kind of order (SSN required for vouchers, donations). */
  checkCustomer(info: unknown, locale: Locale, kind: CartKind = 'tickets'): CustomerDetails {
    const form = customerFormForKind(this.customerForm, kind);
    const { issues, value } = checkCustomerDetails(info ?? {}, form, locale);
    if (issues.length === 0) return value;
    const fields = Object.fromEntries(issues.map((i) => [i.path, i.message]));
    throw new BookingError(
      'CUSTOMER_INVALID',
      { details: issues.map((i) => `${i.path}: ${i.message}`).join('; ') },
      { fields },
    );
  }

  /** Which kind of order this is (shared cartKind): one kind per commit; CART_EMPTY / CART_KINDS_MIXED otherwise. */
  kindOf(cart: ParsedCart): CartKind {
    const kind = cartKind(cart);
    if (kind.ok) return kind.kind;
    if (kind.code === 'CART_EMPTY') throw new BookingError('CART_EMPTY');
    throw new BookingError('CART_KINDS_MIXED', {}, { kinds: kind.kinds });
  }

  /**
   * `boxOffice`: a staff sale (orders/producer-sale.ts) with how the walk-in buyer pays. `unpaid`: a hold order
   * (holds/), paid later at the box office, so no card authorisation is needed now.
   */
  async quote(
    visitorId: string,
    cart: ParsedCart,
    options: { boxOffice?: 'card' | 'cash'; unpaid?: boolean } = {},
  ): Promise<Quote> {
    const kind = this.kindOf(cart);
    if (kind === 'memberships') return this.memberships.quote(visitorId, cart);
    // One voucher, one line: the allocation spends each balance once, so a second line could only be a mistake.
    const voucherIds = (cart.voucherPayments ?? []).map((v) => v.id);
    if (unique(voucherIds).length !== voucherIds.length) throw new BookingError('VOUCHER_LISTED_TWICE');
    const presentationIds = unique(cart.seats.map((s) => s.prsntId));
    const [layouts, ticketRows, productRows, voucherRows, offerRows, donationRows] = await Promise.all([
      Promise.all(presentationIds.map((id) => this.engine.layout(id))),
      this.tickets.tickets(unique(cart.seats.map((s) => s.ticketId))),
      cart.products?.length ? this.tickets.products(unique(cart.products.map((p) => p.id))) : Promise.resolve([]),
      this.vouchers.byIds(unique((cart.voucherPayments ?? []).map((v) => v.id))),
      this.offers.pricesOnSale(unique((cart.vouchers ?? []).map((v) => v.SystemVoucherPriceId))),
      this.donations.options(unique((cart.donations ?? []).map((d) => d.donationDetailId))),
    ]);

    // A date cancelled from the back office sells nothing more, also to a visitor whose seats were locked before; a
    // node learns of it within 5 s, and the cancellation job refunds what slipped through in that moment.
    if (layouts.some((l) => l.presentation.cancelled)) throw new BookingError('SHOW_CANCELLED');
    this.refuseOutsideSaleWindow(layouts, couponChannelOf(cart, options));
    const layoutOf = new Map(layouts.map((l) => [l.presentation.id, l]));
    // A single-event video-on-demand show is sold on its own (the storefront removes the others when it is chosen).
    const shows = layouts.map((l) => ({ id: l.presentation.id, venueTypeId: l.presentation.venueTypeId }));
    if (shows.some((p) => presentationsToRemoveOnSelect(shows, p).length > 0)) {
      throw new BookingError('CART_INVALID', { details: 'a video-on-demand event is sold on its own' });
    }
    const seats = this.pricingSeats(cart, layoutOf);
    this.refuseSetAsideSeats(seats, layoutOf, setAsideTakerOf(cart, options));
    const tickets = new Map(ticketRows.map((t) => [t.id, t]));
    const locationIds = new Set(layouts.map((l) => l.presentation.locationId));
    const featureIds = new Set(layouts.map((l) => l.presentation.featureId));
    const orderDates = { locationIds, featureIds, presentationIds: new Set(presentationIds) };
    const productById = new Map(productRows.map((p) => [p.id, p]));
    const voucherById = new Map(voucherRows.map((v) => [v.id, v]));
    const offerByPrice = new Map(offerRows.map((o) => [o.priceId, o]));
    const optionById = new Map(donationRows.map((d) => [d.detailId, d]));
    const priced = priceOrder({
      kind,
      seats,
      tickets,
      ticketCodes: new Set((cart.ticketCodes ?? []).map((c) => c.toLowerCase())),
      products: (cart.products ?? []).map((p, index) => {
        const row = productById.get(p.id);
        // Switched off in the back office, or another venue's, event's or date's: not sold with this order.
        const soldHere = row && productSoldWith(row, orderDates);
        return { index, id: p.id, quantity: p.quantity, price: soldHere ? row.price : undefined };
      }),
      globalServiceCharge: {
        amountPerOrder: this.config.GLOBAL_SERVICE_CHARGE_AGOROT || null,
        percentRatePerOrder: this.config.GLOBAL_SERVICE_CHARGE_PERCENT || null,
      },
      clientGlobalServiceCharge: cart.globalServiceCharge
        ? {
            amountPerOrder:
              cart.globalServiceCharge.amountPerOrder == null
                ? null
                : shekelsToAgorot(cart.globalServiceCharge.amountPerOrder),
            percentRatePerOrder: cart.globalServiceCharge.percentRatePerOrder ?? null,
          }
        : null,
      voucherItems: (cart.vouchers ?? []).map((v, index) => {
        const offer = offerByPrice.get(v.SystemVoucherPriceId);
        const matches = offer && offer.classId === v.SystemVoucherId;
        // A voucher limited to some outlets is sold only there (when the storefront says where it sells).
        if (matches && offer.locationIds && cart.locationId != null && !offer.locationIds.includes(cart.locationId))
          throw new AppError('SYSTEM_VOUCHER_NOT_SOLD_IN_OUTLET');
        return {
          index,
          classId: v.SystemVoucherId,
          priceId: v.SystemVoucherPriceId,
          quantity: v.Quantity,
          clientPrice: shekelsToAgorot(v.Price),
          offer: matches
            ? {
                priceAgorot: offer.priceAgorot,
                valueAgorot: offer.valueAgorot,
                validDays: offer.validDays,
                name: offer.name,
                nameEn: offer.nameEn,
              }
            : undefined,
        };
      }),
      donationItems: (cart.donations ?? []).map((d, index) => {
        const option = optionById.get(d.donationDetailId);
        return {
          index,
          donationId: d.donationId,
          detailId: d.donationDetailId,
          quantity: d.quantity,
          customAmount: d.customAmount == null ? null : shekelsToAgorot(d.customAmount),
          clientAmount: d.amount == null ? null : shekelsToAgorot(d.amount),
          detail: option && option.donationId === d.donationId ? option : undefined,
        };
      }),
      vouchers: (cart.voucherPayments ?? []).map((v, index) => {
        const row = assertUsable(voucherById.get(v.id), v.code);
        assertPaysAt(row, [...locationIds]);
        return {
          index,
          id: row.id,
          reference: row.reference,
          balance: row.balanceAgorot,
          clientAmount: shekelsToAgorot(v.amount),
        };
      }),
      clientTotal: cart.total == null ? null : shekelsToAgorot(cart.total),
    });
    const coupons = await this.checkCoupons(priced, tickets, couponChannelOf(cart, options));
    const products = productLinesOf(cart.products ?? [], productById);
    await this.memberships.checkMemberTickets(visitorId, cart, priced);
    // The ticket rows carry what the waiver and reference checks would ask (tickets.repository.ts facts; priceOrder
    // refused any seat whose ticket is missing or of another presentation), so a plain order asks neither table.
    const seatFacts = seats.map((s) => tickets.get(s.ticketId)?.facts);
    const known = seatFacts.every((f) => f !== undefined);
    const waivers = await this.waiverCheck.check(seats, cart.waivers, known && seatFacts.every((f) => !f!.needsWaiver));
    const channel = await this.channels.check(cart, seats, layoutOf);
    const prompts = known
      ? new Map(ticketRows.flatMap((t) => (t.facts?.ref1Prompt ? [[t.id, { ref2: t.facts.ref2Prompt }] as const] : [])))
      : undefined;
    const references = await this.referenceCheck.check(
      seats.map((s) => ({ ...s, ...refsOf(cart.seats[s.index]!) })),
      prompts,
    );

    await this.assertLocked(visitorId, seats, layoutOf);
    // Staff may sell a single seat beside a gap at the box office, as they may lock one (docs/back-office.md).
    if (!options.boxOffice) await this.assertNoSingleSeatGap(visitorId, presentationIds);
    const paidLater = options.boxOffice === 'cash' || options.unpaid;
    if (priced.totals.balanceDue > 0 && !cart.paymentIdentifier && !paidLater) {
      throw new BookingError('PAYMENT_NOT_AUTHORISED');
    }
    const quota = quotaOf(couponChannelOf(cart, options), seats, layoutOf);
    return {
      kind,
      presentationIds,
      layoutOf,
      seats,
      priced,
      coupons,
      waivers,
      channel,
      references,
      products,
      ...(quota ? { quota } : {}),
    };
  }

  /** Nothing was charged (voucher-only or free order): the plain reason, nothing to give back. */
  refusalWithoutCharge(outcome: Extract<SaleOutcome, { ok: false }>, quote: Quote): AppError {
    switch (outcome.reason) {
      case 'MEMBER_BALANCE':
        return new AppError('BALANCE_INSUFFICIENT');
      case 'ALREADY_ENROLLED':
        return new AppError('ALREADY_ENROLLED');
      case 'MEMBER_GONE':
        return new AppError('NO_VALID_MEMBER');
      case 'DISCOUNT_USED_UP':
        return new AppError('MEMBERSHIP_DISCOUNT_USED_UP');
      case 'MINI_SITE_BALANCE_USED_UP':
        return new AppError('MINI_SITE_BALANCE_USED_UP');
      case 'REFERENCE_NOT_ELIGIBLE':
        return new AppError('REFERENCE_NOT_ELIGIBLE');
      case 'VOUCHER_NO_BALANCE':
        return new BookingError('VOUCHER_NO_BALANCE', {}, { voucher: outcome.detail });
      case 'VOUCHER_GONE':
        return new BookingError('VOUCHER_NOT_FOUND', {}, { voucher: outcome.detail });
      case 'COUPON_USED_UP':
        return new BookingError('COUPON_USED_UP');
      case 'PRODUCT_SOLD_OUT':
        return new BookingError('PRODUCT_SOLD_OUT');
      case 'CHANNEL_QUOTA_EXHAUSTED':
        return new BookingError('CHANNEL_QUOTA_EXHAUSTED');
      default:
        return new BookingError(
          'SEAT_NOT_LOCKED',
          { seat: this.seatLabel(quote.seats[0]!, quote.layoutOf) },
          { reason: outcome.reason },
        );
    }
  }

  /** Each cart seat placed on the seat map: which section, which ticket group prices it. */
  private pricingSeats(cart: ParsedCart, layoutOf: Map<number, Layout>): PricingSeat[] {
    return cart.seats.map((s, index) => {
      const invalid = (why: string) =>
        new BookingError('CART_INVALID', { details: `seats[${index}]: ${why}` }, { seat: index });
      const layout = layoutOf.get(s.prsntId)!;
      const section = layout.sections.get(s.sectionId);
      if (!section) throw invalid('no such section in this presentation');
      if (s.XCoordinate === null)
        throw invalid('XCoordinate is required (for general admission, the place the lock gave)');
      const x = s.XCoordinate;
      const y = section.isReserved ? s.YCoordinate : 0;
      if (y === null) throw invalid('YCoordinate is required in a reserved section');
      let ticketGroupId: number | undefined;
      if (section.isReserved) ticketGroupId = layout.seats.get(seatKey(section.id, x, y))?.ticketGroupId;
      else if (x >= 1 && x <= section.capacity) ticketGroupId = section.ticketGroupId;
      if (ticketGroupId === undefined) throw invalid('no such seat');
      if (ticketGroupId === 0) throw invalid('this seat is not on sale');
      return {
        index,
        presentationId: s.prsntId,
        sectionId: section.id,
        x,
        y,
        ticketId: s.ticketId,
        ticketGroupId,
        clientAmount: shekelsToAgorot(s.amount),
        clientServiceCharge: shekelsToAgorot(s.serviceCharge),
      };
    });
  }

  /** Coded tickets: the shared coupon rule over live usage; re-checked under the ticket's row lock when the sale is written. */
  /**
   * Every coupon of the order within its terms (switched on, in its window, for this channel, seats per order) and
   * its cap; the cap is claimed again by the sale under a lock, before any money moves.
   */
  private async checkCoupons(
    priced: PricedOrder,
    tickets: Map<number, TicketRow>,
    channel: CouponChannel,
  ): Promise<SaleInput['coupons']> {
    if (priced.codedUse.size === 0) return [];
    const now = this.clock.now();
    for (const [ticketId, seats] of priced.codedUse) assertCouponTerms(tickets.get(ticketId)!, { now, channel, seats });
    const usage = await this.tickets.usage([...priced.codedUse.keys()]);
    return [...priced.codedUse].map(([ticketId, seats]) => {
      const ticket = tickets.get(ticketId)!;
      const allowed = seatsCouponAllows(ticket, usage.get(ticketId) ?? 0, seats);
      if (allowed < seats) throw new BookingError(ticket.isVoucher ? 'VOUCHER_NO_BALANCE' : 'COUPON_USED_UP');
      return {
        ticketId,
        seats,
        limit: ticket.balance === null ? null : ticket.balance * Math.max(1, ticket.multiplyFactor),
      };
    });
  }

  /** Protected so a test-only subclass (server/test/support) can stand in for a missing lock check in the race's control. */
  protected async assertLocked(visitorId: string, seats: PricingSeat[], layoutOf: Map<number, Layout>): Promise<void> {
    const byPresentation = new Map<number, PricingSeat[]>();
    for (const s of seats) byPresentation.set(s.presentationId, [...(byPresentation.get(s.presentationId) ?? []), s]);
    const checked = await Promise.all(
      [...byPresentation].map(async ([pid, list]) => {
        const holds = await this.locks.holds(pid, visitorId, list);
        return list.map((seat, i) => ({ seat, hold: holds[i]! }));
      }),
    );
    const all = checked.flat();
    const bad = all.filter((c) => c.hold !== 'mine');
    if (bad.length === 0) return;
    const expired = (h: SeatHold) => h === 'mine-expired' || h === 'free';
    // Our own lock ran out (or was swept and nobody took the seat): the timer ended, not a competitor.
    if (bad.some((c) => c.hold === 'mine-expired') || bad.every((c) => expired(c.hold))) {
      throw new BookingError('LOCKS_EXPIRED', {}, { seats: bad.map((c) => c.seat.index) });
    }
    const first = bad.find((c) => !expired(c.hold))!;
    throw new BookingError(
      'SEAT_NOT_LOCKED',
      { seat: this.seatLabel(first.seat, layoutOf) },
      { seat: first.seat.index, hold: first.hold },
    );
  }

  /**
   * The single-seat rule on the finished selection (docs/seat-engine.md, "The single-seat rules"): while
   * seats are picked a gap beside one's own seat may stay open to be filled; at the commit none may be left.
   * Checked before any charge, so a refusal costs the buyer nothing.
   */
  private async assertNoSingleSeatGap(visitorId: string, presentationIds: number[]): Promise<void> {
    for (const pid of presentationIds) {
      const gaps = await this.engine.selectionGaps(pid, visitorId);
      if (gaps.length > 0) throw new AppError('SINGLE_SEAT_GAP');
    }
  }

  private seatLabel(seat: PricingSeat, layoutOf: Map<number, Layout>): string {
    const s = layoutOf.get(seat.presentationId)?.seats.get(seatKey(seat.sectionId, seat.x, seat.y));
    return s ? `${s.rowName}/${s.seatName}` : String(seat.x);
  }
}

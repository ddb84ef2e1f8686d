import { Inject, Injectable } from '@nestjs/common';
import {
  agorotToShekels,
  MAX_MEMBERSHIP_DISCOUNT_CODES_PER_ORDER,
  MAX_MEMBERSHIPS_PER_ORDER,
  MEMBERSHIP_TYPE_SEASON,
  membershipDiscountAgorot,
  priceCart,
  seatKey,
  shekelsToAgorot,
} from '@hotline/shared';
import { BookingError, type ParsedCart } from '../cart';
import { AppError } from '../common/app-error';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import type { PricedLine, PricedOrder, PricingSeat, Quote } from '../payment';
import type { MembershipSaleData, RedeemedSeat } from './membership-sale.participant';
import { type Layout, SeatEngineService } from '../seats';
import { TicketsRepository } from '../tickets';
import { discountValidFor, MembershipDiscountService } from './membership-discount.service';
import { MembershipsRepository, type MembershipRow } from './memberships.repository';
import { memberStanding, MembershipsService } from './memberships.service';

type Item = NonNullable<ParsedCart['memberships']>[number];
type EnrolItem = Extract<Item, { ticketId: number }>;
type BuyItem = Exclude<Item, EnrolItem>;
type SeatRef = { sectionId: number; x: number; y: number };

const isEnrol = (i: Item): i is EnrolItem => 'ticketId' in i;
const money = (agorot: number) => agorotToShekels(agorot).toFixed(2);

/** A seat the order will write (at 0: the membership line carries the money) on one presentation. */
interface SeatToSell {
  presentationId: number;
  ref: SeatRef;
}

/**
 * The memberships order's quote: membership and enrol items priced from the server's own rows through
 * the shared pipeline (priceCart, 'membership' lines), the seats they include checked as held by this visitor on
 * every presentation, and what the sale will write (members, top-ups, enrolments). Also the member-ticket check of
 * a ticket order: a valid, started, unexpired membership with enough balance, confirmed for this visitor.
 */
@Injectable()
export class MembershipQuoteService {
  constructor(
    private readonly repo: MembershipsRepository,
    private readonly memberships: MembershipsService,
    private readonly engine: SeatEngineService,
    private readonly tickets: TicketsRepository,
    private readonly discounts: MembershipDiscountService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async quote(visitorId: string, cart: ParsedCart): Promise<Quote> {
    const items = cart.memberships ?? [];
    if (items.length > MAX_MEMBERSHIPS_PER_ORDER) {
      throw new AppError('MEMBERSHIPS_MAX_PER_ORDER', { max: MAX_MEMBERSHIPS_PER_ORDER });
    }
    if (cart.voucherPayments?.length) {
      throw new BookingError('CART_INVALID', { details: 'vouchers do not pay for memberships here' });
    }
    const rows = await this.repo.memberships({ ids: [...new Set(items.map((i) => i.membershipId))] });
    const byId = new Map(rows.map((m) => [m.id, m]));
    const info = cart.customerInfo ?? {};
    const ssn = info.ssn == null ? null : String(info.ssn);
    const holderName = `${info.firstName ?? ''} ${info.lastName ?? ''}`.trim();
    const mobile = info.mobileNumber == null ? null : String(info.mobileNumber);
    const sale: MembershipSaleData = { redemptions: [], sold: [], topups: [], enrolments: [] };
    const seats: SeatToSell[] = [];
    const amounts: number[] = [];
    const mismatches: string[] = [];

    for (const [index, item] of items.entries()) {
      const m = byId.get(item.membershipId);
      if (!m) throw new AppError('MEMBERSHIP_NOT_FOUND');
      const amount = isEnrol(item)
        ? await this.enrol(m, item, index, ssn, sale, seats, mismatches)
        : await this.buy(m, item, index, holderName, ssn, mobile, sale, seats, mismatches);
      amounts.push(amount);
    }
    await this.applyDiscount(cart, items, amounts, sale);

    const presentationIds = [...new Set(seats.map((s) => s.presentationId))];
    const layouts = await Promise.all(presentationIds.map((id) => this.engine.layout(id)));
    const layoutOf = new Map(layouts.map((l) => [l.presentation.id, l]));
    await this.assertHeld(visitorId, seats);
    const lines = await this.seatLines(seats, layoutOf);

    const pricing = priceCart<PricedLine | number, never>({
      lines: [
        ...lines.map((l) => ({ kind: 'ticket' as const, ref: l, priceAgorot: 0, serviceChargeAgorot: 0 })),
        ...amounts.map((a, i) => ({ kind: 'membership' as const, ref: i, unitPriceAgorot: a, quantity: 1 })),
      ],
      globalServiceCharge: {
        amountPerOrder: this.config.GLOBAL_SERVICE_CHARGE_AGOROT || null,
        percentRatePerOrder: this.config.GLOBAL_SERVICE_CHARGE_PERCENT || null,
      },
      vouchers: [],
    });
    const total = pricing.totals.totalAgorot;
    if (cart.total != null && shekelsToAgorot(cart.total) !== total) {
      mismatches.push(`total ${money(shekelsToAgorot(cart.total))} != ${money(total)}`);
    }
    if (mismatches.length) {
      throw new BookingError('PRICE_MISMATCH', { details: mismatches.slice(0, 3).join('; ') }, { mismatches });
    }
    const priced: PricedOrder = {
      lines,
      totals: pricing.orderTotals,
      globalServiceChargeName: pricing.totals.globalServiceChargeName,
      voucherPayments: [],
      codedUse: new Map(),
      voucherSales: [],
      donations: [],
      memberships: sale,
    };
    if (priced.totals.balanceDue > 0 && !cart.paymentIdentifier) throw new BookingError('PAYMENT_NOT_AUTHORISED');
    return {
      kind: 'memberships',
      presentationIds,
      layoutOf,
      seats: lines.map((l) => l.seat),
      priced,
      coupons: [],
      waivers: [],
    };
  }

  /**
   * The order's one discount code, priced here from the code's row and the server's own price (never a client
   * amount): it lowers the first membership it is valid for (not a top-up). A second code is refused by name. The
   * use is drawn in the sale's transaction (membership-sale-steps.ts), so a code used up meanwhile refuses there.
   */
  private async applyDiscount(
    cart: ParsedCart,
    items: Item[],
    amounts: number[],
    sale: MembershipSaleData,
  ): Promise<void> {
    const codes = cart.membershipDiscountCodes ?? [];
    if (codes.length === 0) return;
    if (codes.length > MAX_MEMBERSHIP_DISCOUNT_CODES_PER_ORDER) throw new AppError('MEMBERSHIP_DISCOUNT_ONE_ONLY');
    const row = await this.discounts.usable(codes[0]!);
    const index = items.findIndex((i) => (isEnrol(i) || !i.isTopup) && discountValidFor(row, i.membershipId));
    if (index < 0) throw new AppError('MEMBERSHIP_DISCOUNT_NOT_FOR_MEMBERSHIP');
    const off = membershipDiscountAgorot(amounts[index]!, row);
    amounts[index] = amounts[index]! - off;
    sale.discount = { codeId: row.id, code: row.code, membershipId: items[index]!.membershipId, discountAgorot: off };
  }

  private async buy(
    m: MembershipRow,
    item: BuyItem,
    index: number,
    holderName: string,
    ssn: string | null,
    mobile: string | null,
    sale: MembershipSaleData,
    seats: SeatToSell[],
    mismatches: string[],
  ): Promise<number> {
    if (m.typeId === MEMBERSHIP_TYPE_SEASON) {
      throw new BookingError('CART_INVALID', { details: `memberships[${index}]: a season is enrolled, not bought` });
    }
    const price = m.prices.find((p) => p.id === item.membershipPriceId);
    if (!price) throw new BookingError('CART_INVALID', { details: `memberships[${index}]: no such membership price` });
    if (item.price !== undefined && shekelsToAgorot(item.price) !== price.priceAgorot) {
      mismatches.push(
        `memberships[${index}].price ${money(shekelsToAgorot(item.price))} != ${money(price.priceAgorot)}`,
      );
    }
    if (price.isTopup || item.isTopup) {
      if (!price.isTopup || !item.memberNumber) {
        throw new BookingError('CART_INVALID', {
          details: `memberships[${index}]: a top-up needs a top-up price and a member number`,
        });
      }
      const [member] = await this.repo.membersBy({ memberNumber: item.memberNumber });
      if (!member || member.membershipId !== m.id) throw new AppError('NO_VALID_MEMBER');
      if (memberStanding(member, new Date()).isExpired) throw new AppError('MEMBER_EXPIRED');
      sale.topups.push({ memberNumber: member.memberNumber, priceId: price.id, units: price.topupUnits });
      return price.priceAgorot;
    }
    const where = this.memberships.seatPresentations(m);
    if (where.length > 0) {
      if (!item.seat)
        throw new BookingError('CART_INVALID', {
          details: `memberships[${index}].seat: this membership includes a seat`,
        });
      for (const pid of where) seats.push({ presentationId: pid, ref: item.seat });
    }
    sale.sold.push({
      membershipId: m.id,
      priceId: price.id,
      units: m.balanceUnits,
      validDays: m.validDays,
      holderName,
      ssn,
      mobile,
    });
    return price.priceAgorot;
  }

  private async enrol(
    m: MembershipRow,
    item: EnrolItem,
    index: number,
    ssn: string | null,
    sale: MembershipSaleData,
    seats: SeatToSell[],
    mismatches: string[],
  ): Promise<number> {
    if (m.typeId !== MEMBERSHIP_TYPE_SEASON || m.seasonId !== item.seasonId) {
      throw new BookingError('CART_INVALID', { details: `memberships[${index}]: not this season's membership` });
    }
    if (!ssn)
      throw new BookingError('CART_INVALID', { details: 'an enrolment needs the holder ID (customerInfo.ssn)' });
    const rate = m.prices.find((p) => p.id === item.ticketId);
    if (!rate)
      throw new BookingError('CART_INVALID', { details: `memberships[${index}].ticketId: not a rate of this season` });
    const chosen = [...new Set(item.selections.map((s) => s.prsntId))];
    const required = m.presentations.filter((p) => p.isRequired).map((p) => p.presentationId);
    if (required.some((id) => !chosen.includes(id))) throw new AppError('REQUIRED_EVENT_MISSING');
    const pids = this.memberships.enrolPresentations(m, chosen);
    if (await this.repo.alreadyEnrolled(m.seasonId, ssn)) throw new AppError('ALREADY_ENROLLED');

    let seat: SeatRef | null = null;
    if (!m.isSkipMemberSeat) {
      if (!item.seat)
        throw new BookingError('CART_INVALID', { details: `memberships[${index}].seat: a fixed seat is needed` });
      seat = item.seat;
      for (const pid of pids) seats.push({ presentationId: pid, ref: seat });
    }
    let amount = rate.priceAgorot;
    if (m.isPricingPerTicket) {
      amount = 0;
      for (const pid of pids) amount += await this.payable(m, pid, seat);
    }
    if (shekelsToAgorot(item.totalAmount) !== amount) {
      mismatches.push(
        `memberships[${index}].totalAmount ${money(shekelsToAgorot(item.totalAmount))} != ${money(amount)}`,
      );
    }
    sale.enrolments.push({
      membershipId: m.id,
      seasonId: m.seasonId,
      holderSsn: ssn,
      priceId: rate.id,
      presentationIds: pids,
      seat,
    });
    return amount;
  }

  /** One presentation's price in a per-ticket season: the PresentationDetail override for the seat's group, else MembershipPayableAmount. */
  private async payable(m: MembershipRow, pid: number, seat: SeatRef | null): Promise<number> {
    const base = m.presentations.find((p) => p.presentationId === pid)!.payableAgorot;
    if (!seat) {
      const any = m.details.find((d) => d.presentationId === pid && d.isPriceOverride);
      return any ? any.priceAgorot : base;
    }
    const layout = await this.engine.layout(pid);
    const tg = layout.seats.get(seatKey(seat.sectionId, seat.x, seat.y))?.ticketGroupId;
    const override = m.details.find((d) => d.presentationId === pid && d.ticketGroupId === tg && d.isPriceOverride);
    return override ? override.priceAgorot : base;
  }

  private async assertHeld(visitorId: string, seats: SeatToSell[]): Promise<void> {
    const holds = await Promise.all(seats.map((s) => this.engine.holdsOf(s.presentationId, visitorId, [s.ref])));
    const bad = holds.map((h, i) => ({ hold: h[0]!, i })).filter((x) => x.hold !== 'mine');
    if (bad.length === 0) return;
    if (bad.every((b) => b.hold === 'mine-expired' || b.hold === 'free')) {
      throw new BookingError('LOCKS_EXPIRED', {}, { seats: bad.map((b) => b.i) });
    }
    throw new BookingError('SEAT_NOT_LOCKED', { seat: `${seats[bad[0]!.i]!.ref.x}` }, { seat: bad[0]!.i });
  }

  /** The seats as sale lines at 0, each with the ticket that prices its group (an override's ticket, else the cheapest public one). */
  private async seatLines(seats: SeatToSell[], layoutOf: Map<number, Layout>): Promise<PricedLine[]> {
    const placed = seats.map((s, index) => {
      const layout = layoutOf.get(s.presentationId)!;
      const seat = layout.seats.get(seatKey(s.ref.sectionId, s.ref.x, s.ref.y));
      if (!seat || seat.ticketGroupId === 0)
        throw new BookingError('CART_INVALID', { details: 'no such seat on sale' });
      return { s, index, ticketGroupId: seat.ticketGroupId };
    });
    const defaults = await this.repo.defaultTickets([...new Set(placed.map((p) => p.ticketGroupId))]);
    const ticketRows = await this.tickets.tickets([...new Set(defaults.values())]);
    const rowOf = new Map(ticketRows.map((t) => [t.id, t]));
    return placed.map(({ s, index, ticketGroupId }) => {
      const ticket = rowOf.get(defaults.get(ticketGroupId) ?? -1);
      if (!ticket) throw new BookingError('CART_INVALID', { details: 'no ticket prices this seat' });
      const seat: PricingSeat = {
        index,
        presentationId: s.presentationId,
        sectionId: s.ref.sectionId,
        x: s.ref.x,
        y: s.ref.y,
        ticketId: ticket.id,
        ticketGroupId,
        clientAmount: 0,
        clientServiceCharge: 0,
      };
      return { seat, ticket, amount: 0, serviceCharge: 0, isSubTicket: false };
    });
  }

  /**
   * Member tickets in a ticket order: each names its member (seat.memberNumber); the member must be valid,
   * started, unexpired, allow member-sale tickets, be confirmed for this visitor (a logged-in member or a
   * one-time code) and have the units. The balance is drawn inside the sale's transaction (membership-sale-steps.ts).
   */
  async checkMemberTickets(visitorId: string, cart: ParsedCart, priced: PricedOrder): Promise<void> {
    // The ticket rows read with the price already say which are member tickets (tickets.repository.ts facts):
    // an order without one asks nothing more. Rows read elsewhere (no facts) ask member_ticket.
    const known = priced.lines.every((l) => l.ticket.facts);
    const units = known
      ? new Map(
          priced.lines.flatMap((l) =>
            l.ticket.facts!.memberUnits ? [[l.ticket.id, l.ticket.facts!.memberUnits]] : [],
          ),
        )
      : await this.repo.memberTicketUnits([...new Set(priced.lines.map((l) => l.ticket.id))]);
    if (units.size === 0) return;
    const need = new Map<string, number>();
    const seatsOf = new Map<string, RedeemedSeat[]>();
    for (const line of priced.lines) {
      const u = units.get(line.ticket.id);
      if (u === undefined) continue;
      const number = cart.seats[line.seat.index]?.memberNumber?.trim().toLowerCase();
      if (!number) throw new AppError('NO_VALID_MEMBER');
      need.set(number, (need.get(number) ?? 0) + u);
      const { presentationId, sectionId, x, y } = line.seat;
      seatsOf.set(number, [...(seatsOf.get(number) ?? []), { presentationId, sectionId, x, y, units: u }]);
    }
    const now = new Date();
    const redemptions: MembershipSaleData['redemptions'] = [];
    for (const [number, n] of need) {
      const [member] = await this.repo.membersBy({ memberNumber: number });
      if (!member) throw new AppError('NO_VALID_MEMBER');
      const standing = memberStanding(member, now);
      if (standing.isNotStarted) throw new AppError('MEMBER_NOT_STARTED');
      if (standing.isExpired) throw new AppError('MEMBER_EXPIRED');
      if (!member.allowMemberSaleTickets) throw new AppError('NO_MEMBERSHIP_AVAILABLE');
      if (!(await this.repo.grantedMembers(visitorId, [member.id])).has(member.id))
        throw new AppError('MEMBER_NOT_VERIFIED');
      if (member.balance - member.usedBalance < n) throw new AppError('BALANCE_INSUFFICIENT');
      redemptions.push({ memberId: member.id, units: n, seats: seatsOf.get(number) ?? [] });
    }
    priced.memberships = { redemptions, sold: [], topups: [], enrolments: [] };
  }
}

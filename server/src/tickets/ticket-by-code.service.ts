import { Injectable } from '@nestjs/common';
import type { CodedTicket, TicketByCodeResponse } from '@hotline/shared';
import { agorotToShekels } from '@hotline/shared';
import { BookingError, SeatLockReader } from '../cart';
import type { Locale } from '../common/locale';
import { SeatEngineService, parseSeatKey, type Layout } from '../seats';
import { Clock } from '../common/clock';
import { assertCouponTerms, seatsCouponAllows, usesLeft } from './coupon-check';
import type { TicketByCodeQuery } from './ticket-by-code.queries';
import { TicketsRepository, type TicketRow } from './tickets.repository';

const PARTIAL_NOTE: Record<Locale, string> = {
  he: 'הקופון יחול על {n} מתוך {m} המושבים שבחרתם.',
  en: 'The coupon applies to {n} of your {m} seats.',
  ru: 'Купон применяется к {n} из {m} выбранных мест.',
  ar: 'ينطبق الكوبون على {n} من أصل {m} من مقاعدك.',
};

/** The ticket group a seat key of this presentation is priced by (reserved seat or general-admission place). */
export function ticketGroupOfSeat(layout: Layout, key: string): number {
  const seat = layout.seats.get(key);
  if (seat) return seat.ticketGroupId;
  const parsed = parseSeatKey(key);
  const section = parsed ? layout.sections.get(parsed.sectionId) : undefined;
  return section && !section.isReserved ? section.ticketGroupId : 0;
}

/**
 * GET /api/presentations/:id/ticket: a coupon or voucher ticket by its code,
 * only from this presentation's ticket groups. How many seats it may go on is
 * the shared coupon rule over the seats the visitor holds in that ticket group
 * and the live tickets already sold on it.
 */
@Injectable()
export class TicketByCodeService {
  constructor(
    private readonly tickets: TicketsRepository,
    private readonly engine: SeatEngineService,
    private readonly locks: SeatLockReader,
    private readonly clock: Clock,
  ) {}

  async lookup(
    visitorId: string,
    presentationId: number,
    q: TicketByCodeQuery,
    locale: Locale,
  ): Promise<TicketByCodeResponse> {
    const layout = await this.engine.layout(presentationId);
    const found = (await this.tickets.codedTickets(presentationId, q.ticketCode)).filter((t) => t.isByCodeEnabled);
    if (found.length === 0) throw new BookingError('TICKET_CODE_NOT_FOUND');
    const wantedGroup =
      q.ticketGroupId ?? (q.sectionId !== undefined ? layout.sections.get(q.sectionId)?.ticketGroupId : undefined);
    const ticket = wantedGroup === undefined ? found[0]! : found.find((t) => t.ticketGroupId === wantedGroup);
    if (!ticket) throw new BookingError('TICKET_NOT_FOUND');
    if (q.ignoreTicketIds?.includes(ticket.id)) throw new BookingError('TICKET_CODE_ALREADY_ENTERED');
    // Its terms as far as they are known here (the order's seats are counted below and again at the commit).
    const channel = q.miniSiteUrl ? 'mini-site' : 'web';
    assertCouponTerms(ticket, { now: this.clock.now(), channel, seats: 1 });

    const [owned, usage] = await Promise.all([
      this.locks.ownedSeats(presentationId, visitorId),
      this.tickets.usage([ticket.id]),
    ]);
    const eligible = owned.filter((key) => ticketGroupOfSeat(layout, key) === ticket.ticketGroupId).length;
    const used = usage.get(ticket.id) ?? 0;
    const quantity = Math.min(seatsCouponAllows(ticket, used, eligible), ticket.codePerOrder ?? eligible);
    const msg =
      quantity < eligible
        ? PARTIAL_NOTE[locale].replace('{n}', String(quantity)).replace('{m}', String(eligible))
        : null;
    return { ticket: toCodedTicket(ticket, used, quantity), msg };
  }
}

function toCodedTicket(t: TicketRow, used: number, quantity: number): CodedTicket {
  return {
    id: t.id,
    ticketGroupId: t.ticketGroupId,
    name: t.name,
    nameEn: t.nameEn,
    nameRu: t.nameRu ?? null,
    nameAr: t.nameAr ?? null,
    price: agorotToShekels(t.price),
    oldPrice: t.oldPrice === null ? null : agorotToShekels(t.oldPrice),
    serviceCharge: agorotToShekels(t.serviceCharge),
    pricePolicyId: t.pricePolicyId,
    code: t.code ?? '',
    multiplyFactor: t.multiplyFactor,
    balance: usesLeft(t, used),
    quantity,
    isVoucher: t.isVoucher,
    memberNumber: null,
    systemVoucher: null,
    ref1: null,
    ref2: null,
  };
}

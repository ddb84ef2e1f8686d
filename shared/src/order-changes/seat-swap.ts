/**
 * Changing a seat of an existing order (storefront-spec.md, "Modified ticket"): the new seat must be
 * priced by the SAME ticket group as the ticket it replaces, and the ticket chosen for it must cost the
 * same (price and service charge), so a swap never moves money. Anything else is the spec's refusal
 * "different ticket group or price selected" (memberships-backoffice-spec.md section 8).
 */
export interface SwappedTicket {
  /** The ticket group of the ticket (price category) being replaced. */
  ticketGroupId: number;
  priceAgorot: number;
  serviceChargeAgorot: number;
}

export interface SwapTarget {
  /** The ticket group that prices the new seat on this presentation (0: not on sale). */
  seatTicketGroupId: number;
  /** The ticket asked for on the new seat (by default the same ticket). */
  ticket: SwappedTicket;
}

export type SwapRefusal = 'DIFFERENT_TICKET_GROUP_OR_PRICE' | 'SEAT_NOT_AVAILABLE';

export function seatSwapRefusal(current: SwappedTicket, target: SwapTarget): SwapRefusal | null {
  if (target.seatTicketGroupId === 0) return 'SEAT_NOT_AVAILABLE';
  if (target.seatTicketGroupId !== current.ticketGroupId) return 'DIFFERENT_TICKET_GROUP_OR_PRICE';
  if (target.ticket.ticketGroupId !== current.ticketGroupId) return 'DIFFERENT_TICKET_GROUP_OR_PRICE';
  if (target.ticket.priceAgorot !== current.priceAgorot) return 'DIFFERENT_TICKET_GROUP_OR_PRICE';
  if (target.ticket.serviceChargeAgorot !== current.serviceChargeAgorot) return 'DIFFERENT_TICKET_GROUP_OR_PRICE';
  return null;
}

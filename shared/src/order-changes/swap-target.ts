/**
 * Which seats of the hall a ticket of a paid order may move to, before anyone asks whether they are free right now
 * (the live seat state is the seat engine's and the map's): the order-change map offers exactly these and dims the
 * rest, and the swap refuses the same seats with the same codes (docs/order-changes.md).
 *
 * - one of the order's own seats: it is already the buyer's (SWAP_TO_OWN_SEAT);
 * - a seat no ticket group prices on this presentation, a general-admission place (nothing to choose) or half of a
 *   couch or bed (sold whole): SEAT_NOT_AVAILABLE;
 * - a seat priced by another ticket group: DIFFERENT_TICKET_GROUP_OR_PRICE (a group has one price list, so the same
 *   group is the same price; the swap also compares the ticket's price when another ticket is asked for).
 */
export interface SwapTargetSeat {
  /** The ticket group pricing the seat on this presentation (0: not on sale). */
  ticketGroupId: number;
  sellable: boolean;
  /** In a reserved-seating section (false: general admission). */
  reserved: boolean;
  /** A couch or bed seat, sold together with its partners. */
  together: boolean;
  /** One of the order's own live seats. */
  own: boolean;
}

export type SwapTargetRefusal = 'SWAP_TO_OWN_SEAT' | 'SEAT_NOT_AVAILABLE' | 'DIFFERENT_TICKET_GROUP_OR_PRICE';

export function swapTargetRefusal(seat: SwapTargetSeat, ticketGroupId: number): SwapTargetRefusal | null {
  if (seat.own) return 'SWAP_TO_OWN_SEAT';
  if (!seat.sellable || seat.ticketGroupId === 0 || !seat.reserved || seat.together) return 'SEAT_NOT_AVAILABLE';
  if (seat.ticketGroupId !== ticketGroupId) return 'DIFFERENT_TICKET_GROUP_OR_PRICE';
  return null;
}

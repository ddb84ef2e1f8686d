import { assertSafeInteger } from '../assert';

export interface SeatWithTicket {
  presentationId?: number;
  ticket?: { id: number; multiplyFactor?: number | null } | null;
}

/**
 * Marks the seats beyond the first of each multiply-factor group
 * (storefront-spec.md section 4). A ticket with multiplyFactor n sells n seats
 * as one unit, priced on its first seat; the others are sub-tickets so the cart
 * and the order do not charge them again.
 *
 * Seats are grouped per presentation and ticket, in the order given, and each
 * group is cut into units of n: with a couple ticket (n = 2) on four seats the
 * 1st and 3rd are charged and the 2nd and 4th are sub-tickets. Seats without a
 * ticket, and base tickets (n <= 1 or absent), are never sub-tickets.
 *
 * Returns new seat objects; the input is left untouched.
 */
export function markMultiplyFactorSubTickets<S extends SeatWithTicket>(
  seats: readonly S[],
): (S & { isMultiplyFactorSubTicket: boolean })[] {
  const seenPerGroup = new Map<string, number>();
  return seats.map((seat, index) => {
    const factor = seat.ticket?.multiplyFactor;
    if (!seat.ticket || factor === undefined || factor === null || factor <= 1) {
      return { ...seat, isMultiplyFactorSubTicket: false };
    }
    assertSafeInteger(factor, `seats[${index}].ticket.multiplyFactor`);
    const group = `${seat.presentationId ?? ''}:${seat.ticket.id}`;
    const seen = seenPerGroup.get(group) ?? 0;
    seenPerGroup.set(group, seen + 1);
    return { ...seat, isMultiplyFactorSubTicket: seen % factor !== 0 };
  });
}

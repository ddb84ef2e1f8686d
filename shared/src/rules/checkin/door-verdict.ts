/** What the door knows of the ticket a code names (null: no such ticket). */
export interface DoorTicket {
  presentationId: number;
  sectionId: number;
  x: number;
  y: number;
  /** reservation_ticket.status: a cancellation (the customer's, staff's, a cancelled date's) makes it 'cancelled'. */
  ticketStatus: 'live' | 'cancelled';
  /** The order's state: 'hold' is reserved but unpaid. */
  reservationState: 'paid' | 'hold' | 'cancelled' | 'refunded';
  showAt: Date;
  doorsOpenMinutes: number;
  /** The show asks for the rotating code: its static codes (printed, screenshotted, typed) are refused. */
  rotatingCode: boolean;
}

export interface DoorScan {
  /** The presentation the gate is letting in. */
  presentationId: number;
  /** The presentation the code names; null for an HLT1 code, which names only the ticket. */
  codePresentationId: number | null;
  /** The seat the code was issued for; null for an HLT1 code. */
  codeSeat: { sectionId: number; x: number; y: number } | null;
  /** The code was a rotating code, fresh at this moment (rotating-code.ts). */
  rotating: boolean;
  at: Date;
}

export type DoorRefusal =
  'not-valid' | 'rotating-code-required' | 'cancelled' | 'wrong-presentation' | 'seat-changed' | 'too-early';

/**
 * May this ticket go through this gate now, before asking whether it is already in? The most useful answer first:
 * a cancelled ticket is refused whatever else is wrong, a guest at the wrong show is sent to the right one before
 * being told anything about the code. A show with the rotating code takes only a fresh rotating code: a genuine
 * static code of its ticket (printed, forwarded, typed) is asked for the live code from the app or wallet rather than
 * called invalid, before the seat is compared (a rotating code names no seat); a stale rotating code is refused
 * before it gets here, as not fresh. A seat change moves the ticket row (order-changes), so the old code names a seat
 * the ticket no longer has: the guest shows the new e-ticket.
 */
export function doorVerdict(ticket: DoorTicket | null, scan: DoorScan): 'proceed' | DoorRefusal {
  if (!ticket) return 'not-valid';
  if (scan.codePresentationId !== null && scan.codePresentationId !== ticket.presentationId) return 'not-valid';
  if (ticket.ticketStatus === 'cancelled' || ticket.reservationState === 'cancelled') return 'cancelled';
  if (ticket.reservationState === 'refunded') return 'cancelled';
  if (ticket.reservationState !== 'paid') return 'not-valid';
  if (ticket.presentationId !== scan.presentationId) return 'wrong-presentation';
  if (ticket.rotatingCode && !scan.rotating) return 'rotating-code-required';
  const seat = scan.codeSeat;
  if (seat && (seat.sectionId !== ticket.sectionId || seat.x !== ticket.x || seat.y !== ticket.y))
    return 'seat-changed';
  if (scan.at.getTime() < ticket.showAt.getTime() - ticket.doorsOpenMinutes * 60_000) return 'too-early';
  return 'proceed';
}

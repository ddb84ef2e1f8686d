/**
 * Wire types of changing an existing order (docs/order-changes.md). The spec's "Modified ticket" names
 * (ChosenSeats, LastTransactionId, ReservationIdentifier) are kept as it spells them.
 */

/** One seat of a reservation as the change page shows it. */
export interface ModifiableTicket {
  TicketIdentifier: string;
  PresentationId: number;
  sectionId: number;
  x: number;
  y: number;
  SectionName: string;
  RowName: string;
  SeatName: string;
  TicketGroupId: number;
  TicketId: number;
  /** What was paid for this ticket (price with service charge); a swap never changes it. */
  AmountWithSC: number;
  ServiceChargeAmount: number;
}

/** GET /api/order-changes/:resId — the reservation as it stands (its history travels with it). */
export interface ModifiableReservation {
  ReservationIdentifier: string;
  PresentationId: number;
  FeatureName: string;
  DateTime: string;
  /** The reservation's live seats, "sectionId:x:y" (the spec's ChosenSeats). */
  ChosenSeats: string[];
  /** The id of the last change of seats applied to the reservation (null before the first). */
  LastTransactionId: string | null;
  Tickets: ModifiableTicket[];
}

/** A free seat the ticket may move to (same ticket group, same price). */
export interface SwapOption {
  sectionId: number;
  x: number;
  y: number;
  SectionName: string;
  RowName: string;
  SeatName: string;
}

/** GET /api/order-changes/:resId/options?ticket=<TicketIdentifier> */
export interface SwapOptionsResponse {
  TicketIdentifier: string;
  options: SwapOption[];
}

/** POST /api/order-changes/:resId/swap body: per ticket, the new seat (and optionally the ticket for it). */
export interface SwapSeatsRequest {
  modifiedTickets: { TicketIdentifier: string; sectionId: number; x: number; y: number; ticketId?: number }[];
  /** Client idempotency key: a retry with the same key answers the stored result. */
  transactionId?: string;
}

export interface SwapSeatsResponse {
  ReservationIdentifier: string;
  LastTransactionId: string;
  ChosenSeats: string[];
  swapped: { TicketIdentifier: string; from: string; to: string }[];
}

/** Server -> the holder's own sockets: their hold on these seats ran out (not inferred from a delta). */
export const HoldEndedEvent = 'seats:hold-ended';
export interface HoldEndedMessage {
  presentationId: number;
  /** "sectionId:x:y" of every seat whose hold ended. */
  seats: string[];
  reason: 'expired';
}

/**
 * GET /api/order-changes/:resId/targets?ticket=<TicketIdentifier> — every seat of the hall the ticket may move to by
 * the rule (`swapTargetRefusal`: same ticket group, reserved, not a couch, not the order's own), whether or not it is
 * free this second: the seat map combines it with the live seat state, so a seat freed a minute later can be chosen
 * without asking again. The swap checks both again.
 */
export interface SwapTargetsResponse {
  TicketIdentifier: string;
  TicketGroupId: number;
  /** The seats, flat: sectionId, x, y, sectionId, x, y, … (a stadium's group is tens of thousands of seats). */
  seats: number[];
}

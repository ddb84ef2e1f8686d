import { newDocumentKey, newReservationIdentifier, newTicketIdentifier } from '../reservations/identifiers';

/** The random public names of one sale; drawn again, once, if they ever collide (astronomically rare). */
export class SaleIdentity {
  reservationIdentifier = newReservationIdentifier();
  documentKey = newDocumentKey();
  ticketIdentifiers: string[];

  constructor(private readonly tickets: number) {
    this.ticketIdentifiers = Array.from({ length: tickets }, () => newTicketIdentifier());
  }

  redraw(): void {
    this.reservationIdentifier = newReservationIdentifier();
    this.documentKey = newDocumentKey();
    this.ticketIdentifiers = Array.from({ length: this.tickets }, () => newTicketIdentifier());
  }
}

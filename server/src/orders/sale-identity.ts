import {
  newDocumentKey,
  newDonationReceiptNumber,
  newReservationIdentifier,
  newSystemVoucherReference,
  newTicketIdentifier,
} from '../reservations';

const draw = <T>(n: number, fn: () => T) => Array.from({ length: n }, fn);

/** The random public names of one sale; drawn again, once, if they ever collide (astronomically rare). */
export class SaleIdentity {
  reservationIdentifier = newReservationIdentifier();
  documentKey = newDocumentKey();
  ticketIdentifiers: string[];
  /** One per gift voucher sold. */
  voucherReferences: string[];
  /** One per donation line. */
  receiptNumbers: string[];

  constructor(
    private readonly tickets: number,
    private readonly vouchers = 0,
    private readonly donations = 0,
  ) {
    this.ticketIdentifiers = draw(tickets, newTicketIdentifier);
    this.voucherReferences = draw(vouchers, newSystemVoucherReference);
    this.receiptNumbers = draw(donations, newDonationReceiptNumber);
  }

  /** The names a quoted sale needs (older drafts have no vouchers or donations). */
  static forDraft(draft: {
    tickets: readonly unknown[];
    voucherSales?: readonly unknown[];
    donations?: readonly unknown[];
  }): SaleIdentity {
    return new SaleIdentity(draft.tickets.length, draft.voucherSales?.length ?? 0, draft.donations?.length ?? 0);
  }

  redraw(): void {
    this.reservationIdentifier = newReservationIdentifier();
    this.documentKey = newDocumentKey();
    this.ticketIdentifiers = draw(this.tickets, newTicketIdentifier);
    this.voucherReferences = draw(this.vouchers, newSystemVoucherReference);
    this.receiptNumbers = draw(this.donations, newDonationReceiptNumber);
  }
}

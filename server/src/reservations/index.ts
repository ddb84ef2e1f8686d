/** The reservations context's public entry (docs/server-modules.md, "Boundaries"): what other contexts may import. */
// The one sale write: the statement's repository and the shapes of a sale and its outcome.
export { SalesRepository } from './sales.repository';
export type { SaleInput, SaleOutcome, SaleTicket } from './sale-input';
// A participant's part of the one sale statement (its own parameters and CTEs).
export type { SaleStatementPart } from './sale-statement';
// What a sale participant (coupons, vouchers, references, memberships, channels, holds) implements to join the sale,
// and the short-lived limit claims the commit takes before money moves.
export { RegisteredSaleParticipant, SaleParticipants } from './sale-participant';
export type { ClaimableSale, EndedSale, LimitClaim, Queryable, SaleRefused } from './sale-participant';
export { LimitClaims } from './limit-claims';
// The one record of an attempt to move money (docs/decisions/015-one-money-attempt.md): its rows and state machine.
export { MoneyAttemptsRepository } from './money-attempts.repository';
export type { MoneyAttemptRow, MoneySubjectKind } from './money-attempts.repository';
// The reservation row's changes after its sale that other contexts ask for (customer links, cancelled, last change),
// and the reservation rows' part of the holds' release statement.
export { ReservationRowsRepository } from './reservation-rows.repository';
export { RELEASE_HELD_RESERVATIONS } from './hold-release.sql';
// The identifiers a sale is written with (reservation, ticket, document key, voucher, donation receipt).
export {
  newDocumentKey,
  newDonationReceiptNumber,
  newReservationIdentifier,
  newSystemVoucherReference,
  newTicketIdentifier,
} from './identifiers';
// An order's documents as the confirmation message renders them, and the site address its links point to.
export { DocumentsRepository } from './documents.repository';
export type {
  DocumentDonation,
  DocumentMembership,
  DocumentReservation,
  DocumentTicket,
  DocumentVoucher,
} from './documents.repository';
export { names, seatText } from './edocument.service';
export { publicBaseUrl } from './public-url';
// The port the check-in context implements to sign the code on each e-ticket, and the first codes' HMAC check
// (e-tickets sent before the signed codes keep opening the doors).
export { TicketCodeSigner } from './ticket-code-signer';
export type { SignableTicket } from './ticket-code-signer';
export { verifyTicketQr } from './ticket-signature';

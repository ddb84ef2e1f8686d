/** The cancellations context's public entry (docs/server-modules.md, "Boundaries"): what other contexts may import. */
// Cancelling an order: the service (producer reservations, gift vouchers) and the repository the gift ledger reads.
export { CancellationService } from './cancellation.service';
export { CancellationRepository } from './cancellation.repository';
// Loading this entry registers the cancellation error codes (RESERVATION_NOT_FOUND, ...): order changes answer with them.
import './cancellations.errors';

import { InitialSchema1763700000000 } from './1763700000000-initial-schema';
import { BookingPayment1764000000000 } from './1764000000000-booking-payment';
import { SeatHoldCap1795459370693 } from './1795459370693-seat-hold-cap';

/** Listed explicitly (no globs) so the same list works from src under jest and from dist. */
export const MIGRATIONS = [InitialSchema1763700000000, BookingPayment1764000000000, SeatHoldCap1795459370693];

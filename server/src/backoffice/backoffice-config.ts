import { z } from 'zod';

/** Back-office settings (docs/back-office.md), spread into the one validated AppConfig. */
export const BACK_OFFICE_CONFIG_SHAPE = {
  /** Absolute lifetime of a staff session; sign-out revokes it earlier. */
  STAFF_SESSION_HOURS: z.coerce.number().min(0.01).max(24).default(10),
  /** A staff session unused this long ends (a box-office screen left alone). */
  STAFF_SESSION_IDLE_MINUTES: z.coerce
    .number()
    .min(1)
    .max(24 * 60)
    .default(60),
  /** Failed sign-ins in a row that lock an account, and for how long. */
  STAFF_LOCKOUT_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(5),
  /** How long a locked staff account stays locked (see STAFF_LOCKOUT_ATTEMPTS). */
  STAFF_LOCKOUT_MINUTES: z.coerce
    .number()
    .min(0.01)
    .max(24 * 60)
    .default(15),
  /** The most seats one box-office lock-seats call (and one staff selection) may hold. */
  BOX_OFFICE_MAX_SEATS: z.coerce.number().int().min(1).max(5000).default(500),
  /** Open reports hear that their business's seats changed at most this often (one event per window). */
  REPORTS_PUSH_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
};

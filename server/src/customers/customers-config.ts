import { z } from 'zod';

/**
 * Customer login and customer-area settings (docs/customers.md). Spread into
 * the one validated AppConfig, so a bad value stops the boot naming it.
 */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

export const DEVELOPMENT_CUSTOMER_SECRET = 'development-only-customer-secret-change-me-now';

export const CUSTOMERS_CONFIG_SHAPE = {
  /** Keys the HMAC of one-time codes and of rate-limit keys. Production refuses the development value. */
  CUSTOMER_SECRET: z.string().min(32).default(DEVELOPMENT_CUSTOMER_SECRET),
  /** Absolute lifetime of a customer session. */
  CUSTOMER_SESSION_HOURS: z.coerce.number().min(0.01).max(720).default(12),
  /**
   * argon2id's cost for the passwords hashed from now on (customers' and staff's; a stored hash keeps the cost it was
   * made with): `owasp` (19 MiB, 2 iterations), or `test-only-weak` for the tests. Production refuses the latter.
   */
  PASSWORD_HASH_COST: z.enum(['owasp', 'test-only-weak']).default('owasp'),
  /** Password login (POST /customer/login), off in the spec's deployment (ID + SMS code). */
  CUSTOMER_PASSWORD_LOGIN: bool.default(false),
  /** Codes sent per mobile number per hour (resends included). */
  CUSTOMER_OTP_SENDS_PER_MOBILE_HOUR: z.coerce.number().int().min(1).max(10_000).default(5),
  /** Codes sent per client IP address per hour. */
  CUSTOMER_OTP_SENDS_PER_IP_HOUR: z.coerce.number().int().min(1).max(100_000).default(30),
  /** Code guesses per mobile number per hour (each code also dies after 5 wrong guesses). */
  CUSTOMER_OTP_GUESSES_PER_MOBILE_HOUR: z.coerce.number().int().min(1).max(10_000).default(15),
  /** Code guesses (and password attempts) per client IP address per 10 minutes. */
  CUSTOMER_OTP_GUESSES_PER_IP_10MIN: z.coerce.number().int().min(1).max(100_000).default(60),
  /** Login links (jwtToken) are valid this long. */
  CUSTOMER_LOGIN_LINK_HOURS: z.coerce.number().min(0.01).max(720).default(72),
  /** A replacement voucher is valid this many days from the replacement. */
  CUSTOMER_REPLACEMENT_VOUCHER_DAYS: z.coerce.number().int().min(1).max(3650).default(365),
  /** Master switch of customer cancellations (each event also has its own setting). */
  CUSTOMER_CANCELLATION_ENABLED: bool.default(true),
  /** How often each node finishes cancellations a crash left half done (0 = off). */
  CANCELLATION_RECOVERY_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
};

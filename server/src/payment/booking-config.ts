import { z } from 'zod';

/**
 * The booking, payment and notification settings. They are part of the one
 * validated AppConfig (config/app-config.ts spreads this shape in), so a bad
 * value stops the boot naming the variable, like every other setting.
 */
/** Public in this repository: production refuses it (config/app-config.ts). */
export const DEVELOPMENT_TICKET_SIGNING_KEY = 'development-only-ticket-signing-key';

export const BOOKING_CONFIG_SHAPE = {
  /** The card provider. Only the built-in SIMULATION exists so far (docs/payment-sandbox.md); a real one implements PaymentProvider. */
  PAYMENT_PROVIDER: z.enum(['sandbox']).default('sandbox'),
  /** Sandbox: how long an approval takes (0 = at once). */
  SANDBOX_APPROVAL_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /** Sandbox: how long the "timeout" test card hangs before the provider call gives up. */
  SANDBOX_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(5_000),
  /** How long a hosted card page may be filled in. */
  PAYMENT_FORM_TTL_SECONDS: z.coerce.number().int().min(30).max(86_400).default(1_800),
  /** Most instalments the card page offers. */
  MAX_INSTALMENTS: z.coerce.number().int().min(1).max(36).default(12),
  /** Absolute base of links in messages (e-ticket). Without it links are built from the request's host. */
  PUBLIC_BASE_URL: z.string().url().optional(),
  /** Signs the QR codes of e-tickets (HMAC-SHA256). */
  TICKET_SIGNING_KEY: z.string().min(16).default(DEVELOPMENT_TICKET_SIGNING_KEY),
  /** Outbox dispatcher poll interval; 0 turns the dispatcher off on this node. */
  OUTBOX_POLL_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  /** Messages one outbox pass claims and sends; a full batch is followed at once by the next. */
  OUTBOX_BATCH: z.coerce.number().int().min(1).max(500).default(100),
  /**
   * Customer form per deployment, JSON: {"fields":{"ssn":{"isRequired":true}},"termsRequired":true}.
   * Unset = the spec's defaults for orders (shared DEFAULT_CUSTOMER_FORM).
   */
  CUSTOMER_FORM: z.string().max(5_000).optional(),
  /** A commit that has been "paying" longer than this is presumed dead, and a retry may take over its cart. */
  COMMIT_STALE_SECONDS: z.coerce.number().int().min(5).max(3_600).default(120),
  /**
   * The recovery loop (payment/payment-recovery.job.ts): how often each node looks for in-doubt commits and hold
   * payments and their owed refunds; 0 = off here.
   */
  RECOVERY_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(15_000),
  /** A card payment still 'pending' after this long is in doubt: its node is presumed dead (keep above a commit's worst time). */
  RECOVERY_IN_DOUBT_SECONDS: z.coerce.number().int().min(0).max(86_400).default(120),
  /** First back-off of a failed refund retry; doubles per attempt, capped at an hour. */
  RECOVERY_RETRY_BASE_SECONDS: z.coerce.number().int().min(0).max(3_600).default(30),
};

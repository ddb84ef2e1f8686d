import { z } from 'zod';

/**
 * The waiting room's settings (docs/waiting-room.md), spread into the one validated AppConfig.
 * Per-presentation numbers (start, rate, cap, shopping window) are data: the on_sale table.
 */
export const QUEUE_CONFIG_SHAPE = {
  /** Signs queue tickets and passes (HMAC-SHA-256). Unset: derived from ALTCHA_HMAC_KEY, which production already requires to be secret. */
  QUEUE_TICKET_KEY: z.string().min(16).optional(),
  /** The ALTCHA work factor joining a queue costs (a seat lock costs 1). */
  QUEUE_JOIN_WORK: z.coerce.number().int().min(1).max(100).default(4),
  /** How often each node runs the admission script and sends progress; 0 = never on this node (tests drive it). */
  QUEUE_TICK_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  /** A waiting visitor not seen (page open, heartbeat) for this long loses the place when it reaches the head. */
  QUEUE_ABANDON_SECONDS: z.coerce.number().int().min(10).max(86_400).default(120),
  /**
   * How often each node marks every visitor whose waiting page is subscribed on it as seen (job
   * `queue-seen-refresh`), instead of each page sending a heartbeat; keep it well under QUEUE_ABANDON_SECONDS.
   * 0 = never on this node (tests drive it).
   */
  QUEUE_SEEN_REFRESH_MS: z.coerce.number().int().min(0).max(600_000).default(30_000),
  /** How often each node re-reads the on-sale configuration from PostgreSQL. */
  QUEUE_CONFIG_REFRESH_MS: z.coerce.number().int().min(0).max(600_000).default(2_000),
};

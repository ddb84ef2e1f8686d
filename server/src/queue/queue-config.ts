import { z } from 'zod';
import { MAX_FAR_EVERY_TICKS } from '@hotline/shared';

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
  /**
   * A waiting page is "near" the head when its place is within this many seconds of admissions at the queue's rate
   * (admitPerMinute / 60 x this many places): near pages get the progress message every tick, the others less often
   * (QUEUE_FAR_EVERY_TICKS) (docs/waiting-room.md, "Live updates"). A page the message itself admits hears it
   * whatever this is; it only decides how long before its turn a page's place moves every second.
   */
  QUEUE_NEAR_SECONDS: z.coerce.number().int().min(0).max(3_600).default(120),
  /**
   * Pages beyond the near window get every this-many-th progress message up to ten minutes from their turn, 3x as
   * rarely up to half an hour, 6x beyond (shared progressBands; 1 = every page every tick, as before). At most 10:
   * the waiting page's silence allowance before it polls assumes it (shared longestProgressGapMs).
   */
  QUEUE_FAR_EVERY_TICKS: z.coerce.number().int().min(1).max(MAX_FAR_EVERY_TICKS).default(5),
  /** How often each node re-reads the on-sale configuration from PostgreSQL. */
  QUEUE_CONFIG_REFRESH_MS: z.coerce.number().int().min(0).max(600_000).default(2_000),
};

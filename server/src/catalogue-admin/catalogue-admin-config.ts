import { z } from 'zod';

/** Catalogue administration settings (docs/catalogue-admin.md), spread into the one validated AppConfig. */
export const CATALOGUE_ADMIN_CONFIG_SHAPE = {
  /** How often the node holding the job's lease cancels the next orders of cancelled dates (0 = never: tests call it). */
  EVENT_CANCELLATION_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(2_000),
  /** Orders read per query of a pass (each cancelled in its own transaction and refunded on its own). */
  EVENT_CANCELLATION_BATCH: z.coerce.number().int().min(1).max(1_000).default(100),
  /**
   * Orders of a batch cancelled at the same time. Each is independent (its own reservation row, seats and refund);
   * one after another a 10,000-order date took minutes. Kept well under DB_POOL_SIZE so buyers still get connections.
   */
  EVENT_CANCELLATION_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
};

import { z } from 'zod';

/** Catalogue administration settings (docs/catalogue-admin.md), spread into the one validated AppConfig. */
export const CATALOGUE_ADMIN_CONFIG_SHAPE = {
  /** How often the node holding the job's lease cancels the next orders of cancelled dates (0 = never: tests call it). */
  EVENT_CANCELLATION_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(2_000),
  /** Orders cancelled and refunded per pass, one after another (each its own transaction and refund). */
  EVENT_CANCELLATION_BATCH: z.coerce.number().int().min(1).max(1_000).default(100),
};

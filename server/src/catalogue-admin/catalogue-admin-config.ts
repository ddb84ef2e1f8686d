import { z } from 'zod';

/** Catalogue administration settings (docs/catalogue-admin.md), spread into the one validated AppConfig. */
export const CATALOGUE_ADMIN_CONFIG_SHAPE = {
  /** How often the node holding the job's lease cancels the next orders of cancelled dates (0 = never: tests call it). */
  EVENT_CANCELLATION_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(2_000),
  /** Orders read per query of a pass (split into groups, each group's cancellations one transaction, each charge refunded on its own). */
  EVENT_CANCELLATION_BATCH: z.coerce.number().int().min(1).max(1_000).default(100),
  /**
   * Groups a batch is split into, cancelled at the same time (each group's orders in one transaction, their refunds
   * one attempt per charge); one order after another a 10,000-order date took minutes. Kept well under DB_POOL_SIZE
   * so buyers still get connections.
   */
  EVENT_CANCELLATION_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
  /**
   * How often the node holding the job's lease settles a date's move to another plan version left open by a process
   * that died mid-way (its live seat state re-keyed to the version PostgreSQL holds); also at start. 0 = never.
   */
  SEAT_PLAN_MOVE_RECOVERY_MS: z.coerce.number().int().min(0).max(3_600_000).default(10_000),
};

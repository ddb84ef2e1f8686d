import { z } from 'zod';

/** Hold-order settings (docs/hold-orders.md), spread into the one validated AppConfig. */
export const HOLDS_CONFIG_SHAPE = {
  /** How often every node runs the release sweep (0 = never: tests and benchmarks call it). */
  HOLD_RELEASE_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(15_000),
  /** Holds released per statement (the sweep loops until nothing is due). */
  HOLD_RELEASE_BATCH: z.coerce.number().int().min(1).max(10_000).default(500),
  /** Test only: POST /api/holds/test-clock moves the hold clock. Refused in production (never mounted there). */
  HOLDS_TEST_CLOCK: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
};

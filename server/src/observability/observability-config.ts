import { z } from 'zod';

/** The metrics endpoint's settings (docs/operations.md), spread into the one validated AppConfig. */
export const OBSERVABILITY_CONFIG_SHAPE = {
  /**
   * The port of the Prometheus endpoint (`GET /metrics`), its own listener, never the public port. Unset = no
   * endpoint (nothing listens); 0 = a free port (tests). `npm start` sets 9464.
   */
  METRICS_PORT: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(65535).optional()),
  /** Where the metrics listener binds: the default keeps it off other machines; compose sets 0.0.0.0. */
  METRICS_HOST: z.string().default('127.0.0.1'),
};

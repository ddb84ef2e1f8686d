import { Injectable, Optional } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Metrics, NO_METRICS, type Reading } from '../observability';

/**
 * Money whose outcome is not settled yet, read at each scrape: money attempts (the commit's cart charges, hold
 * payments, cancellations' refunds) `pending` or `refund_pending` (the partial index money_attempt_open covers these
 * states). A commit in progress is here for a second; the alert is on the oldest one's age (docs/operations.md,
 * "Payments in doubt").
 */
const IN_DOUBT_SQL = `
  SELECT count(*)::int AS n, COALESCE(EXTRACT(EPOCH FROM now() - min(updated_at)), 0)::float8 AS oldest
    FROM money_attempt WHERE state IN ('pending', 'refund_pending')`;

@Injectable()
export class PaymentsInDoubtReading {
  constructor(
    private readonly db: DataSource,
    @Optional() metrics: Metrics = NO_METRICS,
  ) {
    metrics.readOnScrape(() => this.read());
  }

  private async read(): Promise<Reading[]> {
    const [row] = (await this.db.query(IN_DOUBT_SQL)) as { n: number; oldest: number }[];
    return [
      { gauge: 'payments_in_doubt', value: row?.n ?? 0 },
      { gauge: 'payment_in_doubt_oldest_seconds', value: Math.max(0, row?.oldest ?? 0) },
    ];
  }
}

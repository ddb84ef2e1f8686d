import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../common/logger';
import { PaymentRecoveryJob, RegisteredInDoubtKind, type InDoubtCase, type Resolution } from '../payment';
import { OrderChangesRepository } from './order-changes.repository';
import { OrderChangesService } from './order-changes.service';

/** How often the loop asks, and how old an unapplied change must be (the request that made it may still be on it). */
const EVERY_MS = 5_000;
const OLDER_THAN_SECONDS = 30;

export type OrderChangeRecoveryResult = 'applied' | 'unapplied';

/**
 * The order change's in-doubt kind (`order-change`): changes a crash left half done, committed in PostgreSQL (the
 * truth: the tickets already sit on their new seats) but not yet applied to the live seat state. No money moves in a
 * change, so nothing is asked of the provider: settling is applying the seats, idempotent, so two nodes doing it at
 * once, or a retry, change nothing twice (the rows are not leased; one claim a pass takes at most 50). Driven by the
 * one recovery loop (payment/payment-recovery.job.ts) every 5 s.
 */
@Injectable()
export class OrderChangeInDoubt extends RegisteredInDoubtKind<InDoubtCase, OrderChangeRecoveryResult> {
  readonly name = 'order-change';
  readonly everyMs = EVERY_MS;
  readonly batch = 50;
  readonly leased = false;

  constructor(
    private readonly repo: OrderChangesRepository,
    private readonly changes: OrderChangesService,
    @Inject(LOGGER) private readonly logger: Logger,
    recovery: PaymentRecoveryJob,
  ) {
    super(recovery);
  }

  async claim(limit: number, olderThanSeconds = OLDER_THAN_SECONDS): Promise<InDoubtCase[]> {
    const ids = await this.repo.unapplied(olderThanSeconds, limit);
    return ids.map((id) => ({ id, attempts: 0 }));
  }

  async settle({ id }: InDoubtCase): Promise<Resolution<OrderChangeRecoveryResult>> {
    try {
      await this.changes.applySeats(id);
      return { result: 'applied' };
    } catch (err) {
      this.logger.warn({ err, change: id }, 'order change still unapplied');
      return { result: 'unapplied' };
    }
  }
}

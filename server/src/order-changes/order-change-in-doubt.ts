import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../common/logger';
import { InDoubt, PaymentRecoveryJob } from '../payment';
import { OrderChangesRepository } from './order-changes.repository';
import { OrderChangesService } from './order-changes.service';

/**
 * The order change's in-doubt kind (`order-change`): changes a crash left half done, committed in PostgreSQL (the
 * truth: the tickets already sit on their new seats) but not yet applied to the live seat state. No money moves in a
 * change, so nothing is asked of the provider: the step is applying the seats, idempotent, so two nodes doing it at
 * once, or a retry, change nothing twice. Driven by the one recovery loop (payment/payment-recovery.job.ts) every 5 s,
 * for changes at least 30 s old (the request that made one may still be applying it).
 */
@Injectable()
export class OrderChangeInDoubt extends InDoubt.IdempotentStepKind {
  readonly name = 'order-change';
  readonly everyMs = 5_000;
  readonly inDoubtAfterSeconds = 30;

  constructor(
    private readonly repo: OrderChangesRepository,
    private readonly changes: OrderChangesService,
    @Inject(LOGGER) logger: Logger,
    recovery: PaymentRecoveryJob,
  ) {
    super(recovery, logger);
  }

  protected unfinished(olderThanSeconds: number, limit: number): Promise<string[]> {
    return this.repo.unapplied(olderThanSeconds, limit);
  }

  protected finish(id: string): Promise<void> {
    return this.changes.applySeats(id);
  }
}

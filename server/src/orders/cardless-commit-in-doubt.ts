import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../common/logger';
import { InDoubt, PaymentRecoveryJob } from '../payment';
import { OrdersRepository } from './orders.repository';

/**
 * The commit's other in-doubt kind: a cart left 'paying' with no charge behind it. A
 * voucher-only order whose node died mid-commit stayed 'paying' for good, and every retry was told
 * COMMIT_IN_PROGRESS, because the money-attempt kind only looks at money attempts. No money moved for such
 * a cart (vouchers and balances are drawn inside the sale's transaction, which did not commit), so the step is to open
 * it again; a retry then gets the cart's real answer (sold out, locks expired, or a sale). One idempotent statement
 * that re-checks everything, so two nodes doing it change nothing twice.
 */
@Injectable()
export class CardlessCommitInDoubt extends InDoubt.IdempotentStepKind {
  readonly name = 'commit-without-card';
  readonly everyMs: number;
  readonly inDoubtAfterSeconds: number;

  constructor(
    private readonly orders: OrdersRepository,
    @Inject(LOGGER) logger: Logger,
    recovery: PaymentRecoveryJob,
  ) {
    super(recovery, logger);
    // The card kind's cadence: an attempt counts as abandoned after the same bound as a card charge in doubt.
    this.everyMs = recovery.chargeCadence.everyMs;
    this.inDoubtAfterSeconds = recovery.chargeCadence.inDoubtAfterSeconds;
  }

  protected unfinished(olderThanSeconds: number, limit: number): Promise<string[]> {
    return this.orders.staleCardlessCarts(olderThanSeconds, limit);
  }

  protected finish(id: string): Promise<void> {
    return this.orders.reopenStaleCardlessCart(id, this.inDoubtAfterSeconds);
  }
}

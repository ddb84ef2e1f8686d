import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../common/logger';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { InDoubt, PaymentRecoveryJob } from '../payment';
import { CancellationRepository } from './cancellation.repository';
import { CancellationService } from './cancellation.service';

/**
 * The cancellation's in-doubt kind (`cancellation`): cancellations a crash (or a provider timeout) left half done,
 * seats not freed, 10 s after they were made. Driven by the one recovery loop (payment/payment-recovery.job.ts) every
 * CANCELLATION_RECOVERY_MS: the step is CancellationService.finish without the refunds, idempotent, which is what makes
 * two nodes safe. Card refunds still owed are money attempts: the one money-attempt kind retries them and closes the
 * cancellation (cancellation-money-subject.ts).
 */
@Injectable()
export class CancellationInDoubt extends InDoubt.IdempotentStepKind {
  readonly name = 'cancellation';
  readonly everyMs: number;
  readonly inDoubtAfterSeconds = 10;

  constructor(
    private readonly repo: CancellationRepository,
    private readonly cancellations: CancellationService,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(LOGGER) logger: Logger,
    recovery: PaymentRecoveryJob,
  ) {
    super(recovery, logger);
    this.everyMs = config.CANCELLATION_RECOVERY_MS;
  }

  protected unfinished(olderThanSeconds: number, limit: number): Promise<string[]> {
    return this.repo.unfinished(olderThanSeconds, limit);
  }

  protected finish(id: string): Promise<void> {
    return this.cancellations.finish(id, false);
  }
}

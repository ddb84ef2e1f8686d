import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../common/logger';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { PaymentRecoveryJob, RegisteredInDoubtKind, type InDoubtCase, type Resolution } from '../payment';
import { CancellationRepository } from './cancellation.repository';
import { CancellationService } from './cancellation.service';

const OLDER_THAN_SECONDS = 10;

export type CancellationRecoveryResult = 'finished' | 'unfinished';

/**
 * The cancellation's in-doubt kind (`cancellation`): cancellations a crash (or a provider timeout) left half done,
 * seats not freed or card refunds owed. Driven by the one recovery loop (payment/payment-recovery.job.ts) every
 * CANCELLATION_RECOVERY_MS; nothing is asked of the provider's charge status: settling is CancellationService.finish
 * (refunds through PaymentAttempts, once per refund key), idempotent, which is what makes two nodes safe, so the
 * rows are not leased and one claim a pass takes at most 50.
 */
@Injectable()
export class CancellationInDoubt extends RegisteredInDoubtKind<InDoubtCase, CancellationRecoveryResult> {
  readonly name = 'cancellation';
  readonly everyMs: number;
  readonly batch = 50;
  readonly leased = false;

  constructor(
    private readonly repo: CancellationRepository,
    private readonly cancellations: CancellationService,
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    recovery: PaymentRecoveryJob,
  ) {
    super(recovery);
    this.everyMs = config.CANCELLATION_RECOVERY_MS;
  }

  async claim(limit: number, olderThanSeconds = OLDER_THAN_SECONDS): Promise<InDoubtCase[]> {
    const ids = await this.repo.unfinished(olderThanSeconds, limit);
    return ids.map((id) => ({ id, attempts: 0 }));
  }

  async settle({ id }: InDoubtCase): Promise<Resolution<CancellationRecoveryResult>> {
    try {
      await this.cancellations.finish(id);
      return { result: 'finished' };
    } catch (err) {
      this.logger.warn({ err, cancellation: id }, 'cancellation still unfinished');
      return { result: 'unfinished' };
    }
  }
}

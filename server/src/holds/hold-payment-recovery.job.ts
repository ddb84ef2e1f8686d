import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import type { Locale } from '../common/locale';
import { LOGGER } from '../common/logger';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { PaymentProvider } from '../payment/payment-provider.port';
import { HoldPaymentsRepository, type HoldPaymentRow } from './hold-payments.repository';
import { HoldPaymentService } from './hold-payment.service';
import { HoldsRepository } from './holds.repository';
import { asSystem } from '../queue/admission-context';

const LEASE_SECONDS = 120;
const BATCH = 20;

export type HoldRecoveryResult = 'paid' | 'refunded' | 'refund_pending' | 'failed' | 'later';

/**
 * Finishes hold payments a dead node (or a lost provider answer) left behind, on every node, every
 * RECOVERY_INTERVAL_MS, like the commit's recovery job: an attempt still 'charging' after
 * RECOVERY_IN_DOUBT_SECONDS asks the provider (by the attempt's idempotency key): charged -> settle the hold, or
 * refund if it was released meanwhile; not charged -> failed. A refund still owed is retried with back-off.
 * Claims are leased under FOR UPDATE SKIP LOCKED; every step is idempotent.
 */
@Injectable()
export class HoldPaymentRecoveryJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<HoldRecoveryResult[]> | null = null;
  private stopped = false;

  constructor(
    private readonly payments: HoldPaymentsRepository,
    private readonly holds: HoldsRepository,
    private readonly service: HoldPaymentService,
    private readonly provider: PaymentProvider,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.RECOVERY_INTERVAL_MS > 0) this.schedule();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.runOnce()
        .catch((err) => this.logger.warn({ err }, 'hold payment recovery pass failed; will retry'))
        .finally(() => this.schedule());
    }, this.config.RECOVERY_INTERVAL_MS);
    this.timer.unref();
  }

  runOnce(): Promise<HoldRecoveryResult[]> {
    if (this.running) return this.running;
    // The server's own work: the waiting room never refuses it (docs/waiting-room.md).
    this.running = asSystem('hold-payment-recovery', () => this.pass()).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async pass(): Promise<HoldRecoveryResult[]> {
    const results: HoldRecoveryResult[] = [];
    for (;;) {
      const batch = await this.payments.claim(BATCH, this.config.RECOVERY_IN_DOUBT_SECONDS, LEASE_SECONDS);
      for (const row of batch) {
        results.push(
          await this.settle(row).catch(async (err: unknown) => {
            this.logger.error({ err, payment: row.id }, 'hold payment recovery failed; will retry');
            const wait = Math.min(3600, this.config.RECOVERY_RETRY_BASE_SECONDS * 2 ** Math.max(0, row.attempts - 1));
            await this.payments.retryLater(row.id, wait).catch(() => undefined);
            return 'later' as const;
          }),
        );
      }
      if (batch.length < BATCH || this.stopped) return results;
    }
  }

  private async settle(row: HoldPaymentRow): Promise<HoldRecoveryResult> {
    if (row.state === 'refund_pending') {
      return (await this.service.refund(row, row.providerReference!)) ? 'refunded' : 'refund_pending';
    }
    const hold = await this.holds.holdByReservationId(row.reservationId);
    if (!hold) {
      await this.payments.fail(row.id, 'reservation gone');
      return 'failed';
    }
    if (row.method !== 'card' || !row.providerKey) {
      // A box-office payment whose node died between opening and settling: the counter saw an error and the
      // money is in the till or not; the attempt is closed and staff take the payment again (a new key).
      await this.payments.fail(row.id, 'box-office attempt abandoned');
      return 'failed';
    }
    const charge = await this.provider.status(row.providerKey);
    if (charge.status !== 'approved') {
      await this.payments.fail(row.id, `no charge (${charge.status})`);
      return 'failed';
    }
    this.logger.warn({ payment: row.id }, 'in-doubt hold payment: charged; finishing it');
    try {
      await this.service.finish(row, hold, { providerReference: charge.providerReference }, hold.locale as Locale);
      return 'paid';
    } catch {
      return 'refunded';
    }
  }
}

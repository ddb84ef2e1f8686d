import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import type { Locale } from '../common/locale';
import { LOGGER } from '../common/logger';
import { InDoubt, PaymentRecoveryJob } from '../payment';
import { HoldPaymentsRepository, type HoldPaymentRow } from './hold-payments.repository';
import { HoldPaymentService } from './hold-payment.service';
import { HoldsRepository } from './holds.repository';

export type HoldRecoveryResult = 'paid' | 'refunded' | 'refund_pending' | 'failed' | 'later';
type Resolved = InDoubt.Resolution<HoldRecoveryResult>;

/**
 * The hold payment's in-doubt kind (`hold-payment`), driven by the one recovery loop (payment/payment-recovery.job.ts)
 * every RECOVERY_INTERVAL_MS, the same step as the commit's: an attempt still 'charging' after
 * RECOVERY_IN_DOUBT_SECONDS is asked of the provider (by the attempt's idempotency key): charged -> settle the hold,
 * or refund if it was released meanwhile; not charged -> failed. A refund still owed is retried with the loop's
 * back-off. Claims are leased under FOR UPDATE SKIP LOCKED (what keeps nodes apart); every step is idempotent.
 */
@Injectable()
export class HoldPaymentInDoubt extends InDoubt.ChargeInDoubtKind<HoldPaymentRow, HoldRecoveryResult> {
  readonly name = 'hold-payment';

  constructor(
    private readonly payments: HoldPaymentsRepository,
    private readonly holds: HoldsRepository,
    private readonly service: HoldPaymentService,
    @Inject(LOGGER) private readonly logger: Logger,
    recovery: PaymentRecoveryJob,
  ) {
    super(recovery, payments);
  }

  /** An online card attempt still charging; a box-office attempt never asked the provider. */
  override inDoubtCharge(row: HoldPaymentRow): string | null {
    return row.state !== 'refund_pending' && row.method === 'card' && row.providerKey ? row.providerKey : null;
  }

  async settle(row: HoldPaymentRow): Promise<Resolved> {
    if (row.state === 'refund_pending') {
      return (await this.service.refund(row, row.providerReference!))
        ? { result: 'refunded' }
        : { result: 'refund_pending', again: true };
    }
    if (!(await this.holds.holdByReservationId(row.reservationId))) return this.fail(row, 'reservation gone');
    // A box-office payment whose node died between opening and settling: the counter saw an error and the
    // money is in the till or not; the attempt is closed and staff take the payment again (a new key).
    return this.fail(row, 'box-office attempt abandoned');
  }

  override async notCharged(row: HoldPaymentRow, charge: InDoubt.NotApprovedStatus): Promise<Resolved> {
    if (!(await this.holds.holdByReservationId(row.reservationId))) return this.fail(row, 'reservation gone');
    return this.fail(row, `no charge (${charge.status})`);
  }

  override async charged(row: HoldPaymentRow, charge: InDoubt.ApprovedStatus): Promise<Resolved> {
    const hold = await this.holds.holdByReservationId(row.reservationId);
    if (!hold) return this.fail(row, 'reservation gone');
    this.logger.warn({ payment: row.id }, 'in-doubt hold payment: charged; finishing it');
    try {
      await this.service.finish(row, hold, { providerReference: charge.providerReference }, hold.locale as Locale);
      return { result: 'paid' };
    } catch {
      // finish refused: the hold was released meanwhile and the charge went back (or is owed, refund_pending).
      return { result: 'refunded' };
    }
  }

  private async fail(row: HoldPaymentRow, reason: string): Promise<Resolved> {
    await this.payments.fail(row.id, reason);
    return { result: 'failed' };
  }
}

import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER } from '../common/logger';
import { MoneyAttemptsRepository, type MoneyAttemptRow } from '../reservations';
import { ChargeInDoubtKind, type ApprovedStatus, type NotApprovedStatus, type Resolution } from './in-doubt';
import { MoneySubjects } from './money-subjects';
import { PaymentAttempts } from './payment-attempts';
import { PaymentRecoveryJob } from './payment-recovery.job';

/**
 * THE in-doubt kind of money_attempt (`money-attempt`; docs/decisions/015-one-money-attempt.md), whatever the money
 * is for, driven by the one recovery loop every RECOVERY_INTERVAL_MS. A charge still 'pending' after
 * RECOVERY_IN_DOUBT_SECONDS with a provider key is asked of the provider by that key: charged -> its subject finishes
 * what it paid for or gives it back; not charged -> failed. A pending charge no provider was asked for (the box
 * office's cash or terminal, its node died) -> failed: staff take it again under a new key. A refund owed (a charge
 * that paid for nothing) or recorded pending (a cancellation's) is asked of the provider again under its own key,
 * with the loop's back-off while the provider does not answer; its subject hears when it is settled. Claims are leased under FOR UPDATE SKIP LOCKED (what keeps nodes apart).
 */
@Injectable()
export class MoneyAttemptInDoubt extends ChargeInDoubtKind<MoneyAttemptRow, string> {
  readonly name = 'money-attempt';

  constructor(
    private readonly money: MoneyAttemptsRepository,
    private readonly subjects: MoneySubjects,
    private readonly attempts: PaymentAttempts,
    @Inject(LOGGER) private readonly logger: Logger,
    recovery: PaymentRecoveryJob,
  ) {
    super(recovery, money);
  }

  override inDoubtCharge(row: MoneyAttemptRow): string | null {
    return row.kind === 'charge' && row.state === 'pending' && row.providerKey ? row.providerKey : null;
  }

  async settle(row: MoneyAttemptRow): Promise<Resolution> {
    if (row.kind === 'refund') return this.refundRecorded(row);
    const subject = this.subjects.of(row.subjectKind);
    if (row.state === 'refund_pending' && subject.refundOwed) return subject.refundOwed(row);
    if (row.state === 'refund_pending') {
      const done = await this.attempts.refund(
        {
          providerReference: row.providerReference!,
          amountAgorot: row.amountAgorot,
          reason: row.error ?? 'refund owed',
        },
        () => this.money.refunded(row.id),
        row.id,
      );
      return done ? { result: 'refunded' } : { result: 'refund_pending', again: true };
    }
    if (await subject.gone(row)) return this.fail(row, 'reservation gone');
    return this.fail(row, 'box-office attempt abandoned');
  }

  override async notCharged(row: MoneyAttemptRow, charge: NotApprovedStatus): Promise<Resolution> {
    const subject = this.subjects.of(row.subjectKind);
    if (subject.notCharged) return subject.notCharged(row, charge);
    if (await subject.gone(row)) return this.fail(row, 'reservation gone');
    return this.fail(row, `no charge (${charge.status})`);
  }

  override async charged(row: MoneyAttemptRow, charge: ApprovedStatus): Promise<Resolution> {
    const subject = this.subjects.of(row.subjectKind);
    if (await subject.gone(row)) return this.fail(row, 'reservation gone');
    this.logger.warn({ attempt: row.id, subject: row.subjectKind }, 'in-doubt money attempt: charged; finishing it');
    return subject.charged(row, charge);
  }

  /**
   * A refund recorded pending whose request did not finish: the provider refunds once per key, so asking again never
   * gives back twice. A definite refusal is recorded (a person takes it); no answer is backed off by the loop.
   */
  private async refundRecorded(row: MoneyAttemptRow): Promise<Resolution> {
    const result = await this.attempts.refundOnce({
      providerReference: row.providerReference!,
      amountAgorot: row.amountAgorot,
      reason: `${row.subjectKind} ${row.subjectId}`,
      idempotencyKey: row.providerKey ?? row.idempotencyKey,
    });
    if (result.status === 'refunded') await this.money.settleRefund(row.id, 'approved', null);
    else {
      this.logger.error({ attempt: row.id, reason: result.reason }, 'refund refused');
      await this.money.settleRefund(row.id, 'failed', result.reason.slice(0, 500));
    }
    await this.subjects.of(row.subjectKind).refundSettled(row);
    return { result: result.status === 'refunded' ? 'refunded' : 'failed' };
  }

  private async fail(row: MoneyAttemptRow, reason: string): Promise<Resolution> {
    await this.money.close(row.id, 'failed', reason);
    return { result: 'failed' };
  }
}

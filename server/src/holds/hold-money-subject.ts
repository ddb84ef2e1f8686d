import { Injectable } from '@nestjs/common';
import type { Locale } from '../common/locale';
import { InDoubt, MoneySubjects, RegisteredMoneySubject } from '../payment';
import type { MoneyAttemptRow } from '../reservations';
import { HoldPaymentService } from './hold-payment.service';
import type { HoldPaymentRow } from './hold-payments';
import { HoldsRepository } from './holds.repository';

/**
 * Holds as a subject of the one money_attempt recovery kind (payment/money-attempt-in-doubt.ts): a hold payment the
 * provider charged while its answer was lost settles the hold (the sale statement), or refunds if the hold was
 * released meanwhile. The rest of the recovery (ask, close, retry a refund) is the kind's, the same for every subject.
 */
@Injectable()
export class HoldMoneySubject extends RegisteredMoneySubject {
  readonly subjectKind = 'hold' as const;

  constructor(
    private readonly holds: HoldsRepository,
    private readonly service: HoldPaymentService,
    subjects: MoneySubjects,
  ) {
    super(subjects);
  }

  async gone(attempt: MoneyAttemptRow): Promise<boolean> {
    return !(await this.holds.holdByReservationId(attempt.subjectId));
  }

  async charged(attempt: MoneyAttemptRow, charge: InDoubt.ApprovedStatus): Promise<InDoubt.Resolution> {
    const hold = await this.holds.holdByReservationId(attempt.subjectId);
    if (!hold) return { result: 'failed' };
    try {
      await this.service.finish(
        attempt as HoldPaymentRow,
        hold,
        { providerReference: charge.providerReference },
        hold.locale as Locale,
      );
      return { result: 'paid' };
    } catch {
      // finish refused: the hold was released meanwhile and the charge went back (or is owed, refund_pending).
      return { result: 'refunded' };
    }
  }
}

import { Injectable } from '@nestjs/common';
import { InDoubt, MoneySubjects, RegisteredMoneySubject } from '../payment';
import type { MoneyAttemptRow } from '../reservations';
import { CancellationRepository } from './cancellation.repository';

/**
 * Cancellations as a subject of the one money_attempt recovery kind (payment/money-attempt-in-doubt.ts): their card
 * refunds are refund attempts the kind retries; once one is settled the cancellation is closed if nothing else is owed.
 */
@Injectable()
export class CancellationMoneySubject extends RegisteredMoneySubject {
  readonly subjectKind = 'cancellation' as const;

  constructor(
    private readonly repo: CancellationRepository,
    subjects: MoneySubjects,
  ) {
    super(subjects);
  }

  async gone(): Promise<boolean> {
    return false;
  }

  /** A cancellation never charges. */
  charged(attempt: MoneyAttemptRow): Promise<InDoubt.Resolution> {
    return Promise.reject(new Error(`cancellation ${attempt.subjectId}: a cancellation never charges`));
  }

  override refundSettled(attempt: MoneyAttemptRow): Promise<void> {
    return this.repo.completeIfSettled([attempt.subjectId]);
  }
}

import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { MoneyAttemptRow, MoneySubjectKind } from '../reservations';
import type { ApprovedStatus, NotApprovedStatus, Resolution } from './in-doubt';

/**
 * What differs between the things money is moved for, as the one recovery kind (money-attempt-in-doubt.ts) needs it:
 * the provider holds the money of a charge whose answer was lost, so finish what it paid for, or give it back. All the
 * rest (ask the provider, close what was never charged, retry a refund owed) is the same for every subject.
 */
interface MoneySubject {
  readonly subjectKind: MoneySubjectKind;
  /** The thing no longer exists (its attempt closes as 'reservation gone' rather than 'no charge'). */
  gone(attempt: MoneyAttemptRow): Promise<boolean>;
  /** Finish what the approved charge paid for, or give the money back; the result names what happened. */
  charged(attempt: MoneyAttemptRow, charge: ApprovedStatus): Promise<Resolution>;
  /** A refund of this subject was settled by the recovery loop (approved or refused): close what waited for it. */
  refundSettled(attempt: MoneyAttemptRow): Promise<void>;
  /**
   * Optional: the provider holds no charge under the key; the subject closes the attempt with what waited for it (a
   * cart left 'paying' opens again). Absent: the attempt is closed failed.
   */
  notCharged?(attempt: MoneyAttemptRow, status: NotApprovedStatus): Promise<Resolution>;
  /**
   * Optional: a charge that paid for nothing is still owed back (refund_pending); the subject asks for it and records
   * it with what goes with it (the buyer's notice). Absent: the refund is asked and the attempt marked refunded.
   */
  refundOwed?(attempt: MoneyAttemptRow): Promise<Resolution>;
}

/** Where the contexts register their subject (as sale participants register with the sale write). */
@Injectable()
export class MoneySubjects {
  private readonly subjects = new Map<MoneySubjectKind, MoneySubject>();

  register(subject: MoneySubject): void {
    // A test's provider override registers its subclass under the same kind: the last one wins.
    this.subjects.set(subject.subjectKind, subject);
  }

  of(kind: MoneySubjectKind): MoneySubject {
    const subject = this.subjects.get(kind);
    if (!subject) throw new Error(`no money subject ${kind} is registered`);
    return subject;
  }
}

/** A subject that registers itself when its module starts. */
export abstract class RegisteredMoneySubject implements MoneySubject, OnModuleInit {
  abstract readonly subjectKind: MoneySubjectKind;

  constructor(private readonly subjects: MoneySubjects) {}

  onModuleInit(): void {
    this.subjects.register(this);
  }

  abstract gone(attempt: MoneyAttemptRow): Promise<boolean>;
  abstract charged(attempt: MoneyAttemptRow, charge: ApprovedStatus): Promise<Resolution>;

  /** Nothing waits for a refund by default. */
  async refundSettled(_attempt: MoneyAttemptRow): Promise<void> {}
}

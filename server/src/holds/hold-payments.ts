import { Injectable } from '@nestjs/common';
import { MoneyAttemptsRepository, type MoneyAttemptRow } from '../reservations';

/** An attempt to pay a hold: a money attempt whose subject is the hold's reservation. */
export type HoldPaymentRow = MoneyAttemptRow & {
  method: 'card' | 'cash' | 'terminal';
  channel: 'online' | 'box_office';
};

/**
 * The attempts to pay an existing reservation, in the one record of attempts to move money (money_attempt, subject
 * 'hold', the reservation id; docs/decisions/015-one-money-attempt.md): opened BEFORE the provider is called, at most
 * one pending per hold (the index money_attempt_one_charging). No SQL here: the reservations context writes the rows.
 */
@Injectable()
export class HoldPayments {
  constructor(private readonly attempts: MoneyAttemptsRepository) {}

  /**
   * Opens the attempt for this key, or takes over a declined or failed one (a new card authorisation under the same
   * key). Null when the key already has a live or finished attempt: read it with byKey. 'busy' when ANOTHER attempt
   * on the same reservation is pending (another device, another key); 'paid' when another attempt already paid it.
   */
  async open(a: {
    idempotencyKey: string;
    fingerprint: string;
    reservationId: string;
    channel: 'online' | 'box_office';
    method: 'card' | 'cash' | 'terminal';
    amountAgorot: number;
    providerKey: string | null;
    visitorId: string | null;
  }): Promise<HoldPaymentRow | null | 'busy' | 'paid'> {
    const row = await this.attempts.openCharge({
      subjectKind: 'hold',
      subjectId: a.reservationId,
      channel: a.channel,
      method: a.method,
      amountAgorot: a.amountAgorot,
      provider: a.providerKey ? 'card' : null,
      providerKey: a.providerKey,
      idempotencyKey: a.idempotencyKey,
      fingerprint: a.fingerprint,
      visitorId: a.visitorId,
    });
    return row as HoldPaymentRow | null | 'busy' | 'paid';
  }

  /** The attempt under this key, if it pays a hold (a key of another subject is no hold payment). */
  async byKey(idempotencyKey: string): Promise<HoldPaymentRow | null> {
    const row = await this.attempts.byKey(idempotencyKey);
    return row && row.subjectKind === 'hold' ? (row as HoldPaymentRow) : null;
  }

  /** No money moved (declined, not authorised, no charge, hold gone before the charge). */
  fail(
    id: string,
    state: 'declined' | 'failed',
    error: string,
    providerReference: string | null = null,
  ): Promise<void> {
    return this.attempts.close(id, state, error, providerReference);
  }

  refundPending(id: string, providerReference: string, reason: string, result: object): Promise<void> {
    return this.attempts.refundPending(id, providerReference, reason, result);
  }

  refunded(id: string): Promise<void> {
    return this.attempts.refunded(id);
  }
}

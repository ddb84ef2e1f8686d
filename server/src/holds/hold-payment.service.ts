import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { PayExistingResponse } from '@hotline/shared';
import { agorotToShekels, formatShekels } from '@hotline/shared';
import { BookingError, type ParsedCart, cartFingerprint } from '../cart';
import { AppError } from '../common/app-error';
import type { Locale } from '../common/locale';
import { PaymentAttempts, PaymentProvider } from '../payment';
import { SalesRepository } from '../reservations';
import { HoldClock } from './hold-clock';
import { HoldPayments, type HoldPaymentRow } from './hold-payments';
import { HoldsRepository, type HoldRow } from './holds.repository';
import './holds.errors';

/** What a paid attempt stores and replays. */
export interface PaidResult {
  reservationIdentifier: string;
  charged: number;
  method: HoldPaymentRow['method'];
}

/** What a failed attempt's buyer is told when the same authorisation is sent again (as the charge told them). */
function failedAttemptRefusal(error: string | null): BookingError {
  if (error === 'declined') return new BookingError('PAYMENT_DECLINED');
  if (error === 'insufficient_funds') return new BookingError('PAYMENT_INSUFFICIENT_FUNDS');
  return new BookingError('PAYMENT_NOT_AUTHORISED');
}

export function fingerprintOf(parts: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 22);
}

/**
 * Paying a reservation that exists but is unpaid (a hold order): POST /api/payment/{resId}/payment online, and the
 * box office's cash or terminal payment. The same money-safety shape as the commit (docs/booking.md), in the one
 * record of an attempt to move money (money_attempt, subject 'hold'; docs/decisions/015-one-money-attempt.md):
 *
 *   pending --(provider approves, hold still payable)--> approved  (hold, reservation, payment row, attempt: the sale
 *                                                                   statement, SalesRepository.payHold)
 *   pending --(declined / not authorised / no charge)--> declined / failed  (the key may try again with a new card)
 *   pending --(approved, but the hold was released)----> refund_pending --> refunded
 *   pending, node died -------------------------------> the recovery loop's money-attempt kind does the above
 *
 * The idempotency key (the cart identifier) is bound to what it pays (reservation + cart fingerprint): the same key
 * with another cart is refused; the same key again answers the stored result without a second charge (the
 * provider's key is derived from it and the card authorisation).
 */
@Injectable()
export class HoldPaymentService {
  constructor(
    private readonly holds: HoldsRepository,
    private readonly payments: HoldPayments,
    private readonly sales: SalesRepository,
    private readonly provider: PaymentProvider,
    private readonly attempts: PaymentAttempts,
    private readonly clock: HoldClock,
  ) {}

  /** The hold, if this visitor (or logged-in customer) may pay it; 404 otherwise (never a hint that it exists). */
  async payableBy(identifier: string, visitorId: string, customerId: number | null): Promise<HoldRow> {
    const hold = await this.holds.holdByIdentifier(identifier);
    if (!hold || (hold.visitorId !== visitorId && (customerId === null || hold.customerId !== customerId)))
      throw new AppError('HOLD_NOT_FOUND');
    return hold;
  }

  async payOnline(
    hold: HoldRow,
    visitorId: string,
    body: { cart: ParsedCart; cartIdentifier: string },
    locale: Locale,
  ): Promise<PayExistingResponse> {
    const key = body.cartIdentifier.toLowerCase();
    const fingerprint = fingerprintOf(['online', hold.reservationId, cartFingerprint(body.cart)]);
    const earlier = await this.payments.byKey(key);
    if (earlier) {
      const answer = this.answerExisting(earlier, fingerprint, locale);
      if (answer) return answer;
    }
    this.assertPayable(hold);
    const paymentIdentifier = body.cart.paymentIdentifier;
    if (!paymentIdentifier) throw new AppError('HOLD_PAYMENT_REQUIRED');
    const providerKey = `hold:${key}:${paymentIdentifier}`;
    const row = await this.payments.open({
      idempotencyKey: key,
      fingerprint,
      reservationId: hold.reservationId,
      channel: 'online',
      method: 'card',
      amountAgorot: hold.totalAgorot,
      providerKey,
      visitorId,
    });
    // Another device is paying this hold right now (its own key): this attempt never reaches the card.
    if (row === 'busy') throw new AppError('HOLD_PAYMENT_IN_PROGRESS');
    // Another device paid it between this request reading the hold and opening its attempt.
    if (row === 'paid') throw new AppError('HOLD_ALREADY_PAID');
    if (!row) {
      // Another request holds this key (or it is finished): answer as it does.
      const now = await this.payments.byKey(key);
      const answer = now && this.answerExisting(now, fingerprint, locale);
      if (answer) return answer;
      // The same card authorisation again after this key's attempt failed (declined, or closed by the recovery
      // job): its real outcome, never "in progress". A new authorisation may try again.
      if (now?.state === 'failed' || now?.state === 'declined') throw failedAttemptRefusal(now.error);
      throw new AppError('HOLD_PAYMENT_IN_PROGRESS');
    }
    const approved = await this.charge(row, paymentIdentifier, visitorId, hold.identifier);
    return this.finish(row, hold, approved, locale);
  }

  /** The box office takes cash or a card on its own terminal: no provider call, the same settle statement. */
  async payAtBoxOffice(
    hold: HoldRow,
    method: 'cash' | 'terminal',
    paymentKey: string,
    locale: Locale,
  ): Promise<PaidResult & { replayed: boolean }> {
    const key = `box-office:${paymentKey.toLowerCase()}`;
    const fingerprint = fingerprintOf(['box_office', hold.reservationId, method]);
    const earlier = await this.payments.byKey(key);
    if (earlier) {
      const answer = this.answerExisting(earlier, fingerprint, locale);
      if (answer) return { ...(earlier.result as unknown as PaidResult), replayed: true };
    }
    this.assertPayable(hold);
    const row = await this.payments.open({
      idempotencyKey: key,
      fingerprint,
      reservationId: hold.reservationId,
      channel: 'box_office',
      method,
      amountAgorot: hold.totalAgorot,
      providerKey: null,
      visitorId: null,
    });
    if (row === 'paid') throw new AppError('HOLD_ALREADY_PAID');
    if (!row || row === 'busy') throw new AppError('HOLD_PAYMENT_IN_PROGRESS');
    const result: PaidResult = {
      reservationIdentifier: hold.identifier,
      charged: agorotToShekels(hold.totalAgorot),
      method,
    };
    const settled = await this.sales.payHold({
      reservationId: hold.reservationId,
      attemptId: row.id,
      now: this.clock.now(),
      payment: {
        cartIdentifier: key,
        provider: 'box_office',
        method,
        providerReference: null,
        amountAgorot: hold.totalAgorot,
        idempotencyKey: null,
      },
      result: result as unknown as Record<string, unknown>,
    });
    if (settled) return { ...result, replayed: false };
    await this.payments.fail(row.id, 'failed', 'hold no longer payable');
    throw new AppError(await this.whyNotPayable(hold.identifier));
  }

  /**
   * An earlier attempt under this key: its answer (paid: the stored result; refunded: the refusal), or null when a
   * failed one may be tried again. A different payment under the same key is refused.
   */
  private answerExisting(row: HoldPaymentRow, fingerprint: string, locale: Locale): PayExistingResponse | null {
    if (row.fingerprint !== fingerprint) throw new AppError('HOLD_PAYMENT_KEY_REUSED');
    switch (row.state) {
      case 'approved': {
        const r = row.result as unknown as PaidResult;
        return { reservationIdentifier: r.reservationIdentifier, charged: r.charged, replayed: true };
      }
      case 'pending':
        throw new AppError('HOLD_PAYMENT_IN_PROGRESS');
      case 'refund_pending':
      case 'refunded':
        throw new AppError('HOLD_RELEASED_REFUNDED', { amount: formatShekels(row.amountAgorot, locale) });
      default:
        return null;
    }
  }

  private assertPayable(hold: HoldRow): void {
    if (hold.holdState === 'paid') throw new AppError('HOLD_ALREADY_PAID');
    if (hold.holdState === 'released' || hold.reservationState !== 'hold') throw new AppError('HOLD_RELEASED');
    if (this.clock.now().getTime() >= new Date(hold.releaseAt).getTime()) throw new AppError('HOLD_RELEASED');
  }

  private async whyNotPayable(identifier: string): Promise<'HOLD_ALREADY_PAID' | 'HOLD_RELEASED'> {
    const now = await this.holds.holdByIdentifier(identifier);
    return now?.holdState === 'paid' ? 'HOLD_ALREADY_PAID' : 'HOLD_RELEASED';
  }

  /** The provider call; any outcome but approval closes the attempt and refuses (as the commit's charge does). */
  private async charge(
    row: HoldPaymentRow,
    paymentIdentifier: string,
    visitorId: string,
    identifier: string,
  ): Promise<{ providerReference: string }> {
    const approved = await this.attempts.charge(
      {
        idempotencyKey: row.providerKey!,
        paymentIdentifier,
        visitorId,
        amountAgorot: row.amountAgorot,
        currency: 'ILS',
        description: `Hold order ${identifier}`,
      },
      ({ status, reason, providerReference }) => this.payments.fail(row.id, status, reason, providerReference),
    );
    return { providerReference: approved.providerReference };
  }

  /**
   * Charged: settle the hold (one statement, only while it is still held and before its deadline) or, if it was
   * released meanwhile, give the money back (refund_pending first, so the recovery job retries a failed refund).
   * Used by the request and by the recovery job.
   */
  async finish(
    row: HoldPaymentRow,
    hold: Pick<HoldRow, 'reservationId' | 'identifier'>,
    card: { providerReference: string },
    locale: Locale,
  ): Promise<PayExistingResponse> {
    const result: PaidResult = {
      reservationIdentifier: hold.identifier,
      charged: agorotToShekels(row.amountAgorot),
      method: 'card',
    };
    const settled = await this.sales.payHold({
      reservationId: hold.reservationId,
      attemptId: row.id,
      now: this.clock.now(),
      payment: {
        cartIdentifier: row.idempotencyKey,
        provider: this.provider.name,
        method: 'card',
        providerReference: card.providerReference,
        amountAgorot: row.amountAgorot,
        idempotencyKey: row.providerKey,
      },
      result: result as unknown as Record<string, unknown>,
    });
    if (settled)
      return { reservationIdentifier: result.reservationIdentifier, charged: result.charged, replayed: false };
    await this.payments.refundPending(row.id, card.providerReference, 'hold no longer payable', {
      error: 'HOLD_RELEASED_REFUNDED',
    });
    await this.refund(row, card.providerReference);
    throw new AppError('HOLD_RELEASED_REFUNDED', { amount: formatShekels(row.amountAgorot, locale) });
  }

  /** The provider's refund of an attempt recorded refund_pending; true when done (else the job retries). */
  async refund(row: Pick<HoldPaymentRow, 'id' | 'amountAgorot'>, providerReference: string): Promise<boolean> {
    return this.attempts.refund(
      { providerReference, amountAgorot: row.amountAgorot, reason: 'hold released before payment settled' },
      () => this.payments.refunded(row.id),
      row.id,
    );
  }
}

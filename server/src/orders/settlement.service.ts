import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { agorotToShekels, formatShekels } from '@hotline/shared';
import { BookingError, type BookingErrorCode, CartRepository } from '../cart';
import type { Locale } from '../common/locale';
import { LOGGER } from '../common/logger';
import { PaymentAttempts } from '../payment';
import { SalesRepository, type SaleInput, type SaleOutcome } from '../reservations';
import { SeatEngineService, type SeatRef } from '../seats';
import type { SaleIdentity } from './sale-identity';

export interface ApprovedCard {
  paymentId: string;
  providerReference: string;
  instalments: number;
  amountAgorot: number;
}

/** What a refused order stores on its cart and answers to every retry. */
export interface StoredRefusal {
  error: BookingErrorCode;
  amountAgorot: number;
  details: Record<string, unknown>;
}

/** The sale write's outcome, or `in_doubt`: it failed after a charge and we cannot tell whether it committed. */
export type WriteOutcome = SaleOutcome | { ok: false; reason: 'IN_DOUBT'; error: unknown };

/**
 * The saga's money steps, each one call: charge the card, write the sale (with
 * the identifier retry and the did-it-commit-anyway check), give money back
 * (refund_pending recorded first), mark seats sold. Used by the request's
 * orchestrator and by the recovery job alike.
 */
@Injectable()
export class SettlementService {
  constructor(
    private readonly carts: CartRepository,
    private readonly sales: SalesRepository,
    private readonly attempts: PaymentAttempts,
    private readonly engine: SeatEngineService,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Charges on the money attempt the commit opened; any outcome but approval closes it and refuses the order. */
  async charge(
    row: { id: string; status: string },
    request: { paymentIdentifier: string; idempotencyKey: string; cartIdentifier: string; visitorId: string },
    amountAgorot: number,
  ): Promise<ApprovedCard> {
    // This authorisation already paid for an order whose money went back: it cannot pay again.
    if (row.status === 'refunded' || row.status === 'refund_pending') throw new BookingError('PAYMENT_NOT_AUTHORISED');
    const { idempotencyKey, cartIdentifier } = request;
    const approved = await this.attempts.charge(
      {
        idempotencyKey,
        paymentIdentifier: request.paymentIdentifier,
        visitorId: request.visitorId,
        amountAgorot,
        currency: 'ILS',
        description: `Order ${cartIdentifier}`,
      },
      ({ status, reason, providerReference }) => this.sales.closeCardPayment(row.id, status, reason, providerReference),
    );
    return { paymentId: row.id, ...approved, amountAgorot };
  }

  /**
   * Writes the sale. Identifiers that collide are drawn again once. When the
   * write throws after a charge, PostgreSQL is asked whether it committed anyway:
   * yes -> DUPLICATE_CART (settled as such by the caller), no -> SEAT_TAKEN
   * (refund), cannot tell -> IN_DOUBT (left for the recovery job).
   */
  async writeSale(
    sale: () => SaleInput,
    identity: SaleIdentity,
    cartIdentifier: string,
    card: ApprovedCard | null,
  ): Promise<WriteOutcome> {
    let outcome: SaleOutcome;
    try {
      outcome = await this.sales.commitSale(sale());
      if (!outcome.ok && outcome.reason === 'IDENTIFIER_TAKEN') {
        identity.redraw();
        outcome = await this.sales.commitSale(sale());
      }
    } catch (error) {
      if (!card) throw error;
      const committed = await this.sales.reservationOfCart(cartIdentifier).catch(() => undefined);
      if (committed === undefined) {
        this.logger.error(
          { err: error, cartIdentifier, payment: card.paymentId },
          'sale write failed after a charge; left for the recovery job',
        );
        return { ok: false, reason: 'IN_DOUBT', error };
      }
      if (committed) return { ok: false, reason: 'DUPLICATE_CART' };
      this.logger.error({ err: error, cartIdentifier }, 'sale write failed after a charge; refunding');
      return { ok: false, reason: 'SEAT_TAKEN', detail: 'write failed' };
    }
    // A seat "lost" to another attempt on this very cart is not lost: that attempt sold the order.
    if (
      !outcome.ok &&
      outcome.reason === 'SEAT_TAKEN' &&
      card &&
      (await this.sales.reservationOfCart(cartIdentifier))
    ) {
      return { ok: false, reason: 'DUPLICATE_CART' };
    }
    return outcome;
  }

  /**
   * Refunds a charge that paid for nothing: refund_pending is recorded first, so a
   * failed refund is never lost (the recovery job retries it). True when refunded.
   */
  async giveBack(
    card: Pick<ApprovedCard, 'paymentId' | 'providerReference' | 'amountAgorot'>,
    reason: string,
    markRefunded?: (paymentId: string) => Promise<void>,
  ): Promise<boolean> {
    await this.sales.markRefundPending(card.paymentId, card.providerReference, reason);
    return this.refundPending(card, reason, markRefunded);
  }

  /** The provider call of a refund already recorded refund_pending; `markRefunded` records success (default: the row only). */
  async refundPending(
    card: Pick<ApprovedCard, 'paymentId' | 'providerReference' | 'amountAgorot'>,
    reason: string,
    markRefunded: (paymentId: string) => Promise<void> = (id) => this.sales.markRefunded(id),
  ): Promise<boolean> {
    return this.attempts.refund(
      { providerReference: card.providerReference, amountAgorot: card.amountAgorot, reason },
      () => markRefunded(card.paymentId),
      card.paymentId,
    );
  }

  /** Another attempt on this cart sold it: our charge, if it is not that sale's, paid for nothing and goes back. */
  async settleDuplicate(card: ApprovedCard | null): Promise<void> {
    if (card && !(await this.sales.paymentIsSettled(card.paymentId))) await this.giveBack(card, 'DUPLICATE_CART');
  }

  /**
   * The card was charged but the sale cannot stand (a seat went to someone else,
   * a voucher or coupon ran out meanwhile): refund, close the cart with this
   * answer, and say so.
   */
  async refundOrder(
    outcome: Extract<SaleOutcome, { ok: false }>,
    card: ApprovedCard,
    cartId: string,
    locale: Locale,
  ): Promise<BookingError> {
    const code: BookingErrorCode = outcome.reason === 'SEAT_TAKEN' ? 'SEATS_LOST_REFUNDED' : 'ORDER_CHANGED_REFUNDED';
    const refunded = await this.giveBack(card, outcome.reason);
    const stored: StoredRefusal = {
      error: code,
      amountAgorot: card.amountAgorot,
      details: { refunded, amount: agorotToShekels(card.amountAgorot), reason: outcome.reason },
    };
    await this.carts.markRefunded(cartId, stored as unknown as Record<string, unknown>);
    return refusalOf(stored, locale);
  }

  /** The sale is durable; now the live seat map. A refusal here cannot undo the sale, so it is logged, not thrown. */
  async markSold(visitorId: string, seats: (SeatRef & { presentationId: number })[]): Promise<void> {
    const byPresentation = new Map<number, SeatRef[]>();
    for (const s of seats) byPresentation.set(s.presentationId, [...(byPresentation.get(s.presentationId) ?? []), s]);
    await Promise.all(
      [...byPresentation].map(([pid, list]) =>
        this.engine
          .markSold(pid, visitorId, list)
          .catch((err: unknown) =>
            this.logger.warn(
              { err, presentationId: pid, visitorId },
              'sold in PostgreSQL but the seat engine refused markSold; seats show as sold after a rebuild',
            ),
          ),
      ),
    );
  }
}

export function refusalOf(stored: StoredRefusal, locale: Locale): BookingError {
  return new BookingError(stored.error, { amount: formatShekels(stored.amountAgorot, locale) }, stored.details);
}

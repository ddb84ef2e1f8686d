import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { agorotToShekels } from '@hotline/shared';
import { CartRepository, SeatLockReader, type CartRow } from '../cart';
import { LOGGER } from '../common/logger';
import { enqueueMessages } from '../notifications';
import { InDoubt, MoneySubjects, PaymentRecoveryJob, RegisteredMoneySubject } from '../payment';
import { MoneyAttemptsRepository, SalesRepository, type MoneyAttemptRow } from '../reservations';
import { saleInputOf } from './commit.orchestrator';
import { OrdersRepository } from './orders.repository';
import type { SaleDraft } from './sale-draft';
import { SaleIdentity } from './sale-identity';
import { SettlementService, type ApprovedCard, type StoredRefusal } from './settlement.service';

type Resolved = InDoubt.Resolution<'sold' | 'refunded' | 'refund_pending' | 'closed' | 'later'>;

/**
 * The commit's cart as a subject of the one money_attempt recovery kind (payment/money-attempt-in-doubt.ts; docs/
 * booking.md, "Recovery"), what a node that died mid-commit leaves to the loop:
 *  - a charge still 'pending' after RECOVERY_IN_DOUBT_SECONDS is asked of the provider by the kind. No charge -> the
 *    attempt closes and the cart opens again. Charged -> the quoted sale is finished if the seats are still the
 *    buyer's (or free), otherwise the money goes back and the buyer is told (outbox);
 *  - a charge owed back ('refund_pending'): refunded again, with the loop's back-off, until the provider confirms;
 *    then the buyer is told, in the transaction that marks it refunded.
 * At least once and idempotent: the kind leases its claims under FOR UPDATE SKIP LOCKED, the provider's charge and
 * refund are idempotent per key, the sale is one statement guarded by unique indexes.
 */
@Injectable()
export class CartMoneySubject extends RegisteredMoneySubject {
  readonly subjectKind = 'cart' as const;
  private readonly inDoubtAfterSeconds: number;

  constructor(
    private readonly orders: OrdersRepository,
    private readonly money: MoneyAttemptsRepository,
    private readonly settlement: SettlementService,
    private readonly sales: SalesRepository,
    private readonly carts: CartRepository,
    private readonly locks: SeatLockReader,
    @Inject(LOGGER) private readonly logger: Logger,
    recovery: PaymentRecoveryJob,
    subjects: MoneySubjects,
  ) {
    super(subjects);
    this.inDoubtAfterSeconds = recovery.chargeCadence.inDoubtAfterSeconds;
  }

  /** A cart is never gone: its row outlives every attempt. */
  async gone(_attempt: MoneyAttemptRow): Promise<boolean> {
    return false;
  }

  /** The provider has no approved charge under the key: no money moved, the attempt is over, the cart open again. */
  async notCharged(a: MoneyAttemptRow, charge: InDoubt.NotApprovedStatus): Promise<Resolved> {
    const declined = charge.status === 'declined' || charge.status === 'insufficient_funds';
    await this.money.closeCartCharge(
      a.id,
      declined ? 'declined' : 'failed',
      declined ? charge.status : `no approved charge at the provider (${charge.status}; recovered)`,
      a.subjectId,
      this.inDoubtAfterSeconds,
    );
    return { result: 'closed' };
  }

  async charged(a: MoneyAttemptRow, charge: InDoubt.ApprovedStatus): Promise<Resolved> {
    const card: ApprovedCard = {
      paymentId: a.id,
      providerReference: charge.providerReference,
      instalments: charge.instalments,
      amountAgorot: charge.amountAgorot,
    };
    // The sale may have committed meanwhile: with this charge (done), or under another attempt of this cart
    // (then this charge paid for nothing and goes back).
    if (await this.sales.reservationOfCart(a.subjectId)) return this.duplicate(a, card);
    const cart = await this.carts.byIdentifier(a.subjectId);
    const draft = a.saleDraft as SaleDraft | null;
    if (!draft || !cart) return this.refund(a, card, 'NO_QUOTE', null);
    if (!(await this.orders.takeOverCart(cart.id, this.inDoubtAfterSeconds))) {
      const now = await this.carts.byIdentifier(a.subjectId);
      // A live attempt of the buyer holds the cart right now: it settles the same key itself, or we come back.
      if (now?.status === 'paying') return { result: 'later', again: true };
      return this.refund(a, card, 'CART_CLOSED', null);
    }
    return this.finishSale(a, draft, cart, card);
  }

  /** A charge owed back: asked again under the charge's reference; the buyer is told once it went through. */
  async refundOwed(a: MoneyAttemptRow): Promise<Resolved> {
    if (!a.providerReference) {
      this.logger.error({ attempt: a.id }, 'refund_pending without a provider reference: needs an operator');
      return { result: 'later', again: 3600 };
    }
    const card = { paymentId: a.id, providerReference: a.providerReference, amountAgorot: a.amountAgorot };
    const reason = a.error ?? 'refund retry';
    const notice = this.noticeOf(a, a.amountAgorot, reason);
    const ok = await this.settlement.refundPending(card, reason, (id) => this.refundedWithNotice(id, notice));
    return ok ? { result: 'refunded' } : { result: 'refund_pending', again: true };
  }

  /** The cart is ours again: sell the quoted seats if they are still the buyer's or free, else refund. */
  private async finishSale(a: MoneyAttemptRow, draft: SaleDraft, cart: CartRow, card: ApprovedCard): Promise<Resolved> {
    const byPresentation = new Map<number, SaleDraft['tickets']>();
    for (const t of draft.tickets)
      byPresentation.set(t.presentationId, [...(byPresentation.get(t.presentationId) ?? []), t]);
    const holds = (
      await Promise.all([...byPresentation].map(([pid, list]) => this.locks.holds(pid, cart.visitorId, list)))
    ).flat();
    if (holds.some((h) => h !== 'mine' && h !== 'mine-expired' && h !== 'free')) {
      return this.refund(a, card, 'SEAT_TAKEN', cart.id);
    }
    const ids = SaleIdentity.forDraft(draft);
    const order = { cartId: cart.id, cartIdentifier: a.subjectId, visitorId: cart.visitorId };
    const outcome = await this.settlement.writeSale(() => saleInputOf(draft, ids, order, card), ids, a.subjectId, card);
    if (outcome.ok) {
      await this.settlement.markSold(cart.visitorId, draft.tickets);
      this.logger.warn({ attempt: a.id, reservation: outcome.reservationId }, 'in-doubt commit recovered: sold');
      return { result: 'sold' };
    }
    if (outcome.reason === 'IN_DOUBT') throw outcome.error;
    if (outcome.reason === 'DUPLICATE_CART') return this.duplicate(a, card);
    return this.refund(a, card, outcome.reason, cart.id);
  }

  /** The cart's sale exists: if this charge paid for it, nothing to do; otherwise it goes back. */
  private async duplicate(a: MoneyAttemptRow, card: ApprovedCard): Promise<Resolved> {
    if (await this.sales.paymentIsSettled(a.id)) return { result: 'sold' };
    return this.refund(a, card, 'DUPLICATE_CART', null);
  }

  /** Money back, the cart closed with the answer a retry gets, and the buyer told once the provider confirms. */
  private async refund(
    a: MoneyAttemptRow,
    card: ApprovedCard,
    reason: string,
    cartId: string | null,
  ): Promise<Resolved> {
    const notice = this.noticeOf(a, card.amountAgorot, reason);
    const refunded = await this.settlement.giveBack(card, reason, (id) => this.refundedWithNotice(id, notice));
    if (cartId) {
      const stored: StoredRefusal = {
        error: reason === 'SEAT_TAKEN' ? 'SEATS_LOST_REFUNDED' : 'ORDER_CHANGED_REFUNDED',
        amountAgorot: card.amountAgorot,
        details: { refunded, amount: agorotToShekels(card.amountAgorot), reason },
      };
      await this.carts.markRefunded(cartId, stored as unknown as Record<string, unknown>);
    }
    this.logger.warn({ attempt: a.id, reason, refunded }, 'in-doubt commit recovered: refund');
    return refunded ? { result: 'refunded' } : { result: 'refund_pending', again: true };
  }

  /** The attempt refunded and the buyer's notice written in one transaction: the notice exists exactly once. */
  private refundedWithNotice(attemptId: string, notice: ReturnType<CartMoneySubject['noticeOf']>): Promise<void> {
    return this.money.refundedWith(attemptId, (tx) =>
      enqueueMessages(tx, { reservationId: null, template: 'payment-refunded', ...notice }),
    );
  }

  private noticeOf(a: MoneyAttemptRow, amountAgorot: number, reason: string) {
    const draft = a.saleDraft as SaleDraft | null;
    return {
      locale: draft?.locale ?? 'he',
      messages: draft?.messages ?? [],
      payload: { amountAgorot, cartIdentifier: a.subjectId, reason },
    };
  }
}

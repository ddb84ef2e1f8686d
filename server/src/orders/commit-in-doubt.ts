import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { agorotToShekels } from '@hotline/shared';
import { CartRepository, SeatLockReader } from '../cart';
import { LOGGER } from '../common/logger';
import { InDoubt, PaymentRecoveryJob } from '../payment';
import { SalesRepository } from '../reservations';
import { saleInputOf } from './commit.orchestrator';
import { OrdersRepository, type RecoveryCase } from './orders.repository';
import type { SaleDraft } from './sale-draft';
import { SaleIdentity } from './sale-identity';
import { SettlementService, type ApprovedCard, type StoredRefusal } from './settlement.service';

export type RecoveryResult = 'sold' | 'refunded' | 'refund_pending' | 'closed' | 'later';
type Resolved = InDoubt.Resolution<RecoveryResult>;

/**
 * The commit's in-doubt kind (`commit`), driven by the one recovery loop (payment/payment-recovery.job.ts) every
 * RECOVERY_INTERVAL_MS (docs/booking.md, "Recovery"):
 *  - a card payment still 'pending' after RECOVERY_IN_DOUBT_SECONDS: the loop asks the
 *    provider. No charge -> close it and reopen the cart. Charged -> finish the
 *    quoted sale if the seats are still the buyer's (or free), otherwise refund
 *    and tell the buyer (outbox);
 *  - a 'refund_pending' payment: refund again, with the loop's back-off, until
 *    the provider confirms; then tell the buyer.
 * At least once and idempotent: cases are claimed with a lease under FOR UPDATE
 * SKIP LOCKED, the provider's charge and refund are idempotent, the sale is one
 * statement guarded by unique indexes, and the notice is written with the
 * 'refunded' transition in one statement.
 */
@Injectable()
export class CommitInDoubt extends InDoubt.ChargeInDoubtKind<RecoveryCase, RecoveryResult> {
  readonly name = 'commit';

  constructor(
    private readonly orders: OrdersRepository,
    private readonly settlement: SettlementService,
    private readonly sales: SalesRepository,
    private readonly carts: CartRepository,
    private readonly locks: SeatLockReader,
    @Inject(LOGGER) private readonly logger: Logger,
    recovery: PaymentRecoveryJob,
  ) {
    super(recovery, orders);
  }

  /** A pending payment's charge is in doubt; a refund_pending one (or one that never got a key) is not. */
  override inDoubtCharge(c: RecoveryCase): string | null {
    return c.status === 'pending' ? c.idempotencyKey : null;
  }

  async settle(c: RecoveryCase): Promise<Resolved> {
    if (c.status === 'refund_pending') return this.retryRefund(c);
    await this.orders.closeWithoutCharge(c.paymentId, c.cartId, 'failed', 'no idempotency key', 0);
    return { result: 'closed' };
  }

  /** The provider has no approved charge under the key: no money moved, the attempt is over. */
  override async notCharged(c: RecoveryCase, charge: InDoubt.NotApprovedStatus): Promise<Resolved> {
    const declined = charge.status === 'declined' || charge.status === 'insufficient_funds';
    await this.orders.closeWithoutCharge(
      c.paymentId,
      c.cartId,
      declined ? 'declined' : 'failed',
      declined ? charge.status : `no approved charge at the provider (${charge.status}; recovered)`,
      this.inDoubtAfterSeconds,
    );
    return { result: 'closed' };
  }

  override async charged(c: RecoveryCase, charge: InDoubt.ApprovedStatus): Promise<Resolved> {
    const card: ApprovedCard = {
      paymentId: c.paymentId,
      providerReference: charge.providerReference,
      instalments: charge.instalments,
      amountAgorot: charge.amountAgorot,
    };
    this.logger.warn({ payment: c.paymentId, cart: c.cartIdentifier }, 'in-doubt commit: charged; finishing it');
    // The sale may have committed meanwhile: with this payment (done), or under another attempt of this cart
    // (then this charge paid for nothing and goes back).
    if (await this.sales.reservationOfCart(c.cartIdentifier)) return this.duplicate(c, card);
    if (!c.draft || !c.cartId || !c.visitorId) return this.refund(c, card, 'NO_QUOTE', null);
    if (!(await this.orders.takeOverCart(c.cartId, this.inDoubtAfterSeconds))) {
      const cart = await this.carts.byIdentifier(c.cartIdentifier);
      // A live attempt of the buyer holds the cart right now: it settles the same key itself, or we come back.
      if (cart?.status === 'paying') return { result: 'later', again: true };
      return this.refund(c, card, 'CART_CLOSED', null);
    }
    return this.finishSale(c as RecoveryCase & { draft: SaleDraft; cartId: string; visitorId: string }, card);
  }

  /** The cart is ours again: sell the quoted seats if they are still the buyer's or free, else refund. */
  private async finishSale(
    c: RecoveryCase & { draft: SaleDraft; cartId: string; visitorId: string },
    card: ApprovedCard,
  ): Promise<Resolved> {
    const draft = c.draft;
    const byPresentation = new Map<number, SaleDraft['tickets']>();
    for (const t of draft.tickets)
      byPresentation.set(t.presentationId, [...(byPresentation.get(t.presentationId) ?? []), t]);
    const holds = (
      await Promise.all([...byPresentation].map(([pid, list]) => this.locks.holds(pid, c.visitorId, list)))
    ).flat();
    if (holds.some((h) => h !== 'mine' && h !== 'mine-expired' && h !== 'free')) {
      return this.refund(c, card, 'SEAT_TAKEN', c.cartId);
    }
    const ids = SaleIdentity.forDraft(draft);
    const order = { cartId: c.cartId, cartIdentifier: c.cartIdentifier, visitorId: c.visitorId };
    const outcome = await this.settlement.writeSale(
      () => saleInputOf(draft, ids, order, card),
      ids,
      c.cartIdentifier,
      card,
    );
    if (outcome.ok) {
      await this.settlement.markSold(c.visitorId, draft.tickets);
      this.logger.warn({ payment: c.paymentId, reservation: outcome.reservationId }, 'in-doubt commit recovered: sold');
      return { result: 'sold' };
    }
    if (outcome.reason === 'IN_DOUBT') throw outcome.error;
    if (outcome.reason === 'DUPLICATE_CART') return this.duplicate(c, card);
    return this.refund(c, card, outcome.reason, c.cartId);
  }

  /** The cart's sale exists: if it is this payment's, nothing to do; otherwise this charge goes back. */
  private async duplicate(c: RecoveryCase, card: ApprovedCard): Promise<Resolved> {
    if (await this.sales.paymentIsSettled(c.paymentId)) return { result: 'sold' };
    return this.refund(c, card, 'DUPLICATE_CART', null);
  }

  /** Money back, the cart closed with the answer a retry gets, and the buyer told once the provider confirms. */
  private async refund(c: RecoveryCase, card: ApprovedCard, reason: string, cartId: string | null): Promise<Resolved> {
    const notice = this.noticeOf(c, card.amountAgorot, reason);
    const refunded = await this.settlement.giveBack(card, reason, (id) =>
      this.orders.markRefundedWithNotice(id, notice),
    );
    if (cartId) {
      const stored: StoredRefusal = {
        error: reason === 'SEAT_TAKEN' ? 'SEATS_LOST_REFUNDED' : 'ORDER_CHANGED_REFUNDED',
        amountAgorot: card.amountAgorot,
        details: { refunded, amount: agorotToShekels(card.amountAgorot), reason },
      };
      await this.carts.markRefunded(cartId, stored as unknown as Record<string, unknown>);
    }
    this.logger.warn({ payment: c.paymentId, reason, refunded }, 'in-doubt commit recovered: refund');
    return refunded ? { result: 'refunded' } : { result: 'refund_pending', again: true };
  }

  private async retryRefund(c: RecoveryCase): Promise<Resolved> {
    if (!c.providerReference) {
      this.logger.error({ payment: c.paymentId }, 'refund_pending without a provider reference: needs an operator');
      return { result: 'later', again: 3600 };
    }
    const card = { paymentId: c.paymentId, providerReference: c.providerReference, amountAgorot: c.amountAgorot };
    const reason = c.error ?? 'refund retry';
    const notice = this.noticeOf(c, c.amountAgorot, reason);
    const ok = await this.settlement.refundPending(card, reason, (id) =>
      this.orders.markRefundedWithNotice(id, notice),
    );
    return ok ? { result: 'refunded' } : { result: 'refund_pending', again: true };
  }

  private noticeOf(c: RecoveryCase, amountAgorot: number, reason: string) {
    return {
      locale: c.draft?.locale ?? 'he',
      messages: c.draft?.messages ?? [],
      payload: { amountAgorot, cartIdentifier: c.cartIdentifier, reason },
    };
  }
}

import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { agorotToShekels } from '@hotline/shared';
import { CartRepository } from '../cart/cart.repository';
import { SeatLockReader } from '../cart/seat-lock-reader';
import { LOGGER } from '../common/logger';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { PaymentProvider, type ChargeStatus } from '../payment/payment-provider.port';
import { SalesRepository } from '../reservations/sales.repository';
import { saleInputOf } from './commit.orchestrator';
import { OrdersRepository, type RecoveryCase } from './orders.repository';
import type { SaleDraft } from './sale-draft';
import { SaleIdentity } from './sale-identity';
import { SettlementService, type ApprovedCard, type StoredRefusal } from './settlement.service';
import { asSystem } from '../queue/admission-context';

/** How long a node keeps a claimed case before another node may take it (it died, or is very slow). */
const LEASE_SECONDS = 120;
const BATCH = 20;

export type RecoveryResult = 'sold' | 'refunded' | 'refund_pending' | 'closed' | 'later';

/**
 * Finishes what a dead (or failed) commit left behind, on every node, every
 * RECOVERY_INTERVAL_MS (docs/booking.md, "Recovery job"):
 *  - a card payment still 'pending' after RECOVERY_IN_DOUBT_SECONDS: ask the
 *    provider. No charge -> close it and reopen the cart. Charged -> finish the
 *    quoted sale if the seats are still the buyer's (or free), otherwise refund
 *    and tell the buyer (outbox);
 *  - a 'refund_pending' payment: refund again, with exponential back-off, until
 *    the provider confirms; then tell the buyer.
 * At least once and idempotent: cases are claimed with a lease under FOR UPDATE
 * SKIP LOCKED, the provider's charge and refund are idempotent, the sale is one
 * statement guarded by unique indexes, and the notice is written with the
 * 'refunded' transition in one statement.
 */
@Injectable()
export class RecoveryJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<RecoveryResult[]> | null = null;
  private stopped = false;

  constructor(
    private readonly orders: OrdersRepository,
    private readonly settlement: SettlementService,
    private readonly sales: SalesRepository,
    private readonly carts: CartRepository,
    private readonly locks: SeatLockReader,
    private readonly provider: PaymentProvider,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.RECOVERY_INTERVAL_MS > 0) this.schedule();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      void this.runOnce()
        .catch((err) => this.logger.warn({ err }, 'commit recovery pass failed; will retry'))
        .finally(() => this.schedule());
    }, this.config.RECOVERY_INTERVAL_MS);
    this.timer.unref();
  }

  /** One pass over everything due. Safe to call concurrently (one pass per node at a time; nodes skip each other's rows). */
  runOnce(): Promise<RecoveryResult[]> {
    if (this.running) return this.running;
    // The server's own work: the waiting room never refuses it (docs/waiting-room.md).
    this.running = asSystem('commit-recovery', () => this.pass()).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async pass(): Promise<RecoveryResult[]> {
    const results: RecoveryResult[] = [];
    for (;;) {
      const batch = await this.orders.claim(BATCH, this.config.RECOVERY_IN_DOUBT_SECONDS, LEASE_SECONDS);
      for (const c of batch) {
        results.push(
          await this.settle(c).catch(async (err: unknown) => {
            this.logger.error({ err, payment: c.paymentId }, 'commit recovery failed for a payment; will retry');
            await this.orders.retryLater(c.paymentId, this.backoff(c.attempts)).catch(() => undefined);
            return 'later' as const;
          }),
        );
      }
      if (batch.length < BATCH || this.stopped) return results;
    }
  }

  private backoff(attempts: number): number {
    return Math.min(3600, this.config.RECOVERY_RETRY_BASE_SECONDS * 2 ** Math.max(0, attempts - 1));
  }

  private async settle(c: RecoveryCase): Promise<RecoveryResult> {
    if (c.status === 'refund_pending') return this.retryRefund(c);
    if (!c.idempotencyKey) {
      await this.orders.closeWithoutCharge(c.paymentId, c.cartId, 'failed', 'no idempotency key', 0);
      return 'closed';
    }
    const charge: ChargeStatus = await this.provider.status(c.idempotencyKey);
    if (charge.status !== 'approved') return this.closeUncharged(c, charge);

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
    if (!(await this.orders.takeOverCart(c.cartId, this.config.RECOVERY_IN_DOUBT_SECONDS))) {
      const cart = await this.carts.byIdentifier(c.cartIdentifier);
      if (cart?.status === 'paying') {
        // A live attempt of the buyer holds the cart right now: it settles the same key itself, or we come back.
        await this.orders.retryLater(c.paymentId, this.backoff(c.attempts));
        return 'later';
      }
      return this.refund(c, card, 'CART_CLOSED', null);
    }
    return this.finishSale(c as RecoveryCase & { draft: SaleDraft; cartId: string; visitorId: string }, card);
  }

  /** The provider has no approved charge under the key: no money moved, the attempt is over. */
  private async closeUncharged(c: RecoveryCase, charge: ChargeStatus): Promise<RecoveryResult> {
    const declined = charge.status === 'declined' || charge.status === 'insufficient_funds';
    await this.orders.closeWithoutCharge(
      c.paymentId,
      c.cartId,
      declined ? 'declined' : 'failed',
      declined ? charge.status : `no approved charge at the provider (${charge.status}; recovered)`,
      this.config.RECOVERY_IN_DOUBT_SECONDS,
    );
    return 'closed';
  }

  /** The cart is ours again: sell the quoted seats if they are still the buyer's or free, else refund. */
  private async finishSale(
    c: RecoveryCase & { draft: SaleDraft; cartId: string; visitorId: string },
    card: ApprovedCard,
  ): Promise<RecoveryResult> {
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
      return 'sold';
    }
    if (outcome.reason === 'IN_DOUBT') throw outcome.error;
    if (outcome.reason === 'DUPLICATE_CART') return this.duplicate(c, card);
    return this.refund(c, card, outcome.reason, c.cartId);
  }

  /** The cart's sale exists: if it is this payment's, nothing to do; otherwise this charge goes back. */
  private async duplicate(c: RecoveryCase, card: ApprovedCard): Promise<RecoveryResult> {
    if (await this.sales.paymentIsSettled(c.paymentId)) return 'sold';
    return this.refund(c, card, 'DUPLICATE_CART', null);
  }

  /** Money back, the cart closed with the answer a retry gets, and the buyer told once the provider confirms. */
  private async refund(
    c: RecoveryCase,
    card: ApprovedCard,
    reason: string,
    cartId: string | null,
  ): Promise<RecoveryResult> {
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
    if (!refunded) await this.orders.retryLater(c.paymentId, this.backoff(c.attempts));
    this.logger.warn({ payment: c.paymentId, reason, refunded }, 'in-doubt commit recovered: refund');
    return refunded ? 'refunded' : 'refund_pending';
  }

  private async retryRefund(c: RecoveryCase): Promise<RecoveryResult> {
    if (!c.providerReference) {
      this.logger.error({ payment: c.paymentId }, 'refund_pending without a provider reference: needs an operator');
      await this.orders.retryLater(c.paymentId, 3600);
      return 'later';
    }
    const card = { paymentId: c.paymentId, providerReference: c.providerReference, amountAgorot: c.amountAgorot };
    const reason = c.error ?? 'refund retry';
    const notice = this.noticeOf(c, c.amountAgorot, reason);
    const ok = await this.settlement.refundPending(card, reason, (id) =>
      this.orders.markRefundedWithNotice(id, notice),
    );
    if (ok) return 'refunded';
    await this.orders.retryLater(c.paymentId, this.backoff(c.attempts));
    return 'refund_pending';
  }

  private noticeOf(c: RecoveryCase, amountAgorot: number, reason: string) {
    return {
      locale: c.draft?.locale ?? 'he',
      messages: c.draft?.messages ?? [],
      payload: { amountAgorot, cartIdentifier: c.cartIdentifier, reason },
    };
  }
}

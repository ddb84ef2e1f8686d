import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import type { EntityManager } from 'typeorm';
import {
  cancellationQuote,
  seatKey,
  type CancellationQuote,
  splitRefund,
  type CancellationQuoteResponse,
  type CancelReservationResponse,
  type PaidWith,
} from '@hotline/shared';
import { AppError } from '../common/app-error';
import { Clock } from '../common/clock';
import { LOGGER } from '../common/logger';
import { retryOnConflict } from '../common/transient-conflict';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { PaymentAttempts } from '../payment';
import { SeatEngineService } from '../seats';
import {
  CancellationRepository,
  type LockedReservation,
  type PaymentRow,
  type ReservationTicketRow,
} from './cancellation.repository';

export interface CancelRequest {
  itemsToCancel?: string[];
  refundToTransactionCredit: boolean;
}

/** What of an order's payments a venue's cancellation gives back: card and voucher (others stay with the box office). */
function refundableParts(payments: PaymentRow[]): PaidWith[] {
  return payments
    .filter((p): p is PaymentRow & { method: 'card' | 'voucher' } => p.method === 'card' || p.method === 'voucher')
    .map((p) => ({ paymentId: p.id, method: p.method, paidAgorot: p.amountAgorot, refundedAgorot: p.refundedAgorot }));
}

/** What of those payments has not been refunded yet. */
function stillPaidOf(paid: PaidWith[]): number {
  return paid.reduce((sum, p) => sum + Math.max(0, p.paidAgorot - p.refundedAgorot), 0);
}

/** What a cancellation does to an order, as both the quote and the confirmed cancellation answer it. */
function outcomeOf(
  r: LockedReservation,
  quote: Extract<CancellationQuote, { ok: true }>,
): CancellationQuoteResponse & CancelReservationResponse {
  return {
    ReservationIdentifier: r.identifier,
    CancelledTickets: quote.cancelled,
    ChargeAgorot: quote.chargeAgorot,
    RefundAgorot: quote.refundAgorot,
    RefundedTo: quote.parts.map((p) => ({ kind: p.kind, amountAgorot: p.amountAgorot })),
    ReservationState: quote.whole ? 'cancelled' : r.state,
  };
}

/**
 * Customer cancellation as a two-step state machine (docs/customers.md):
 *  1. one transaction, under the reservation's row lock: check ownership and the
 *     event's rules, cancel the tickets, record the cancellation ('refunding')
 *     with every part of the refund (voucher re-credit and store credit are done
 *     right there; card refunds are written 'pending' with an idempotency key);
 *  2. after the commit: free the seats in Redis (every watcher gets the change)
 *     and ask the provider for each pending card refund; then 'done'.
 * A crash between the two leaves a 'refunding' row that the recovery job
 * finishes; the provider refunds once per key, so nothing is paid back twice.
 * A second cancel of the same tickets finds nothing live: NOTHING_TO_CANCEL.
 */
@Injectable()
export class CancellationService {
  constructor(
    private readonly repo: CancellationRepository,
    private readonly seats: SeatEngineService,
    private readonly attempts: PaymentAttempts,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async cancel(customerId: number, identifier: string, q: CancelRequest): Promise<CancelReservationResponse> {
    if (!this.config.CUSTOMER_CANCELLATION_ENABLED) throw new AppError('PRSNT_NOT_FOUND');
    const planned = await this.stepOne(async (tx) => {
      const r = await this.repo.lockReservation(tx, identifier);
      // Someone else's order answers exactly like a missing one.
      if (!r || r.customerId !== customerId) throw new AppError('RESERVATION_NOT_FOUND');
      const { tickets, payments, quote } = await this.plan(tx, r, q);
      const chosen = tickets.filter((t) => quote.cancelled.includes(t.identifier));
      await this.repo.cancelTickets(
        tx,
        chosen.map((t) => t.id),
        r.id,
        quote.whole,
      );
      const cancellationId = await this.repo.createCancellation(tx, {
        reservationId: r.id,
        customerId,
        ticketIds: chosen.map((t) => t.id),
        seatKeys: chosen.map((t) => ({ presentationId: t.presentationId, key: seatKey(t.sectionId, t.x, t.y) })),
        chargeAgorot: quote.chargeAgorot,
        refundAgorot: quote.refundAgorot,
        toCredit: q.refundToTransactionCredit,
      });
      await this.repo.recordRefunds(tx, cancellationId, customerId, quote.parts, payments);
      return {
        cancellationId,
        response: outcomeOf(r, quote) satisfies CancelReservationResponse,
      };
    });
    await this.finish(planned.cancellationId).catch((err) =>
      this.logger.warn({ err, cancellation: planned.cancellationId }, 'cancellation left for the recovery job'),
    );
    return planned.response;
  }

  /**
   * Step 1's transaction, run again when PostgreSQL rolled it back for a deadlock, serialization failure or lock
   * timeout (decision 048): everything step 1 does is in that transaction (the store credit's voucher, the refunds
   * owed, the buyer's notice of a cancelled date), so the rollback left nothing and a second run is the only one. The
   * provider and Redis are called only after the commit, in step 2, never in here.
   */
  private stepOne<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return retryOnConflict(
      () => this.repo.transaction(work),
      (conflict, attempt) =>
        this.logger.warn({ conflict, attempt }, 'cancellation rolled back by a conflict: retrying'),
    );
  }

  /**
   * The read-only cancellation quote (GET /reservations/{id}/cancellation-quote): what `cancel` with the same
   * request would do now - the tickets, the charge kept, the refund and where each part goes - or the refusal it
   * would answer. Same facts, same pure rule (`cancellationQuote`), no lock and no write: the dialog shows the exact
   * amounts before the buyer confirms, and the confirmed cancellation cannot come out differently unless the order
   * or the event's terms changed in between.
   */
  async quote(customerId: number, identifier: string, q: CancelRequest): Promise<CancellationQuoteResponse> {
    if (!this.config.CUSTOMER_CANCELLATION_ENABLED) throw new AppError('PRSNT_NOT_FOUND');
    return this.repo.transaction(async (tx) => {
      const r = await this.repo.findReservation(tx, identifier);
      if (!r || r.customerId !== customerId) throw new AppError('RESERVATION_NOT_FOUND');
      const { quote } = await this.plan(tx, r, q);
      return outcomeOf(r, quote);
    });
  }

  /** Reads the facts of a customer's cancellation and applies the rule; a refusal is thrown as its error. */
  private async plan(tx: EntityManager, r: LockedReservation, q: CancelRequest) {
    const tickets = await this.repo.tickets(tx, r.id);
    const terms = await this.repo.policies(tx, [...new Set(tickets.map((t) => t.presentationId))]);
    const payments = await this.repo.payments(tx, r.id);
    const quote = cancellationQuote({
      nowMs: this.clock.nowMs(),
      purchasedAtMs: new Date(r.createdAt).getTime(),
      reservationState: r.state,
      tickets: tickets.map((t) => ({
        identifier: t.identifier,
        presentationId: t.presentationId,
        valueAgorot: t.valueAgorot,
        status: t.status,
        eventStartsAtMs: new Date(t.eventAt).getTime(),
      })),
      itemsToCancel: q.itemsToCancel,
      terms: new Map([...terms].map(([id, p]) => [id, { ...p, charge: { type: p.chargeType, value: p.chargeValue } }])),
      payments: payments.map((p) => ({
        paymentId: p.id,
        method: p.method,
        amountAgorot: p.amountAgorot,
        refundedAgorot: p.refundedAgorot,
        instalments: p.instalments,
      })),
      refundToTransactionCredit: q.refundToTransactionCredit,
    });
    if (!quote.ok) throw new AppError(quote.refusal);
    return { tickets, payments, quote };
  }

  /**
   * Producer cancellation (back office, permission 268; the caller checks business scope first): the same two steps
   * and recovery job, without the customer's ownership and the event's customer-cancellation rules. Every live ticket
   * of the order is cancelled and everything still paid goes back to where it came from (card through the provider,
   * vouchers re-credited), with no charge. `isHoldRes` must match the order (a hold has nothing to refund). A replay
   * finds nothing live and refuses with NOTHING_TO_CANCEL: nothing is refunded twice.
   */
  async producerCancel(
    identifier: string,
    isHoldRes: boolean,
  ): Promise<{ cancellationId: string; tickets: number; refundAgorot: number }> {
    const planned = await this.stepOne(async (tx) => {
      const r = await this.repo.lockReservation(tx, identifier);
      if (!r) throw new AppError('RESERVATION_NOT_FOUND');
      if (r.state !== 'paid' && r.state !== 'hold') throw new AppError('NOTHING_TO_CANCEL');
      if (isHoldRes !== (r.state === 'hold'))
        throw new AppError(isHoldRes ? 'RESERVATION_NOT_ON_HOLD' : 'RESERVATION_ON_HOLD');
      const chosen = (await this.repo.tickets(tx, r.id)).filter((t) => t.status === 'live');
      if (chosen.length === 0) throw new AppError('NOTHING_TO_CANCEL');
      const payments = await this.repo.payments(tx, r.id);
      // Everything still paid by card or voucher goes back; other means (none are taken online) stay with the box office.
      const refund = stillPaidOf(refundableParts(payments));
      const cancellationId = await this.cancelInFull(tx, r, chosen, true, refund, payments);
      return { cancellationId, tickets: chosen.length, refundAgorot: refund };
    });
    await this.finish(planned.cancellationId).catch((err) =>
      this.logger.warn({ err, cancellation: planned.cancellationId }, 'cancellation left for the recovery job'),
    );
    return planned;
  }

  /**
   * A cancelled date's orders, a group at a time (the event-cancellations job): their tickets for the date cancelled
   * and their full value refunded, the buyer's message in the same transaction (`alsoInTransaction`). The group at once: their rows locked in id order, and the first step's reads and
   * writes done for the whole group in one transaction (each order still gets its own cancellation, its refund
   * recorded per payment with its own idempotency key, and its message); then each order's step 2, one payment
   * attempt per charge as before. A group's first step commits whole or not at all, so a process that dies leaves
   * either nothing of the group done or every order of it cancelled with its refunds pending, which step 2 or the
   * recovery loop finishes once each.
   */
  async cancelGroupForEvent(
    identifiers: string[],
    presentationId: number,
    alsoInTransaction: (
      tx: EntityManager,
      identifier: string,
      done: { reservationId: string; refundAgorot: number; tickets: number },
    ) => Promise<void>,
    afterFirstStep: () => void = () => undefined,
  ): Promise<{ identifier: string; cancellationId: string; refundAgorot: number }[]> {
    const planned = await this.stepOne(async (tx) => {
      const open = (await this.repo.lockReservations(tx, identifiers)).filter(
        (r) => r.state === 'paid' || r.state === 'hold',
      );
      const ids = open.map((r) => r.id);
      const tickets = ids.length ? await this.repo.ticketsOf(tx, ids) : [];
      const payments = ids.length ? await this.repo.paymentsOf(tx, ids) : [];
      const plans = open.flatMap((r) => {
        const live = tickets.filter((t) => t.reservationId === r.id && t.status === 'live');
        const chosen = live.filter((t) => t.presentationId === presentationId);
        if (chosen.length === 0) return [];
        const paid = payments.filter((p) => p.reservationId === r.id);
        const stillPaid = stillPaidOf(refundableParts(paid));
        const value = chosen.reduce((sum, t) => sum + t.valueAgorot, 0);
        const whole = chosen.length === live.length;
        // A hold has nothing paid: its tickets are released, nothing is refunded.
        return [{ r, chosen, whole, payments: paid, refund: whole ? stillPaid : Math.min(stillPaid, value) }];
      });
      await this.repo.cancelTicketsOfGroup(
        tx,
        plans.flatMap((p) => p.chosen.map((t) => t.id)),
        plans.filter((p) => p.whole).map((p) => p.r.id),
      );
      const done: { identifier: string; cancellationId: string; refundAgorot: number }[] = [];
      for (const p of plans) {
        const cancellationId = await this.recordCancellation(tx, p.r, p.chosen, p.refund, p.payments);
        await alsoInTransaction(tx, p.r.identifier, {
          reservationId: p.r.id,
          refundAgorot: p.refund,
          tickets: p.chosen.length,
        });
        done.push({ identifier: p.r.identifier, cancellationId, refundAgorot: p.refund });
      }
      return done;
    });
    if (planned.length === 0) return [];
    afterFirstStep();
    await this.finishAll(
      planned.map((p) => p.cancellationId),
      true,
    ).catch((err) => this.logger.warn({ err }, "a cancelled date's group left for the recovery job"));
    return planned;
  }

  /**
   * Step 1 of a venue's cancellation (the producer's, a cancelled date's): the tickets cancelled with no charge and
   * `refund` recorded, split over what was paid by card and voucher (card parts pending for step 2).
   */
  private async cancelInFull(
    tx: EntityManager,
    r: LockedReservation,
    chosen: ReservationTicketRow[],
    whole: boolean,
    refund: number,
    payments: PaymentRow[],
  ): Promise<string> {
    await this.repo.cancelTickets(
      tx,
      chosen.map((t) => t.id),
      r.id,
      whole,
    );
    return this.recordCancellation(tx, r, chosen, refund, payments);
  }

  /** A venue's cancellation of these tickets recorded with its refund split over what was paid (step 1's record). */
  private async recordCancellation(
    tx: EntityManager,
    r: LockedReservation,
    chosen: ReservationTicketRow[],
    refund: number,
    payments: PaymentRow[],
  ): Promise<string> {
    const cancellationId = await this.repo.createCancellation(tx, {
      reservationId: r.id,
      customerId: null,
      ticketIds: chosen.map((t) => t.id),
      seatKeys: chosen.map((t) => ({ presentationId: t.presentationId, key: seatKey(t.sectionId, t.x, t.y) })),
      chargeAgorot: 0,
      refundAgorot: refund,
      toCredit: false,
    });
    const parts = splitRefund(refund, refundableParts(payments), false);
    await this.repo.recordRefunds(tx, cancellationId, r.customerId, parts, payments);
    return cancellationId;
  }

  /**
   * Step 2, idempotent: free the seats, make the card refunds (`refunds`: the request that cancelled; the recovery
   * loop retries them through the one money-attempt kind instead), close the cancellation.
   */
  async finish(cancellationId: string, refunds = true): Promise<void> {
    await this.finishAll([cancellationId], refunds);
  }

  /**
   * Step 2 for several cancellations at once (a cancelled date's group): their seats freed with one read and one
   * mark, then each pending card refund through the one payment attempt, one per charge (a refund that throws is
   * left pending for the recovery loop; the others go on), then those with nothing pending closed.
   */
  private async finishAll(ids: string[], refunds: boolean): Promise<void> {
    const unreleased = (await this.repo.cancellations(ids)).filter((c) => !c.seatsReleased);
    if (unreleased.length) {
      const byShow = new Map<number, string[]>();
      for (const c of unreleased)
        for (const s of c.seatKeys) byShow.set(s.presentationId, [...(byShow.get(s.presentationId) ?? []), s.key]);
      for (const [presentationId, keys] of byShow) {
        const free = await this.repo.stillFree(presentationId, keys);
        // Not initialised in Redis: nothing to do, the next rebuild reads PostgreSQL where the tickets are cancelled.
        if (free.length) await this.seats.releaseSold(presentationId, free);
      }
      await this.repo.markSeatsReleased(unreleased.map((c) => c.id));
    }
    for (const refund of refunds ? await this.repo.openCardRefunds(ids) : []) {
      try {
        const result = await this.attempts.refundOnce({
          providerReference: refund.providerReference,
          amountAgorot: refund.amountAgorot,
          reason: `customer cancellation ${refund.cancellationId}`,
          idempotencyKey: refund.idempotencyKey,
        });
        if (result.status === 'refunded') {
          await this.repo.settleRefund(refund.id, 'done', null);
        } else {
          // A definite refusal needs a person (the box office sees it); it is not retried forever.
          this.logger.error(
            { cancellation: refund.cancellationId, refund: refund.id, reason: result.reason },
            'card refund refused',
          );
          await this.repo.settleRefund(refund.id, 'failed', result.reason.slice(0, 500));
        }
      } catch (err) {
        if (ids.length === 1) throw err;
        this.logger.warn({ err, cancellation: refund.cancellationId }, 'cancellation left for the recovery job');
      }
    }
    await this.repo.completeIfSettled(ids);
  }
}

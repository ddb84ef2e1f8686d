import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import {
  cancellationCharge,
  cancellationRefusal,
  seatKey,
  splitRefund,
  type CancelReservationResponse,
  type PaidWith,
} from '@hotline/shared';
import { AppError } from '../common/app-error';
import { Clock } from '../common/clock';
import { LOGGER } from '../common/logger';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { PaymentAttempts } from '../payment';
import { SeatStore } from '../seats/seat-store.port';
import { CancellationRepository, type ReservationTicketRow } from './cancellation.repository';

export interface CancelRequest {
  itemsToCancel?: string[];
  refundToTransactionCredit: boolean;
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
    private readonly seats: SeatStore,
    private readonly attempts: PaymentAttempts,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async cancel(customerId: number, identifier: string, q: CancelRequest): Promise<CancelReservationResponse> {
    if (!this.config.CUSTOMER_CANCELLATION_ENABLED) throw new AppError('PRSNT_NOT_FOUND');
    const planned = await this.repo.transaction(async (tx) => {
      const r = await this.repo.lockReservation(tx, identifier);
      // Someone else's order answers exactly like a missing one.
      if (!r || r.customerId !== customerId) throw new AppError('RESERVATION_NOT_FOUND');
      const tickets = await this.repo.tickets(tx, r.id);
      const wanted = q.itemsToCancel?.length ? new Set(q.itemsToCancel) : null;
      if (wanted && [...wanted].some((w) => !tickets.some((t) => t.identifier === w))) {
        throw new AppError('NOTHING_TO_CANCEL');
      }
      const requested = wanted ? tickets.filter((t) => wanted.has(t.identifier)) : tickets;
      const chosen = requested.filter((t) => t.status === 'live');
      const remaining = tickets.filter((t) => t.status === 'live' && !chosen.includes(t));
      const policies = await this.repo.policies(tx, [...new Set(requested.map((t) => t.presentationId))]);
      const payments = await this.repo.payments(tx, r.id);
      const card = payments.find((p) => p.method === 'card');

      const groups = new Map<number, ReservationTicketRow[]>();
      for (const t of chosen) groups.set(t.presentationId, [...(groups.get(t.presentationId) ?? []), t]);
      const checks = groups.size ? [...groups.entries()] : [[requested[0]?.presentationId ?? 0, []] as const];
      let charge = 0;
      for (const [presentationId, group] of checks) {
        const policy = policies.get(presentationId) ?? null;
        const refusal = cancellationRefusal(policy, {
          nowMs: this.clock.nowMs(),
          eventStartsAtMs: new Date(group[0]?.eventAt ?? 0).getTime(),
          purchasedAtMs: new Date(r.createdAt).getTime(),
          liveTicketsChosen: group.length,
          partial: remaining.length > 0,
          reservationState: r.state,
          paymentMethods: payments.map((p) => p.method),
          cardInstalments: card?.instalments ?? 1,
          refundToTransactionCredit: q.refundToTransactionCredit,
        });
        if (refusal) throw new AppError(refusal);
        charge += cancellationCharge(
          { type: policy!.chargeType, value: policy!.chargeValue },
          group.map((t) => t.valueAgorot),
        );
      }

      const paidLeft = payments.reduce((s, p) => s + Math.max(0, p.amountAgorot - p.refundedAgorot), 0);
      // The last tickets of an order take everything still paid (order-level fees included).
      const gross = remaining.length === 0 ? paidLeft : chosen.reduce((s, t) => s + t.valueAgorot, 0);
      const refund = Math.max(0, Math.min(gross - charge, paidLeft));
      const paid: PaidWith[] = payments
        .filter((p): p is typeof p & { method: 'card' | 'voucher' } => p.method === 'card' || p.method === 'voucher')
        .map((p) => ({
          paymentId: p.id,
          method: p.method,
          paidAgorot: p.amountAgorot,
          refundedAgorot: p.refundedAgorot,
        }));
      const parts = splitRefund(refund, paid, q.refundToTransactionCredit);

      await this.repo.cancelTickets(
        tx,
        chosen.map((t) => t.id),
        r.id,
        remaining.length === 0,
      );
      const cancellationId = await this.repo.createCancellation(tx, {
        reservationId: r.id,
        customerId,
        ticketIds: chosen.map((t) => t.id),
        seatKeys: chosen.map((t) => ({ presentationId: t.presentationId, key: seatKey(t.sectionId, t.x, t.y) })),
        chargeAgorot: charge,
        refundAgorot: refund,
        toCredit: q.refundToTransactionCredit,
      });
      await this.repo.recordRefunds(tx, cancellationId, customerId, parts, payments);
      return {
        cancellationId,
        response: {
          ReservationIdentifier: r.identifier,
          CancelledTickets: chosen.map((t) => t.identifier),
          ChargeAgorot: charge,
          RefundAgorot: refund,
          RefundedTo: parts.map((p) => ({ kind: p.kind, amountAgorot: p.amountAgorot })),
          ReservationState: remaining.length === 0 ? 'cancelled' : r.state,
        } satisfies CancelReservationResponse,
      };
    });
    await this.finish(planned.cancellationId).catch((err) =>
      this.logger.warn({ err, cancellation: planned.cancellationId }, 'cancellation left for the recovery job'),
    );
    return planned.response;
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
    const planned = await this.repo.transaction(async (tx) => {
      const r = await this.repo.lockReservation(tx, identifier);
      if (!r) throw new AppError('RESERVATION_NOT_FOUND');
      if (r.state !== 'paid' && r.state !== 'hold') throw new AppError('NOTHING_TO_CANCEL');
      if (isHoldRes !== (r.state === 'hold'))
        throw new AppError(isHoldRes ? 'RESERVATION_NOT_ON_HOLD' : 'RESERVATION_ON_HOLD');
      const chosen = (await this.repo.tickets(tx, r.id)).filter((t) => t.status === 'live');
      if (chosen.length === 0) throw new AppError('NOTHING_TO_CANCEL');
      const payments = await this.repo.payments(tx, r.id);
      const paid: PaidWith[] = payments
        .filter((p): p is typeof p & { method: 'card' | 'voucher' } => p.method === 'card' || p.method === 'voucher')
        .map((p) => ({
          paymentId: p.id,
          method: p.method,
          paidAgorot: p.amountAgorot,
          refundedAgorot: p.refundedAgorot,
        }));
      // Everything still paid by card or voucher goes back; other means (none are taken online) stay with the box office.
      const refund = paid.reduce((s, p) => s + Math.max(0, p.paidAgorot - p.refundedAgorot), 0);
      const parts = splitRefund(refund, paid, false);
      await this.repo.cancelTickets(
        tx,
        chosen.map((t) => t.id),
        r.id,
        true,
      );
      const cancellationId = await this.repo.createCancellation(tx, {
        reservationId: r.id,
        customerId: null,
        ticketIds: chosen.map((t) => t.id),
        seatKeys: chosen.map((t) => ({ presentationId: t.presentationId, key: seatKey(t.sectionId, t.x, t.y) })),
        chargeAgorot: 0,
        refundAgorot: refund,
        toCredit: false,
      });
      await this.repo.recordRefunds(tx, cancellationId, r.customerId, parts, payments);
      return { cancellationId, tickets: chosen.length, refundAgorot: refund };
    });
    await this.finish(planned.cancellationId).catch((err) =>
      this.logger.warn({ err, cancellation: planned.cancellationId }, 'cancellation left for the recovery job'),
    );
    return planned;
  }

  /** Step 2, idempotent: free the seats, make the card refunds, close the cancellation. */
  async finish(cancellationId: string): Promise<void> {
    const c = await this.repo.cancellation(cancellationId);
    if (!c) return;
    if (!c.seatsReleased) {
      const byShow = new Map<number, string[]>();
      for (const s of c.seatKeys) byShow.set(s.presentationId, [...(byShow.get(s.presentationId) ?? []), s.key]);
      for (const [presentationId, keys] of byShow) {
        const free = await this.repo.stillFree(presentationId, keys);
        // Not initialised in Redis: nothing to do, the next rebuild reads PostgreSQL where the tickets are cancelled.
        if (free.length) await this.seats.releaseSold(presentationId, free);
      }
      await this.repo.markSeatsReleased(cancellationId);
    }
    for (const refund of await this.repo.openCardRefunds(cancellationId)) {
      const result = await this.attempts.refundOnce({
        providerReference: refund.providerReference,
        amountAgorot: refund.amountAgorot,
        reason: `customer cancellation ${cancellationId}`,
        idempotencyKey: refund.idempotencyKey,
      });
      if (result.status === 'refunded') {
        await this.repo.settleRefund(refund.id, 'done', null);
      } else {
        // A definite refusal needs a person (the box office sees it); it is not retried forever.
        this.logger.error(
          { cancellation: cancellationId, refund: refund.id, reason: result.reason },
          'card refund refused',
        );
        await this.repo.settleRefund(refund.id, 'failed', result.reason.slice(0, 500));
      }
    }
    await this.repo.completeIfSettled(cancellationId);
  }
}

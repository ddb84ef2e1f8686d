import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { splitRefund, type PaidWith } from '@hotline/shared';
import { DataSource, type EntityManager } from 'typeorm';
import { CancellationRepository, CancellationService } from '../cancellations';
import { AppError } from '../common/app-error';
import { LOGGER } from '../common/logger';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { ReservationRowsRepository } from '../reservations';

interface VoucherLockRow {
  id: string;
  reference: string;
  active: boolean;
  initialAgorot: number;
  balanceAgorot: number;
  isForReplacement: boolean;
  isCredit: boolean;
  /** The order that bought it, and what was paid for it; null for store credit and demo vouchers. */
  reservationIdentifier: string | null;
  pricePaidAgorot: number | null;
}

export interface VoucherCancelResponse {
  success: true;
  Reference: string;
  /** What goes back to the buyer (shekels in agorot), the way the order was paid. 0 for a voucher nobody paid for. */
  RefundAgorot: number;
}

/**
 * The customer's own system vouchers: cancel (an unused voucher is withdrawn and,
 * if it was bought, its price goes back the way it was paid) or turn into a
 * replacement voucher with new dates (memberships-backoffice-spec.md sections 4
 * and 8). "Own": given to the customer (store credit) or bought in one of their
 * orders. Someone else's voucher answers exactly like a missing one. Store credit
 * from cancellations (CR...) is not cashed out.
 */
@Injectable()
export class SystemVouchersService {
  constructor(
    private readonly db: DataSource,
    private readonly cancellations: CancellationRepository,
    private readonly cancelFlow: CancellationService,
    private readonly reservations: ReservationRowsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  private async lockOwn(tx: EntityManager, customerId: number, reference: string): Promise<VoucherLockRow> {
    const rows: VoucherLockRow[] = await tx.query(
      `SELECT v.id::text AS id, v.reference, v.active, v.initial_agorot AS "initialAgorot",
              v.balance_agorot AS "balanceAgorot", v.is_for_replacement AS "isForReplacement",
              v.reference LIKE 'CR%' AS "isCredit", r.identifier AS "reservationIdentifier",
              p.price_agorot AS "pricePaidAgorot"
         FROM system_voucher v
         LEFT JOIN reservation r ON r.id = v.reservation_id
         LEFT JOIN system_voucher_price p ON p.id = v.price_id
        WHERE lower(v.reference) = lower($1) AND (v.customer_id = $2 OR r.customer_id = $2)
        FOR UPDATE OF v`,
      [reference, customerId],
    );
    const v = rows[0];
    if (!v) throw new AppError('SYSTEM_VOUCHER_NOT_FOUND');
    if (!v.active) throw new AppError('SYSTEM_VOUCHER_NOT_ACTIVE');
    return v;
  }

  async cancel(customerId: number, reference: string): Promise<VoucherCancelResponse> {
    const done = await this.db.transaction(async (tx) => {
      const v = await this.lockOwn(tx, customerId, reference);
      if (v.isCredit) throw new AppError('VOUCHER_CANCELLATION_NOT_ALLOWED');
      if (v.balanceAgorot < v.initialAgorot) throw new AppError('SYSTEM_VOUCHER_PARTIAL_REDEMPTION_NOT_ALLOWED');
      await tx.query(
        `WITH u AS (UPDATE system_voucher SET active = false, cancelled_at = now() WHERE id = $1 RETURNING id, balance_agorot)
         INSERT INTO system_voucher_event (system_voucher_id, kind, amount_agorot, balance_after_agorot, reservation_id)
         SELECT u.id, 'cancel', 0, u.balance_agorot, (SELECT reservation_id FROM system_voucher WHERE id = $1) FROM u`,
        [v.id],
      );
      const planned = v.reservationIdentifier ? await this.planRefund(tx, customerId, v) : null;
      return { v, cancellationId: planned?.cancellationId ?? null, refund: planned?.refund ?? 0 };
    });
    if (done.cancellationId) {
      // Same second step as a ticket cancellation; a crash leaves it to the recovery loop's cancellation kind.
      await this.cancelFlow
        .finish(done.cancellationId)
        .catch((err) =>
          this.logger.warn({ err, cancellation: done.cancellationId }, 'voucher refund left for the recovery job'),
        );
    }
    return { success: true as const, Reference: done.v.reference, RefundAgorot: done.refund };
  }

  /**
   * The voucher's price goes back through the cancellation state machine (docs/customers.md): a cancellation of the
   * buying order with no tickets, its refund split over how the order was paid (vouchers first, then the card).
   */
  private async planRefund(
    tx: EntityManager,
    customerId: number,
    v: VoucherLockRow,
  ): Promise<{ cancellationId: string; refund: number } | null> {
    const r = await this.cancellations.lockReservation(tx, v.reservationIdentifier!);
    if (!r) return null;
    const payments = await this.cancellations.payments(tx, r.id);
    const paid: PaidWith[] = payments
      .filter((p): p is typeof p & { method: 'card' | 'voucher' } => p.method === 'card' || p.method === 'voucher')
      .map((p) => ({
        paymentId: p.id,
        method: p.method,
        paidAgorot: p.amountAgorot,
        refundedAgorot: p.refundedAgorot,
      }));
    const paidLeft = paid.reduce((s, p) => s + Math.max(0, p.paidAgorot - p.refundedAgorot), 0);
    const refund = Math.min(v.pricePaidAgorot ?? 0, paidLeft);
    if (refund === 0) return null;
    const cancellationId = await this.cancellations.createCancellation(tx, {
      reservationId: r.id,
      customerId,
      ticketIds: [],
      seatKeys: [],
      chargeAgorot: 0,
      refundAgorot: refund,
      toCredit: false,
    });
    await this.cancellations.recordRefunds(tx, cancellationId, customerId, splitRefund(refund, paid, false), payments);
    // The order is cancelled once nothing it bought is left.
    await this.reservations.cancelIfNothingLeft(tx, r.id);
    return { cancellationId, refund };
  }

  replace(
    customerId: number,
    reference: string,
  ): Promise<{ IsForReplacement: true; StartDate: string; EndDate: string; DateTimeCreated: string }> {
    return this.db.transaction(async (tx) => {
      const v = await this.lockOwn(tx, customerId, reference);
      if (v.isForReplacement) throw new AppError('SYSTEM_VOUCHER_ALREADY_FOR_REPLACEMENT');
      const [row] = await tx.query(
        // Wrapped in a SELECT: TypeORM answers a bare UPDATE ... RETURNING with [rows, count].
        `WITH u AS (
           UPDATE system_voucher SET is_for_replacement = true, replaced_at = now(), starts_at = now(),
                  expires_at = now() + make_interval(days => $2::int)
            WHERE id = $1 RETURNING id, balance_agorot, reservation_id, now() AS start, expires_at AS "end", created_at AS created),
         e AS (
           INSERT INTO system_voucher_event (system_voucher_id, kind, amount_agorot, balance_after_agorot, reservation_id)
           SELECT id, 'replacement', 0, balance_agorot, reservation_id FROM u)
         SELECT start, "end", created FROM u`,
        [v.id, this.config.CUSTOMER_REPLACEMENT_VOUCHER_DAYS],
      );
      return {
        IsForReplacement: true as const,
        StartDate: new Date(row.start).toISOString(),
        EndDate: new Date(row.end).toISOString(),
        DateTimeCreated: new Date(row.created).toISOString(),
      };
    });
  }
}

import { Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { CancellationChargeType, CancellationPolicy, RefundPart } from '@hotline/shared';
import { MoneyAttemptsRepository, ReservationRowsRepository, SaleParticipants } from '../reservations';
import { DataSource, type EntityManager } from 'typeorm';

export interface LockedReservation {
  id: string;
  identifier: string;
  state: string;
  customerId: number | null;
  createdAt: Date;
}

export interface ReservationTicketRow {
  id: string;
  identifier: string;
  presentationId: number;
  sectionId: number;
  x: number;
  y: number;
  valueAgorot: number;
  status: 'live' | 'cancelled';
  eventAt: Date;
}

export interface EventPolicy extends CancellationPolicy {
  presentationId: number;
  chargeType: CancellationChargeType;
  chargeValue: number;
}

export interface PaymentRow {
  id: string;
  method: string;
  provider: string;
  amountAgorot: number;
  providerReference: string | null;
  instalments: number;
  systemVoucherId: string | null;
  refundedAgorot: number;
}

export interface OpenRefund {
  id: string;
  paymentId: string;
  amountAgorot: number;
  idempotencyKey: string;
  providerReference: string;
}

/**
 * Cancellations: ticket state, refunds owed and made, store credit. Only this adapter touches their tables; the
 * refunds are money attempts (subject 'cancellation'), written through the reservations context's one writer.
 */
/** TypeORM answers an UPDATE ... RETURNING with [rows, count]. */
function returnedRows<T>(result: unknown): T[] {
  const list = result as unknown[];
  return (Array.isArray(list[0]) ? list[0] : list) as T[];
}

@Injectable()
export class CancellationRepository {
  constructor(
    private readonly db: DataSource,
    private readonly participants: SaleParticipants,
    private readonly money: MoneyAttemptsRepository,
    private readonly reservations: ReservationRowsRepository,
  ) {}

  transaction<T>(fn: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  /** Locks the reservation row: concurrent cancels of one order run one after the other. */
  async lockReservation(tx: EntityManager, identifier: string): Promise<LockedReservation | null> {
    const rows = await tx.query(
      `SELECT id::text AS id, identifier, state, customer_id AS "customerId", created_at AS "createdAt"
         FROM reservation WHERE identifier = $1 FOR UPDATE`,
      [identifier],
    );
    return rows[0] ?? null;
  }

  /**
   * Several orders' rows locked at once, in id order (so two groups never wait on each other crosswise), with each
   * live-or-not ticket and approved payment read in one statement each: a group of a cancelled date's orders.
   */
  async lockReservations(tx: EntityManager, identifiers: string[]): Promise<LockedReservation[]> {
    return tx.query(
      `SELECT id::text AS id, identifier, state, customer_id AS "customerId", created_at AS "createdAt"
         FROM reservation WHERE identifier = ANY($1::text[]) ORDER BY id FOR UPDATE`,
      [identifiers],
    );
  }

  ticketsOf(
    tx: EntityManager,
    reservationIds: string[],
  ): Promise<(ReservationTicketRow & { reservationId: string })[]> {
    return tx.query(
      `SELECT rt.id::text AS id, rt.reservation_id::text AS "reservationId", rt.identifier,
              rt.presentation_id AS "presentationId", rt.section_id AS "sectionId", rt.x, rt.y,
              rt.amount_agorot + rt.service_charge_agorot AS "valueAgorot", rt.status, p.date_time AS "eventAt"
         FROM reservation_ticket rt JOIN presentation p ON p.id = rt.presentation_id
        WHERE rt.reservation_id = ANY($1::bigint[]) ORDER BY rt.id`,
      [reservationIds],
    );
  }

  paymentsOf(tx: EntityManager, reservationIds: string[]): Promise<(PaymentRow & { reservationId: string })[]> {
    return tx.query(
      `SELECT p.id::text AS id, p.reservation_id::text AS "reservationId", p.method, p.provider,
              p.amount_agorot AS "amountAgorot", p.provider_reference AS "providerReference", p.instalments,
              p.system_voucher_id::text AS "systemVoucherId",
              coalesce((SELECT sum(a.amount_agorot) FROM money_attempt a
                         WHERE a.payment_id = p.id AND a.kind = 'refund' AND a.state <> 'failed'), 0)::int AS "refundedAgorot"
         FROM payment p WHERE p.reservation_id = ANY($1::bigint[]) AND p.status IN ('approved', 'refunded')
        ORDER BY p.id`,
      [reservationIds],
    );
  }

  /**
   * A group's tickets leave 'live' in one statement, the orders left with nothing cancelled in one more, and the sale
   * participants give back what those tickets drew, once for the group (as cancelTickets does for one order).
   */
  async cancelTicketsOfGroup(tx: EntityManager, ticketIds: string[], wholeReservationIds: string[]): Promise<void> {
    const ended: { id: string }[] = returnedRows(
      await tx.query(
        `UPDATE reservation_ticket SET status = 'cancelled' WHERE id = ANY($1::bigint[]) AND status = 'live'
         RETURNING id::text AS id`,
        [ticketIds],
      ),
    );
    await this.reservations.cancelAll(tx, wholeReservationIds);
    await this.participants.giveBack(tx, {
      ticketIds: ended.map((t) => t.id),
      wholeReservationIds: ended.length ? wholeReservationIds : [],
    });
  }

  /** The same row without a lock: the read-only quote must not queue behind (or hold up) a cancellation. */
  async findReservation(tx: EntityManager, identifier: string): Promise<LockedReservation | null> {
    const rows = await tx.query(
      `SELECT id::text AS id, identifier, state, customer_id AS "customerId", created_at AS "createdAt"
         FROM reservation WHERE identifier = $1`,
      [identifier],
    );
    return rows[0] ?? null;
  }

  tickets(tx: EntityManager, reservationId: string): Promise<ReservationTicketRow[]> {
    return tx.query(
      `SELECT rt.id::text AS id, rt.identifier, rt.presentation_id AS "presentationId", rt.section_id AS "sectionId",
              rt.x, rt.y, rt.amount_agorot + rt.service_charge_agorot AS "valueAgorot", rt.status, p.date_time AS "eventAt"
         FROM reservation_ticket rt JOIN presentation p ON p.id = rt.presentation_id
        WHERE rt.reservation_id = $1 ORDER BY rt.id`,
      [reservationId],
    );
  }

  async policies(tx: EntityManager, presentationIds: number[]): Promise<Map<number, EventPolicy>> {
    const rows = await tx.query(
      `SELECT presentation_id AS "presentationId", customer_may_cancel AS "customerMayCancel",
              changes_locked AS "changesLocked", min_minutes_before_event AS "minMinutesBeforeEvent",
              max_days_after_purchase AS "maxDaysAfterPurchase", provider_refund_allowed AS "providerRefundAllowed",
              charge_type AS "chargeType", charge_value::float8 AS "chargeValue"
         FROM presentation_cancellation_policy WHERE presentation_id = ANY($1::int[])`,
      [presentationIds],
    );
    return new Map(rows.map((r: EventPolicy) => [r.presentationId, r]));
  }

  /** Approved payments of the order, with what earlier cancellations already gave back on each. */
  payments(tx: EntityManager, reservationId: string): Promise<PaymentRow[]> {
    return tx.query(
      `SELECT p.id::text AS id, p.method, p.provider, p.amount_agorot AS "amountAgorot",
              p.provider_reference AS "providerReference", p.instalments, p.system_voucher_id::text AS "systemVoucherId",
              coalesce((SELECT sum(a.amount_agorot) FROM money_attempt a
                         WHERE a.payment_id = p.id AND a.kind = 'refund' AND a.state <> 'failed'), 0)::int AS "refundedAgorot"
         FROM payment p WHERE p.reservation_id = $1 AND p.status IN ('approved', 'refunded') ORDER BY p.id`,
      [reservationId],
    );
  }

  /**
   * The tickets leave 'live' and every sale participant gives back what they drew (mini-site balances; member units
   * and the discount code's use when the whole order goes), in the cancellation's transaction: only the tickets this
   * statement moved count, so a replay gives nothing twice.
   */
  async cancelTickets(tx: EntityManager, ticketIds: string[], reservationId: string, whole: boolean): Promise<void> {
    const ended: { id: string }[] = returnedRows(
      await tx.query(
        `UPDATE reservation_ticket SET status = 'cancelled' WHERE id = ANY($1::bigint[]) AND status = 'live'
         RETURNING id::text AS id`,
        [ticketIds],
      ),
    );
    if (whole) await this.reservations.cancel(tx, reservationId);
    await this.participants.giveBack(tx, {
      ticketIds: ended.map((t) => t.id),
      wholeReservationIds: whole && ended.length ? [reservationId] : [],
    });
  }

  async createCancellation(
    tx: EntityManager,
    c: {
      reservationId: string;
      /** Null for a producer's cancellation (the audit log says which staff member). */
      customerId: number | null;
      ticketIds: string[];
      seatKeys: { presentationId: number; key: string }[];
      chargeAgorot: number;
      refundAgorot: number;
      toCredit: boolean;
    },
  ): Promise<string> {
    const [row] = await tx.query(
      `INSERT INTO cancellation (reservation_id, customer_id, ticket_ids, seat_keys, charge_agorot, refund_agorot, to_credit, state)
       VALUES ($1, $2, $3::bigint[], $4::jsonb, $5, $6, $7, 'refunding') RETURNING id::text AS id`,
      [
        c.reservationId,
        c.customerId,
        c.ticketIds,
        JSON.stringify(c.seatKeys),
        c.chargeAgorot,
        c.refundAgorot,
        c.toCredit,
      ],
    );
    return row.id;
  }

  /**
   * Records each part of the refund. Voucher re-credits and store credit happen
   * right here, in the cancellation's own transaction; card refunds are left
   * 'pending' for the provider call after the commit (with their idempotency key).
   */
  async recordRefunds(
    tx: EntityManager,
    cancellationId: string,
    customerId: number | null,
    parts: RefundPart[],
    payments: PaymentRow[],
  ): Promise<void> {
    for (const part of parts) {
      const key = `cancel-${cancellationId}-${part.paymentId ?? 'credit'}`;
      const refund = { subjectKind: 'cancellation' as const, subjectId: cancellationId, idempotencyKey: key };
      if (part.kind === 'card') {
        const paid = payments.find((p) => p.id === part.paymentId);
        await this.money.recordRefund(tx, {
          ...refund,
          method: 'card',
          amountAgorot: part.amountAgorot,
          provider: paid?.provider ?? 'card',
          providerKey: key,
          providerReference: paid?.providerReference ?? null,
          paymentId: part.paymentId ?? null,
          systemVoucherId: null,
          state: 'pending',
        });
      } else if (part.kind === 'voucher') {
        const voucherId = payments.find((p) => p.id === part.paymentId)?.systemVoucherId ?? null;
        if (voucherId) {
          // The re-credit and its ledger entry (the voucher's history) in one statement.
          await tx.query(
            `WITH u AS (
               UPDATE system_voucher SET balance_agorot = balance_agorot + $2 WHERE id = $1 RETURNING id, balance_agorot)
             INSERT INTO system_voucher_event (system_voucher_id, kind, amount_agorot, balance_after_agorot, reservation_id)
             SELECT u.id, 'recredit', $2, u.balance_agorot, (SELECT reservation_id FROM cancellation WHERE id = $3) FROM u`,
            [voucherId, part.amountAgorot, cancellationId],
          );
        }
        await this.money.recordRefund(tx, {
          ...refund,
          method: 'voucher',
          amountAgorot: part.amountAgorot,
          provider: 'system_voucher',
          providerKey: null,
          providerReference: null,
          paymentId: part.paymentId ?? null,
          systemVoucherId: voucherId,
          state: 'approved',
        });
      } else {
        // Store credit is a system voucher of the customer's, usable at checkout like any voucher.
        const reference = `CR${randomBytes(6).toString('hex').toUpperCase()}`;
        const [voucher] = await tx.query(
          `INSERT INTO system_voucher (reference, name, name_en, translations, initial_agorot, balance_agorot, customer_id, expires_at)
           VALUES ($1, 'זיכוי מביטול הזמנה', 'Credit from a cancelled order',
                   '{"ru":{"name":"Кредит за отменённый заказ"},"ar":{"name":"رصيد من طلب ملغى"}}'::jsonb,
                   $2, $2, $3, now() + interval '1 year')
           RETURNING id::text AS id`,
          [reference, part.amountAgorot, customerId],
        );
        await tx.query(
          `INSERT INTO system_voucher_event (system_voucher_id, kind, amount_agorot, balance_after_agorot, reservation_id)
           VALUES ($1, 'store_credit', $2, $2, (SELECT reservation_id FROM cancellation WHERE id = $3))`,
          [voucher.id, part.amountAgorot, cancellationId],
        );
        await this.money.recordRefund(tx, {
          ...refund,
          method: 'credit',
          amountAgorot: part.amountAgorot,
          provider: 'store_credit',
          providerKey: null,
          providerReference: null,
          paymentId: null,
          systemVoucherId: voucher.id,
          state: 'approved',
        });
      }
    }
  }

  /** These cancellations' seats and whether they were freed already (one read for a group). */
  cancellations(
    ids: string[],
  ): Promise<{ id: string; seatsReleased: boolean; seatKeys: { presentationId: number; key: string }[] }[]> {
    return this.db.query(
      `SELECT id::text AS id, seats_released AS "seatsReleased", seat_keys AS "seatKeys"
         FROM cancellation WHERE id = ANY($1::bigint[]) ORDER BY id`,
      [ids],
    );
  }

  /** Of these seats, those with no live ticket now (a seat resold meanwhile must never be freed). */
  async stillFree(presentationId: number, keys: string[]): Promise<string[]> {
    const taken: { k: string }[] = await this.db.query(
      `SELECT section_id || ':' || x || ':' || y AS k FROM reservation_ticket
        WHERE presentation_id = $1 AND status = 'live' AND (section_id || ':' || x || ':' || y) = ANY($2::text[])`,
      [presentationId, keys],
    );
    const takenSet = new Set(taken.map((t) => t.k));
    return keys.filter((k) => !takenSet.has(k));
  }

  async markSeatsReleased(ids: string[]): Promise<void> {
    await this.db.query(`UPDATE cancellation SET seats_released = true WHERE id = ANY($1::bigint[])`, [ids]);
  }

  /** The card refunds still pending of these cancellations, each with its cancellation. */
  openCardRefunds(cancellationIds: string[]): Promise<(OpenRefund & { cancellationId: string })[]> {
    return this.db.query(
      `SELECT a.id::text AS id, a.subject_id AS "cancellationId", a.payment_id::text AS "paymentId",
              a.amount_agorot AS "amountAgorot", a.idempotency_key AS "idempotencyKey",
              p.provider_reference AS "providerReference"
         FROM money_attempt a JOIN payment p ON p.id = a.payment_id
        WHERE a.subject_kind = 'cancellation' AND a.subject_id = ANY($1::text[]) AND a.kind = 'refund'
          AND a.state = 'pending' AND a.method = 'card'
        ORDER BY a.id`,
      [cancellationIds],
    );
  }

  /** The provider's answer to a card refund (its payment marked refunded once its refunds add up to all of it). */
  settleRefund(id: string, status: 'done' | 'failed', error: string | null): Promise<void> {
    return this.money.settleRefund(id, status === 'done' ? 'approved' : 'failed', error);
  }

  /** Each of these done once no refund of it is still pending. */
  async completeIfSettled(ids: string[]): Promise<void> {
    await this.db.query(
      `UPDATE cancellation c SET state = 'done', completed_at = now()
        WHERE c.id = ANY($1::bigint[]) AND c.state = 'refunding'
          AND NOT EXISTS (SELECT 1 FROM money_attempt WHERE subject_kind = 'cancellation' AND subject_id = c.id::text
                             AND kind = 'refund' AND state = 'pending')`,
      [ids],
    );
  }

  async unfinished(olderThanSeconds: number, limit: number): Promise<string[]> {
    const rows: { id: string }[] = await this.db.query(
      `SELECT id::text AS id FROM cancellation
        WHERE (state = 'refunding' OR NOT seats_released) AND created_at < now() - make_interval(secs => $1::float8)
        ORDER BY id LIMIT $2`,
      [olderThanSeconds, limit],
    );
    return rows.map((r) => r.id);
  }
}

import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { LocalizedNames } from '../common/localized-name';
import { ReservationRowsRepository } from '../reservations';

export interface ChangeableReservation {
  id: string;
  identifier: string;
  state: string;
  customerId: number | null;
  visitorId: string;
  lastTransactionId: string | null;
}

export interface OrderTicketRow {
  id: string;
  identifier: string;
  presentationId: number;
  sectionId: number;
  x: number;
  y: number;
  ticketId: number;
  ticketGroupId: number;
  priceAgorot: number;
  serviceChargeAgorot: number;
  amountAgorot: number;
  paidServiceChargeAgorot: number;
  status: 'live' | 'cancelled';
}

export interface ShowFacts {
  dateTime: Date;
  featureName: string;
  featureNameEn: string;
  featureNameRu: string | null;
  featureNameAr: string | null;
  changesLocked: boolean;
}

export interface TicketPrice {
  ticketGroupId: number;
  priceAgorot: number;
  serviceChargeAgorot: number;
}

/** One seat moved by a change: the ticket and its seat before and after ("sectionId:x:y"). */
export interface SeatMove {
  ticket: string;
  from: string;
  to: string;
}

export interface ChangeRow {
  id: string;
  reservationIdentifier: string;
  transactionId: string;
  presentationId: number;
  swaps: SeatMove[];
  seatsApplied: boolean;
}

const SEAT_KEY_SQL = `section_id || ':' || x || ':' || y`;

/** The tables of order changes; only this adapter touches them (and the ticket rows it moves). */
@Injectable()
export class OrderChangesRepository {
  constructor(
    private readonly db: DataSource,
    private readonly reservations: ReservationRowsRepository,
  ) {}

  transaction<T>(fn: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  /** With `tx`: the reservation row locked, so concurrent changes (and cancellations) of one order run in turn. */
  async reservation(identifier: string, tx?: EntityManager): Promise<ChangeableReservation | null> {
    const rows = await (tx ?? this.db).query(
      `SELECT id::text AS id, identifier, state, customer_id AS "customerId", visitor_id::text AS "visitorId",
              last_transaction_id AS "lastTransactionId"
         FROM reservation WHERE identifier = $1 ${tx ? 'FOR UPDATE' : ''}`,
      [identifier],
    );
    return rows[0] ?? null;
  }

  tickets(reservationId: string, tx?: EntityManager): Promise<OrderTicketRow[]> {
    return (tx ?? this.db).query(
      `SELECT rt.id::text AS id, rt.identifier, rt.presentation_id AS "presentationId", rt.section_id AS "sectionId",
              rt.x, rt.y, rt.ticket_id AS "ticketId", t.ticket_group_id AS "ticketGroupId", t.price AS "priceAgorot",
              t.service_charge AS "serviceChargeAgorot", rt.amount_agorot AS "amountAgorot",
              rt.service_charge_agorot AS "paidServiceChargeAgorot", rt.status
         FROM reservation_ticket rt JOIN ticket t ON t.id = rt.ticket_id
        WHERE rt.reservation_id = $1 ORDER BY rt.id`,
      [reservationId],
    );
  }

  async ticketPrice(ticketId: number): Promise<TicketPrice | null> {
    const rows = await this.db.query(
      `SELECT ticket_group_id AS "ticketGroupId", price AS "priceAgorot", service_charge AS "serviceChargeAgorot"
         FROM ticket WHERE id = $1`,
      [ticketId],
    );
    return rows[0] ?? null;
  }

  async show(presentationId: number): Promise<ShowFacts | null> {
    const rows = await this.db.query(
      `SELECT p.date_time AS "dateTime", f.name AS "featureName", f.name_en AS "featureNameEn",
              NULLIF(f.translations->'ru'->>'name', '') AS "featureNameRu",
              NULLIF(f.translations->'ar'->>'name', '') AS "featureNameAr",
              coalesce(cp.changes_locked, false) AS "changesLocked"
         FROM presentation p JOIN feature f ON f.id = p.feature_id
         LEFT JOIN presentation_cancellation_policy cp ON cp.presentation_id = p.id
        WHERE p.id = $1`,
      [presentationId],
    );
    return rows[0] ?? null;
  }

  /** Section names in four languages (the change page's seat labels). */
  async sectionNames(sectionIds: number[]): Promise<Map<number, LocalizedNames>> {
    if (sectionIds.length === 0) return new Map();
    const rows: { id: number; he: string; en: string; ru: string | null; ar: string | null }[] = await this.db.query(
      `SELECT id, name AS he, name_en AS en, NULLIF(translations->'ru'->>'name', '') AS ru,
              NULLIF(translations->'ar'->>'name', '') AS ar
         FROM section WHERE id = ANY($1::int[])`,
      [sectionIds],
    );
    return new Map(rows.map((r) => [r.id, { he: r.he, en: r.en, ru: r.ru, ar: r.ar }]));
  }

  /** The change with this id of the order, if one was already made (idempotent retries). */
  async changeByTransaction(
    tx: EntityManager,
    reservationId: string,
    transactionId: string,
  ): Promise<SeatMove[] | null> {
    const rows = await tx.query(
      `SELECT swaps FROM reservation_change WHERE reservation_id = $1 AND transaction_id = $2`,
      [reservationId, transactionId],
    );
    return rows[0]?.swaps ?? null;
  }

  /**
   * Moves a live ticket to another seat: one UPDATE of its row (it keeps its id and identifier). The partial unique
   * index on live seats refuses a seat another order holds (23505): the caller turns that into SEAT_NOT_AVAILABLE.
   */
  async moveTicket(tx: EntityManager, ticketRowId: string, to: { sectionId: number; x: number; y: number }) {
    await tx.query(`UPDATE reservation_ticket SET section_id = $2, x = $3, y = $4 WHERE id = $1 AND status = 'live'`, [
      ticketRowId,
      to.sectionId,
      to.x,
      to.y,
    ]);
  }

  async recordChange(
    tx: EntityManager,
    c: {
      reservationId: string;
      transactionId: string;
      presentationId: number;
      actor: 'customer' | 'buyer' | 'staff';
      actorRef: string | null;
      swaps: SeatMove[];
    },
  ): Promise<string> {
    const rows = await tx.query(
      `INSERT INTO reservation_change (reservation_id, transaction_id, presentation_id, actor, actor_ref, swaps)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb) RETURNING id::text AS id`,
      [c.reservationId, c.transactionId, c.presentationId, c.actor, c.actorRef, JSON.stringify(c.swaps)],
    );
    await this.reservations.recordLastTransaction(tx, c.reservationId, c.transactionId);
    return rows[0].id;
  }

  async change(id: string): Promise<ChangeRow | null> {
    const rows = await this.db.query(
      `SELECT c.id::text AS id, r.identifier AS "reservationIdentifier", c.transaction_id AS "transactionId",
              c.presentation_id AS "presentationId", c.swaps, c.seats_applied AS "seatsApplied"
         FROM reservation_change c JOIN reservation r ON r.id = c.reservation_id WHERE c.id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** Of these seats, the ones with a live ticket now (PostgreSQL's word). */
  async liveAmong(presentationId: number, keys: string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows: { k: string }[] = await this.db.query(
      `SELECT ${SEAT_KEY_SQL} AS k FROM reservation_ticket
        WHERE presentation_id = $1 AND status = 'live' AND (${SEAT_KEY_SQL}) = ANY($2::text[])`,
      [presentationId, keys],
    );
    return new Set(rows.map((r) => r.k));
  }

  async markApplied(id: string): Promise<void> {
    await this.db.query(`UPDATE reservation_change SET seats_applied = true WHERE id = $1`, [id]);
  }

  async unapplied(olderThanSeconds: number, limit: number): Promise<string[]> {
    const rows: { id: string }[] = await this.db.query(
      `SELECT id::text AS id FROM reservation_change
        WHERE NOT seats_applied AND created_at < now() - make_interval(secs => $1) ORDER BY created_at LIMIT $2`,
      [olderThanSeconds, limit],
    );
    return rows.map((r) => r.id);
  }
}

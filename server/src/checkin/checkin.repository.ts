import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { DoorOutcome, DoorTicket } from '@hotline/shared';

/** A ticket as the door reads it: the rule's facts and what the scanner shows. */
export interface DoorTicketRow extends DoorTicket {
  id: string;
  identifier: string;
  reentryAllowed: boolean;
  isReserved: boolean;
  rowName: string | null;
  seatName: string | null;
}

/** What a scan's answer is made of (the message is worded per reader, so it is not stored). */
export interface StoredAnswer {
  outcome: DoorOutcome;
  ticketIdentifier: string | null;
  seat: { rowName: string; seatName: string } | null;
  admittedAt: string | null;
  gate: string | null;
  doorsOpenAt: string | null;
}

export interface ScanRow {
  nonce: string;
  presentationId: number;
  ticketId: string | null;
  staffUserId: number;
  gate: string;
  device: string;
  direction: 'in' | 'out';
  scannedAt: Date;
  receivedAt: Date;
  offline: boolean;
  conflict: boolean;
  answer: StoredAnswer;
}

/** Thrown inside the transaction when another request stored this nonce first: roll back, answer what it stored. */
export class NonceTaken extends Error {}

/** The door's reads and its scan log (checkin_scan); the admission itself is AdmissionWriter's. */
@Injectable()
export class CheckinRepository {
  constructor(private readonly db: DataSource) {}

  /** Statements outside any transaction (each its own). */
  get manager(): EntityManager {
    return this.db.manager;
  }

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** The scan stored under this nonce (`tx` null: outside any transaction). */
  async storedAnswer(
    tx: EntityManager | null,
    nonce: string,
  ): Promise<{ staffUserId: number; answer: StoredAnswer; conflict: boolean } | null> {
    const rows = await (tx ?? this.db).query(
      `SELECT staff_user_id AS "staffUserId", answer, conflict FROM checkin_scan WHERE nonce = $1`,
      [nonce],
    );
    return rows[0] ?? null;
  }

  /** The scans stored under these nonces, by nonce (one statement for an upload's queue). */
  async storedAnswers(
    nonces: string[],
  ): Promise<Map<string, { staffUserId: number; answer: StoredAnswer; conflict: boolean }>> {
    const rows: { nonce: string; staffUserId: number; answer: StoredAnswer; conflict: boolean }[] = await this.db.query(
      `SELECT nonce::text, staff_user_id AS "staffUserId", answer, conflict FROM checkin_scan WHERE nonce = ANY($1::uuid[])`,
      [nonces],
    );
    return new Map(rows.map(({ nonce, ...stored }) => [nonce, stored]));
  }

  /**
   * The ticket, its order and its show, the ticket's row share-locked: a cancellation or a change of seats committing
   * meanwhile waits for this scan's transaction (or this scan waits for it), so the door never admits on a stale row.
   */
  async ticket(tx: EntityManager, identifier: string): Promise<DoorTicketRow | null> {
    const rows: DoorTicketRow[] = await tx.query(`${DOOR_TICKET_READ} FOR SHARE OF t`, [identifier]);
    return rows[0] ? doorTicketRow(rows[0]) : null;
  }

  /** Stores the scan; NonceTaken when the same nonce was stored first by a concurrent request. */
  async insertScan(tx: EntityManager, s: ScanRow): Promise<void> {
    const rows = await tx.query(
      `INSERT INTO checkin_scan (${SCAN_COLUMNS})
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
       ON CONFLICT (nonce) DO NOTHING RETURNING id`,
      scanValues(s),
    );
    if (rows.length === 0) throw new NonceTaken();
  }
}

/** The door's read of a ticket `t`: the rule's facts (DoorTicket) and what the scanner shows. */
export const DOOR_TICKET_COLUMNS = `t.id::text AS id, t.identifier, t.presentation_id AS "presentationId", t.section_id AS "sectionId", t.x, t.y,
        t.status AS "ticketStatus", r.state AS "reservationState", p.date_time AS "showAt",
        p.doors_open_minutes AS "doorsOpenMinutes", p.reentry_allowed AS "reentryAllowed",
        p.rotating_code AS "rotatingCode", s.is_reserved AS "isReserved", st.row_name AS "rowName", st.seat_name AS "seatName"`;

/** What DOOR_TICKET_COLUMNS read besides the ticket `t`: its order, show, section and seat. */
export const DOOR_TICKET_JOINS = `JOIN reservation r ON r.id = t.reservation_id
   JOIN presentation p ON p.id = t.presentation_id
   JOIN section s ON s.id = t.section_id
   LEFT JOIN seat st ON st.section_id = t.section_id AND st.x = t.x AND st.y = t.y`;

/**
 * The door's read of one ticket ($1: its identifier). Also the first part of AdmissionWriter's first-entry statement
 * (the batched one reads the same columns and joins for each of its scans).
 */
export const DOOR_TICKET_READ = `SELECT ${DOOR_TICKET_COLUMNS}
   FROM reservation_ticket t
   ${DOOR_TICKET_JOINS}
  WHERE t.identifier = $1`;

/** A row of DOOR_TICKET_READ as the rule takes it (the driver gives the moment as it likes). */
export function doorTicketRow(row: DoorTicketRow): DoorTicketRow {
  return { ...row, showAt: new Date(row.showAt) };
}

/** checkin_scan's columns in the order of `scanValues` ($1-$13). */
export const SCAN_COLUMNS = `nonce, presentation_id, ticket_id, staff_user_id, gate, device, direction, outcome,
  scanned_at, received_at, offline, conflict, answer`;

export function scanValues(s: ScanRow): unknown[] {
  return [
    s.nonce,
    s.presentationId,
    s.ticketId,
    s.staffUserId,
    s.gate,
    s.device,
    s.direction,
    s.answer.outcome,
    s.scannedAt,
    s.receivedAt,
    s.offline,
    s.conflict,
    JSON.stringify(s.answer),
  ];
}

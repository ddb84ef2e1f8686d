import { Injectable } from '@nestjs/common';
import { DataSource, QueryFailedError, type EntityManager } from 'typeorm';
import { NonceTaken, SCAN_COLUMNS, scanValues, type DoorTicketRow, type ScanRow } from './checkin.repository';

export interface AdmissionAttempt {
  ticketId: string;
  presentationId: number;
  at: Date;
  gate: string;
  device: string;
  reentryAllowed: boolean;
}

export interface Admission {
  /** This scan let the ticket in (first entry, or back in after an exit where the show allows it). */
  admitted: boolean;
  /** The first entry: when and where. */
  admittedAt: Date;
  gate: string;
}

/**
 * The one guard that lets a ticket in once: `checkin_admission`'s primary key and a conditional insert, so of any
 * number of gates and server nodes scanning one ticket at the same instant exactly one statement inserts the row
 * (the others wait on it and find it there). Back in after an exit only where the show allows it, and only when the
 * ticket is recorded as outside: the same row, the same statement.
 */
@Injectable()
export class AdmissionWriter {
  constructor(private readonly db: DataSource) {}

  /**
   * The door's common case, a ticket's first entry, as ONE statement outside any transaction (one round trip where
   * the transaction took four: BEGIN, the locked read, the admission, the scan, COMMIT). The ticket was read without
   * a lock; the statement share-locks its row and checks again every fact the verdict used (live, its order paid,
   * this show, the same seat), so a cancellation or a change of seats committing meanwhile either waits for it or
   * makes it admit nobody. The admission is the same primary key under `ON CONFLICT DO NOTHING`, and the scan's row
   * (`scan`, its answer "admitted here now") is inserted only with it, in the same statement: both or neither. A
   * nonce already stored makes the insert fail (NonceTaken) and the statement admit nobody.
   *
   * False when it did not admit (the ticket is in already, was re-entering, or changed since the read): nothing was
   * written, and the caller decides again in the full transaction.
   */
  async admitFirst(a: AdmissionAttempt, read: DoorTicketRow, scan: ScanRow): Promise<boolean> {
    try {
      const rows: { n: number }[] = await this.db.query(
        `WITH held AS (
           SELECT t.id FROM reservation_ticket t JOIN reservation r ON r.id = t.reservation_id
            WHERE t.id = $14 AND t.status = 'live' AND r.state = 'paid' AND t.presentation_id = $2
              AND t.section_id = $16 AND t.x = $17 AND t.y = $18
            FOR SHARE OF t
         ), admitted AS (
           INSERT INTO checkin_admission (ticket_id, presentation_id, admitted_at, gate, device, inside, last_moved_at)
           SELECT id, $2, $15, $5, $6, true, $15 FROM held
           ON CONFLICT (ticket_id) DO NOTHING
           RETURNING ticket_id
         ), logged AS (
           INSERT INTO checkin_scan (${SCAN_COLUMNS})
           SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13 FROM admitted
           RETURNING 1
         )
         SELECT count(*)::int AS n FROM logged`,
        [...scanValues(scan), a.ticketId, a.at, read.sectionId, read.x, read.y],
      );
      return rows[0]!.n === 1;
    } catch (error) {
      if (isNonceTaken(error)) throw new NonceTaken();
      throw error;
    }
  }

  async admit(tx: EntityManager, a: AdmissionAttempt): Promise<Admission> {
    const rows: { admittedAt: Date; gate: string }[] = await tx.query(
      `INSERT INTO checkin_admission (ticket_id, presentation_id, admitted_at, gate, device, inside, last_moved_at)
       VALUES ($1, $2, $3, $4, $5, true, $3)
       ON CONFLICT (ticket_id) DO UPDATE SET inside = true, last_moved_at = EXCLUDED.last_moved_at
        WHERE NOT checkin_admission.inside AND $6::boolean
       RETURNING admitted_at AS "admittedAt", gate`,
      [a.ticketId, a.presentationId, a.at, a.gate, a.device, a.reentryAllowed],
    );
    if (rows[0]) return { admitted: true, ...rows[0] };
    return { admitted: false, ...(await this.existing(tx, a.ticketId))! };
  }

  /** Out through a gate: true when the ticket was inside (and is now recorded outside). */
  async exit(tx: EntityManager, ticketId: string, at: Date): Promise<boolean> {
    const rows: unknown[] = await tx.query(
      `UPDATE checkin_admission SET inside = false, last_moved_at = $2 WHERE ticket_id = $1 AND inside RETURNING 1`,
      [ticketId, at],
    );
    return (Array.isArray(rows[0]) ? rows[0] : rows).length > 0;
  }

  async existing(tx: EntityManager, ticketId: string): Promise<{ admittedAt: Date; gate: string } | null> {
    const rows = await tx.query(
      `SELECT admitted_at AS "admittedAt", gate FROM checkin_admission WHERE ticket_id = $1 ORDER BY admitted_at LIMIT 1`,
      [ticketId],
    );
    return rows[0] ?? null;
  }
}

function isNonceTaken(error: unknown): boolean {
  const driver =
    error instanceof QueryFailedError ? (error.driverError as { code?: string; constraint?: string }) : null;
  return driver?.code === '23505' && driver.constraint === 'checkin_scan_nonce_key';
}

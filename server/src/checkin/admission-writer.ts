import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

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

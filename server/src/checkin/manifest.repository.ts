import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { CheckinConflictsResponse, ManifestTicket } from '@hotline/shared';

/** The door's reads for offline scanners: a show's tickets with their state, and the conflicts its uploads found. */
@Injectable()
export class ManifestRepository {
  constructor(private readonly db: DataSource) {}

  async show(
    presentationId: number,
  ): Promise<{ showAt: Date; doorsOpenMinutes: number; reentryAllowed: boolean; rotatingCode: boolean } | null> {
    const rows = await this.db.query(
      `SELECT date_time AS "showAt", doors_open_minutes AS "doorsOpenMinutes", reentry_allowed AS "reentryAllowed",
              rotating_code AS "rotatingCode"
         FROM presentation WHERE id = $1`,
      [presentationId],
    );
    return rows[0] ? { ...rows[0], showAt: new Date(rows[0].showAt) } : null;
  }

  /** Every sold ticket of the show (unpaid holds are not tickets yet), cancelled ones marked so a scanner refuses them. */
  async tickets(presentationId: number): Promise<ManifestTicket[]> {
    const rows = await this.db.query(
      `SELECT t.identifier, t.section_id AS "sectionId", t.x, t.y, st.row_name AS "rowName", st.seat_name AS "seatName",
              CASE WHEN t.status = 'live' AND r.state = 'paid' THEN 'valid' ELSE 'cancelled' END AS state,
              a.admitted_at AS "admittedAt", a.gate
         FROM reservation_ticket t
         JOIN reservation r ON r.id = t.reservation_id
         LEFT JOIN seat st ON st.section_id = t.section_id AND st.x = t.x AND st.y = t.y
         LEFT JOIN checkin_admission a ON a.ticket_id = t.id
        WHERE t.presentation_id = $1 AND r.state <> 'hold'
        ORDER BY t.id`,
      [presentationId],
    );
    return rows.map((r: ManifestTicket & { admittedAt: Date | null }) => ({
      ...r,
      admittedAt: r.admittedAt ? new Date(r.admittedAt).toISOString() : null,
    }));
  }

  async conflicts(presentationId: number): Promise<CheckinConflictsResponse['conflicts']> {
    const rows = await this.db.query(
      `SELECT s.answer->>'ticketIdentifier' AS "ticketIdentifier", s.gate, s.device, s.scanned_at AS "scannedAt",
              s.outcome, a.admitted_at AS "admittedAt", a.gate AS "admittedGate"
         FROM checkin_scan s LEFT JOIN checkin_admission a ON a.ticket_id = s.ticket_id
        WHERE s.presentation_id = $1 AND s.conflict
        ORDER BY s.id`,
      [presentationId],
    );
    return rows.map((r: { scannedAt: Date; admittedAt: Date | null }) => ({
      ...r,
      scannedAt: new Date(r.scannedAt).toISOString(),
      admittedAt: r.admittedAt ? new Date(r.admittedAt).toISOString() : null,
    }));
  }
}

import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  DOOR_ENTRY_BUCKET_MINUTES,
  REFUSED_AT_DOOR,
  type DoorConflict,
  type DoorPresentation,
  type RefusedAtDoor,
  type DoorRefusedScan,
  type DoorReport,
} from '@hotline/shared';

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

/** The back office's reads of the doors (admissions, refused scans, offline conflicts) and the conflict review. */
@Injectable()
export class DoorReportRepository {
  constructor(private readonly db: DataSource) {}

  /** Shows of these businesses from a day before `around` to two weeks after, soonest first. */
  async presentations(businessIds: readonly number[], around: Date): Promise<DoorPresentation[]> {
    const rows: (Omit<DoorPresentation, 'dateTime'> & { dateTime: Date })[] = await this.db.query(
      `SELECT p.id AS "presentationId", f.name AS "featureName", f.name_en AS "featureNameEn",
              NULLIF(f.translations->'ru'->>'name', '') AS "featureNameRu",
              NULLIF(f.translations->'ar'->>'name', '') AS "featureNameAr", p.date_time AS "dateTime"
         FROM presentation p JOIN feature f ON f.id = p.feature_id
        WHERE p.business_id = ANY($1::int[]) AND p.cancelled_at IS NULL
          AND p.date_time BETWEEN $2::timestamptz - interval '1 day' AND $2::timestamptz + interval '14 days'
        ORDER BY p.date_time, p.id LIMIT 300`,
      [businessIds, around],
    );
    return rows.map((r) => ({ ...r, dateTime: iso(r.dateTime)! }));
  }

  async show(presentationId: number): Promise<{ showAt: Date; doorsOpenMinutes: number } | null> {
    const rows = await this.db.query(
      `SELECT date_time AS "showAt", doors_open_minutes AS "doorsOpenMinutes" FROM presentation WHERE id = $1`,
      [presentationId],
    );
    return rows[0] ? { showAt: new Date(rows[0].showAt), doorsOpenMinutes: rows[0].doorsOpenMinutes } : null;
  }

  /** The figures of DoorReport without the show's times: four statements, each over this show's rows only. */
  async figures(presentationId: number): Promise<Omit<DoorReport, 'presentationId' | 'showAt' | 'doorsOpenAt'>> {
    const [counts, gates, buckets, reasons, recent, conflicts] = await Promise.all([
      this.db.query(
        `SELECT
           (SELECT coalesce(sum(CASE WHEN sec.is_reserved THEN (SELECT count(*) FROM seat s WHERE s.section_id = sec.id)
                                     ELSE coalesce(sec.capacity, 0) END), 0)::int
              FROM presentation p JOIN section sec ON sec.seatplan_id = p.seatplan_id WHERE p.id = $1) AS capacity,
           (SELECT count(*)::int FROM reservation_ticket t JOIN reservation r ON r.id = t.reservation_id
             WHERE t.presentation_id = $1 AND t.status = 'live' AND r.state = 'paid') AS "ticketsValid",
           (SELECT count(*)::int FROM checkin_admission WHERE presentation_id = $1) AS admitted,
           (SELECT count(*)::int FROM checkin_admission WHERE presentation_id = $1 AND inside) AS inside`,
        [presentationId],
      ),
      this.db.query(
        `SELECT gate, count(*)::int AS admitted FROM checkin_admission WHERE presentation_id = $1
          GROUP BY gate ORDER BY admitted DESC, gate`,
        [presentationId],
      ),
      this.db.query(
        `SELECT to_timestamp(floor(extract(epoch FROM admitted_at) / $2) * $2) AS "from", count(*)::int AS admitted
           FROM checkin_admission WHERE presentation_id = $1 GROUP BY 1 ORDER BY 1`,
        [presentationId, DOOR_ENTRY_BUCKET_MINUTES * 60],
      ),
      this.db.query(
        `SELECT outcome, count(*)::int AS count FROM checkin_scan
          WHERE presentation_id = $1 AND outcome = ANY($2::text[]) GROUP BY outcome ORDER BY count DESC, outcome`,
        [presentationId, REFUSED_AT_DOOR],
      ),
      this.db.query(
        `SELECT scanned_at AS "scannedAt", gate, outcome, answer->>'ticketIdentifier' AS "ticketIdentifier", offline
           FROM checkin_scan WHERE presentation_id = $1 AND outcome = ANY($2::text[]) AND NOT conflict
          ORDER BY scanned_at DESC, id DESC LIMIT 50`,
        [presentationId, REFUSED_AT_DOOR],
      ),
      this.conflicts(presentationId),
    ]);
    return {
      ...(counts[0] as { capacity: number; ticketsValid: number; admitted: number; inside: number }),
      byGate: gates,
      overTime: (buckets as { from: Date; admitted: number }[]).map((b) => ({
        from: iso(b.from)!,
        admitted: b.admitted,
      })),
      refusalsByReason: reasons as { outcome: RefusedAtDoor; count: number }[],
      recentRefusals: (recent as (Omit<DoorRefusedScan, 'scannedAt'> & { scannedAt: Date })[]).map((r) => ({
        ...r,
        scannedAt: iso(r.scannedAt)!,
      })),
      conflicts,
    };
  }

  /** Offline admissions the server could not agree with, open ones first. */
  async conflicts(presentationId: number): Promise<DoorConflict[]> {
    const rows = await this.db.query(
      `SELECT s.id::int AS "scanId", s.answer->>'ticketIdentifier' AS "ticketIdentifier", s.gate, s.device,
              s.scanned_at AS "scannedAt", s.outcome, a.admitted_at AS "admittedAt", a.gate AS "admittedGate",
              s.reviewed_at AS "reviewedAt", u.username AS "reviewedBy"
         FROM checkin_scan s
         LEFT JOIN checkin_admission a ON a.ticket_id = s.ticket_id
         LEFT JOIN staff_user u ON u.id = s.reviewed_by
        WHERE s.presentation_id = $1 AND s.conflict
        ORDER BY (s.reviewed_at IS NOT NULL), s.scanned_at, s.id LIMIT 500`,
      [presentationId],
    );
    return rows.map((r: DoorConflict & { scannedAt: Date; admittedAt: Date | null; reviewedAt: Date | null }) => ({
      ...r,
      scannedAt: iso(r.scannedAt)!,
      admittedAt: iso(r.admittedAt),
      reviewedAt: iso(r.reviewedAt),
    }));
  }

  /** The presentation a conflict scan belongs to (null: no such conflict). */
  async conflictPresentation(scanId: number): Promise<number | null> {
    const rows = await this.db.query(`SELECT presentation_id FROM checkin_scan WHERE id = $1 AND conflict`, [scanId]);
    return rows[0]?.presentation_id ?? null;
  }

  /** Marks it reviewed once; marking again keeps the first review (its time and staff member). */
  async markReviewed(scanId: number, staffUserId: number, at: Date): Promise<Date> {
    const rows = await this.db.query(
      // A SELECT around the UPDATE: TypeORM answers a bare UPDATE … RETURNING as [rows, count].
      `WITH marked AS (
         UPDATE checkin_scan SET reviewed_at = coalesce(reviewed_at, $2), reviewed_by = coalesce(reviewed_by, $3)
          WHERE id = $1 AND conflict RETURNING reviewed_at)
       SELECT reviewed_at FROM marked`,
      [scanId, at, staffUserId],
    );
    return new Date(rows[0].reviewed_at);
  }
}

import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AdminAuditEntry } from '@hotline/shared';

/** What the back office filters the audit log by; every field narrows. */
export interface AuditFilter {
  /** The viewer's businesses: entries of these, and entries of no business (staff and system actions). */
  businessIds: readonly number[];
  action?: string;
  /** The start of a subject: 'presentation:12', or 'presentation:' for every date. */
  subject?: string;
  staffUserId?: number;
  from?: Date;
  to?: Date;
  before?: number;
  limit: number;
}

export interface AuditEntry {
  staffUserId: number | null;
  /** What happened: 'sign-in', 'sign-in-failed', 'sign-out', 'lock-seats', 'unlock-seats', ... */
  action: string;
  businessId?: number | null;
  /** What it happened to, e.g. 'presentation:12'. Never personal data. */
  subject?: string;
  detail?: Record<string, unknown>;
}

/** The append-only audit log: who did what, to what, when (read by the back office, never edited). */
@Injectable()
export class AuditLogRepository {
  constructor(private readonly db: DataSource) {}

  async record(e: AuditEntry): Promise<void> {
    await this.db.query(
      `INSERT INTO audit_log (staff_user_id, action, business_id, subject, detail) VALUES ($1, $2, $3, $4, $5::jsonb)`,
      [e.staffUserId, e.action, e.businessId ?? null, e.subject ?? '', JSON.stringify(e.detail ?? {})],
    );
  }

  /** A page of entries, newest first (a keyset on the id: stable while new entries arrive). */
  async page(f: AuditFilter): Promise<AdminAuditEntry[]> {
    const rows: {
      id: string;
      at: Date;
      staff_user_id: number | null;
      username: string | null;
      action: string;
      business_id: number | null;
      subject: string;
      detail: Record<string, unknown>;
    }[] = await this.db.query(
      `SELECT a.id::text AS id, a.at, a.staff_user_id, u.username, a.action, a.business_id, a.subject, a.detail
         FROM audit_log a LEFT JOIN staff_user u ON u.id = a.staff_user_id
        WHERE (a.business_id IS NULL OR a.business_id = ANY($1))
          AND ($2::text IS NULL OR a.action = $2)
          AND ($3::text IS NULL OR starts_with(a.subject, $3))
          AND ($4::int IS NULL OR a.staff_user_id = $4)
          AND ($5::timestamptz IS NULL OR a.at >= $5)
          AND ($6::timestamptz IS NULL OR a.at < $6)
          AND ($7::bigint IS NULL OR a.id < $7)
        ORDER BY a.id DESC LIMIT $8`,
      [
        f.businessIds,
        f.action ?? null,
        f.subject ?? null,
        f.staffUserId ?? null,
        f.from ?? null,
        f.to ?? null,
        f.before ?? null,
        f.limit,
      ],
    );
    return rows.map((r) => ({
      id: Number(r.id),
      at: r.at.toISOString(),
      staff: r.staff_user_id === null ? null : { id: r.staff_user_id, username: r.username ?? '' },
      action: r.action,
      businessId: r.business_id,
      subject: r.subject,
      detail: r.detail,
    }));
  }
}

import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

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
}

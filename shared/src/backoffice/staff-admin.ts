/**
 * Staff administration under /api/admin/staff, permission 292 (docs/back-office.md, "Staff"): accounts are created
 * without a password; their owner sets the password and the authenticator through a one-time setup link. Every
 * edit names the revision it was made against (409 STALE_REVISION with the current state otherwise).
 */
export interface AdminStaff {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  permissions: number[];
  businessIds: number[];
  /** false: disabled, signs in nowhere. */
  active: boolean;
  /** Password and authenticator set (false until the setup link is used). */
  setUp: boolean;
  revision: number;
}

/** GET /api/admin/staff */
export interface AdminStaffListResponse {
  staff: AdminStaff[];
}

/** POST /api/admin/staff; PUT /api/admin/staff/:id takes the same fields but the username, plus `revision`. */
export interface AdminStaffInput {
  username: string;
  firstName: string;
  lastName: string;
  permissions: number[];
  businessIds: number[];
}

/**
 * A new account or a reset one, with the link its owner opens to set a password and an authenticator. The secret
 * is in the fragment (after #), which browsers never send to a server or write to its logs; shown once.
 */
export interface AdminStaffWithSetupLink {
  staff: AdminStaff;
  setupUrl: string;
  setupExpiresAt: string;
}

/** POST /api/backoffice/setup/start: the account the link is for and the authenticator secret to scan. */
export interface StaffSetupStart {
  username: string;
  otpauthUri: string;
  secret: string;
  qrSvg: string;
}

/** One entry of the audit log as the back office shows it (GET /api/admin/audit). */
export interface AdminAuditEntry {
  id: number;
  /** ISO 8601 instant. */
  at: string;
  /** Who did it (null: the system, e.g. a job). */
  staff: { id: number; username: string } | null;
  action: string;
  businessId: number | null;
  /** What it happened to, e.g. 'presentation:12'. */
  subject: string;
  /** The state before and after, and whatever else the action recorded. */
  detail: Record<string, unknown>;
}

/** A page of the audit log, newest first; `nextBefore` asks for the page after this one (null: no more). */
export interface AdminAuditPage {
  entries: AdminAuditEntry[];
  nextBefore: number | null;
}

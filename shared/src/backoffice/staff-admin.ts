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

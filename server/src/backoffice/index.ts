/** The backoffice context's public entry (docs/server-modules.md, "Boundaries"): what other contexts may import. */
// Staff-only routes in other contexts: the guard, the signed-in staff member and their identity.
export { CurrentStaff, StaffOnly } from './staff.guard';
export type { StaffIdentity } from './staff.repository';
// Which businesses a staff member may act for, and the audit log their actions are written to.
export { BusinessScope } from './business-scope.service';
// The staff sessions a box-office (producer) sale reads its seller from.
export { STAFF_SESSION_COOKIE, StaffSessions } from './staff-sessions.service';
export { AuditLogRepository } from './audit-log.repository';

import { withinBusinessScope } from '@hotline/shared';
import type { AuditLogRepository, StaffIdentity } from '../backoffice';
import { AppError } from '../common/app-error';

/** A catalogue change touches one business: the staff member's own, or 403 STAFF_BUSINESS_SCOPE. */
export function requireBusinessScope(staff: StaffIdentity, businessId: number): void {
  if (!withinBusinessScope(staff.businessIds, [businessId])) throw new AppError('STAFF_BUSINESS_SCOPE');
}

/** A catalogue change in the audit log: who, which business, what (`venue:12`) and the state before and after. */
export function auditChange(
  audit: AuditLogRepository,
  staff: StaffIdentity,
  change: { action: string; businessId: number; subject: string; detail: Record<string, unknown> },
): Promise<void> {
  return audit.record({ staffUserId: staff.userId, ...change });
}

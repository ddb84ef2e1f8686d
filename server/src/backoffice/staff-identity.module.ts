import { Module } from '@nestjs/common';
import { AuditLogRepository } from './audit-log.repository';
import './backoffice.errors';
import { BusinessScope } from './business-scope.service';
import { StaffGuard } from './staff.guard';
import { StaffRepository } from './staff.repository';
import { StaffSessions } from './staff-sessions.service';

/**
 * Who a staff member is and what they may touch, without the back office's screens: the sessions, the permission
 * guard, the business scope and the audit log. Kept apart so other contexts (the commit's producer variant) can
 * ask "is this a box-office sale by someone allowed to make it?" without importing the whole back office, and the
 * back office can depend on them without a cycle.
 */
@Module({
  providers: [StaffRepository, AuditLogRepository, StaffSessions, StaffGuard, BusinessScope],
  exports: [StaffRepository, AuditLogRepository, StaffSessions, StaffGuard, BusinessScope],
})
export class StaffIdentityModule {}

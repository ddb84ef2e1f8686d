import { Module } from '@nestjs/common';
import { CancellationsModule } from '../cancellations/cancellations.module';
import { SeatsModule } from '../seats/seats.module';
import { AuditLogRepository } from './audit-log.repository';
import { BackOfficeController } from './backoffice.controller';
import './backoffice.errors';
import { BoxOfficeController } from './box-office.controller';
import { BoxOfficeService } from './box-office.service';
import { BusinessScope } from './business-scope.service';
import { ProducerReservationsController } from './producer-reservations.controller';
import { ProducerReservationsRepository } from './producer-reservations.repository';
import { ProducerReservationsService } from './producer-reservations.service';
import { ReportsController } from './reports.controller';
import { ReportsRepository } from './reports.repository';
import { ReportsService } from './reports.service';
import { StaffAuthService } from './staff-auth.service';
import { StaffGuard } from './staff.guard';
import { StaffRepository } from './staff.repository';
import { StaffSessions } from './staff-sessions.service';

/**
 * Back office (docs/back-office.md): staff identity (password + TOTP, sessions,
 * lockout), permissions and business scope on every call, the audit log, and box-office
 * seat work on the seat engine. Reports and producer reservations build on this.
 */
@Module({
  imports: [SeatsModule, CancellationsModule],
  controllers: [BackOfficeController, BoxOfficeController, ReportsController, ProducerReservationsController],
  providers: [
    StaffRepository,
    AuditLogRepository,
    StaffSessions,
    StaffAuthService,
    StaffGuard,
    BusinessScope,
    BoxOfficeService,
    ReportsRepository,
    ReportsService,
    ProducerReservationsRepository,
    ProducerReservationsService,
  ],
  exports: [StaffSessions, StaffGuard, BusinessScope, AuditLogRepository, StaffRepository],
})
export class BackOfficeModule {}

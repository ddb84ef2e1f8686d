import { Module } from '@nestjs/common';
import { CancellationsModule } from '../cancellations/cancellations.module';
import { SeatsModule } from '../seats/seats.module';
import { AuthenticatorService } from './authenticator.service';
import { BackOfficeController } from './backoffice.controller';
import './backoffice.errors';
import { BoxOfficeController } from './box-office.controller';
import { BoxOfficeService } from './box-office.service';
import { ProducerReservationsController } from './producer-reservations.controller';
import { ProducerReservationsRepository } from './producer-reservations.repository';
import { ProducerReservationsService } from './producer-reservations.service';
import { ReportsController } from './reports.controller';
import { ReportsLiveGateway } from './reports-live.gateway';
import { ReportsRepository } from './reports.repository';
import { ReportsService } from './reports.service';
import { FirstAdministrator } from './first-administrator';
import { AuditController, StaffAdminController, StaffSetupController } from './staff-admin.controller';
import { StaffAdminRepository } from './staff-admin.repository';
import { StaffAdminService } from './staff-admin.service';
import { StaffAuthService } from './staff-auth.service';
import { StaffIdentityModule } from './staff-identity.module';

/**
 * Back office (docs/back-office.md): staff identity (password + TOTP, sessions,
 * lockout), permissions and business scope on every call, the audit log, and box-office
 * seat work on the seat engine. Reports and producer reservations build on this.
 */
@Module({
  imports: [SeatsModule, CancellationsModule, StaffIdentityModule],
  controllers: [
    BackOfficeController,
    BoxOfficeController,
    ReportsController,
    ProducerReservationsController,
    StaffAdminController,
    StaffSetupController,
    AuditController,
  ],
  providers: [
    StaffAuthService,
    AuthenticatorService,
    BoxOfficeService,
    ReportsRepository,
    ReportsService,
    ReportsLiveGateway,
    ProducerReservationsRepository,
    ProducerReservationsService,
    StaffAdminRepository,
    StaffAdminService,
    FirstAdministrator,
  ],
  exports: [StaffIdentityModule],
})
export class BackOfficeModule {}

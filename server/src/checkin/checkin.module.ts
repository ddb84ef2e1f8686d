import { Global, Module } from '@nestjs/common';
import { BackOfficeModule } from '../backoffice/backoffice.module';
import { TicketCodeSigner } from '../reservations';
import { AdmissionWriter } from './admission-writer';
import { CheckinController } from './checkin.controller';
import { DoorAdminController } from './door-admin.controller';
import { DoorReportRepository } from './door-report.repository';
import { DoorReportService } from './door-report.service';
import { DoorScope } from './door-scope';
import { CheckinRepository } from './checkin.repository';
import { ManifestRepository } from './manifest.repository';
import { OfflineDoorService } from './offline.service';
import { RedemptionService } from './redemption.service';
import { RotatingSecrets } from './rotating-secrets';
import { TicketKeysRepository } from './ticket-keys.repository';
import { TicketKeys } from './ticket-keys.service';

/**
 * Door check-in: the ticket-code keys and the door. Global because the e-ticket (reservations) signs its codes
 * through reservations' TicketCodeSigner port, which this module implements; reservations never imports it.
 */
@Global()
@Module({
  imports: [BackOfficeModule],
  controllers: [CheckinController, DoorAdminController],
  providers: [
    TicketKeysRepository,
    TicketKeys,
    RotatingSecrets,
    { provide: TicketCodeSigner, useExisting: TicketKeys },
    CheckinRepository,
    AdmissionWriter,
    DoorScope,
    RedemptionService,
    ManifestRepository,
    OfflineDoorService,
    DoorReportRepository,
    DoorReportService,
  ],
  exports: [TicketCodeSigner],
})
export class CheckinModule {}

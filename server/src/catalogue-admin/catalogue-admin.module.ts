import { Module } from '@nestjs/common';
import { BackOfficeModule } from '../backoffice/backoffice.module';
import { CancellationsModule } from '../cancellations/cancellations.module';
import { MediaModule } from '../media';
import { SeatsModule } from '../seats/seats.module';
import { EventCancellationJob } from './event-cancellation.job';
import { EventCancellationRepository } from './event-cancellation.repository';
import './catalogue-admin.errors';
import { EventAdminController } from './event-admin.controller';
import { EventAdminRepository } from './event-admin.repository';
import { EventAdminService } from './event-admin.service';
import { FeatureImageController } from './feature-image.controller';
import { FeatureImageService } from './feature-image.service';
import { ProductAdminController } from './product-admin.controller';
import { ProductAdminRepository } from './product-admin.repository';
import { ProductAdminService } from './product-admin.service';
import { SeatPlanChangeRepository } from './seat-plan-change.repository';
import { SeatPlanChangeService } from './seat-plan-change.service';
import { SeatPlanMoveRecoveryJob } from './seat-plan-move-recovery.job';
import { SeatPlanMoveRepository } from './seat-plan-move.repository';
import { VenueAdminController } from './venue-admin.controller';
import { VenueAdminRepository } from './venue-admin.repository';
import { VenueAdminService } from './venue-admin.service';

/** Catalogue administration: what a venue creates and sells, managed from the back office (docs/catalogue-admin.md). */
@Module({
  imports: [BackOfficeModule, CancellationsModule, MediaModule, SeatsModule],
  controllers: [VenueAdminController, EventAdminController, FeatureImageController, ProductAdminController],
  providers: [
    VenueAdminRepository,
    VenueAdminService,
    EventAdminRepository,
    EventAdminService,
    EventCancellationJob,
    FeatureImageService,
    EventCancellationRepository,
    ProductAdminRepository,
    ProductAdminService,
    SeatPlanChangeRepository,
    SeatPlanChangeService,
    SeatPlanMoveRepository,
    SeatPlanMoveRecoveryJob,
  ],
})
export class CatalogueAdminModule {}

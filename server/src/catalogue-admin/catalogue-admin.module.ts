import { Module } from '@nestjs/common';
import { BackOfficeModule } from '../backoffice/backoffice.module';
import './catalogue-admin.errors';
import { VenueAdminController } from './venue-admin.controller';
import { VenueAdminRepository } from './venue-admin.repository';
import { VenueAdminService } from './venue-admin.service';

/** Catalogue administration: what a venue creates and sells, managed from the back office (docs/catalogue-admin.md). */
@Module({
  imports: [BackOfficeModule],
  controllers: [VenueAdminController],
  providers: [VenueAdminRepository, VenueAdminService],
})
export class CatalogueAdminModule {}

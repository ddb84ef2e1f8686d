import { Module } from '@nestjs/common';
import { CatalogueRepository } from './catalogue.repository';
import { CatalogueService } from './catalogue.service';
import {
  FeaturesController,
  PresentationsController,
  ProductsController,
  SeatplanController,
} from './catalogue.controllers';

@Module({
  controllers: [FeaturesController, ProductsController, PresentationsController, SeatplanController],
  providers: [CatalogueRepository, CatalogueService],
  exports: [CatalogueService, CatalogueRepository],
})
export class CatalogueModule {}

import { Module } from '@nestjs/common';
import { ChannelsModule } from '../channels/channels.module';
import { CatalogueRepository } from './catalogue.repository';
import { CatalogueService } from './catalogue.service';
import {
  FeaturesController,
  PresentationsController,
  ProductsController,
  SeatplanController,
} from './catalogue.controllers';

@Module({
  imports: [ChannelsModule],
  controllers: [FeaturesController, ProductsController, PresentationsController, SeatplanController],
  providers: [CatalogueRepository, CatalogueService],
  exports: [CatalogueService, CatalogueRepository],
})
export class CatalogueModule {}

import { Module } from '@nestjs/common';
import { IntegrationController, MiniSiteController } from './channels.controller';
import { ChannelScope } from './channel-scope';
import { IntegrationService } from './integration.service';
import { MiniSiteRepository } from './mini-site.repository';
import { MiniSiteService } from './mini-site.service';

/**
 * Storefront channels (docs/storefront-modes.md): mini-sites, the live domain's allocation rule and
 * partner links. Depends on nothing but the database, so catalogue, seats, tickets and orders can all import it.
 */
@Module({
  controllers: [MiniSiteController, IntegrationController],
  providers: [MiniSiteRepository, MiniSiteService, IntegrationService, ChannelScope],
  exports: [MiniSiteService, IntegrationService, ChannelScope],
})
export class ChannelsModule {}

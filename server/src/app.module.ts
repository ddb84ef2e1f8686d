import { type DynamicModule, Global, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import type { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from './config/app-config';
import { AllExceptionsFilter } from './common/all-exceptions.filter';
import { Clock, SystemClock } from './common/clock';
import { LOGGER } from './common/logger';
import { SpaFallback } from './common/spa-fallback';
import { CatalogueModule } from './catalogue/catalogue.module';
import { HealthModule } from './health/health.module';
import { JobsModule } from './jobs/jobs.module';
import { ObservabilityModule } from './observability/observability.module';
import { RedisModule } from './redis/redis.module';
import { RateLimitModule } from './common/rate-limit/rate-limit.module';
import { SeatHoldCapModule } from './common/seat-hold-cap/seat-hold-cap.module';
import { BotCheckModule } from './botcheck/botcheck.module';
import { SeatsModule } from './seats/seats.module';
import { CartModule } from './cart/cart.module';
import { TicketsModule } from './tickets/tickets.module';
import { PaymentModule } from './payment/payment.module';
import { OrdersModule } from './orders/orders.module';
import { ReservationsModule } from './reservations/reservations.module';
import { NotificationsModule } from './notifications/notifications.module';
import { CustomersModule } from './customers/customers.module';
import { CancellationsModule } from './cancellations/cancellations.module';
import { BackOfficeModule } from './backoffice/backoffice.module';
import { TicketReferencesModule } from './ticket-references/ticket-references.module';
import { GiftsModule } from './gifts/gifts.module';
import { MembershipsModule } from './memberships/memberships.module';
import { WaiversModule } from './waivers/waivers.module';
import { OrderChangesModule } from './order-changes/order-changes.module';
import { VodModule } from './vod/vod.module';
import { ChannelsModule } from './channels/channels.module';
import { QueueModule } from './queue/queue.module';
import { CatalogueAdminModule } from './catalogue-admin/catalogue-admin.module';
import { MediaModule } from './media';
import { CheckinModule } from './checkin/checkin.module';

export interface AppModuleOptions {
  config: AppConfig;
  dataSource: DataSource;
  logger: Logger;
  clock?: Clock;
}

/** Process-wide adapters (config, database, logger, clock) every bounded context may inject. */
@Global()
@Module({})
class CoreModule {
  static register(options: AppModuleOptions): DynamicModule {
    return {
      module: CoreModule,
      providers: [
        { provide: APP_CONFIG, useValue: options.config },
        { provide: DataSource, useValue: options.dataSource },
        { provide: LOGGER, useValue: options.logger },
        { provide: Clock, useValue: options.clock ?? new SystemClock() },
        { provide: SpaFallback, useValue: new SpaFallback(options.config.CLIENT_DIST) },
      ],
      exports: [APP_CONFIG, DataSource, LOGGER, Clock, SpaFallback],
    };
  }
}

@Module({})
export class AppModule {
  static register(options: AppModuleOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.register(options),
        RedisModule,
        ObservabilityModule,
        RateLimitModule,
        SeatHoldCapModule,
        HealthModule,
        JobsModule,
        CatalogueModule,
        BotCheckModule,
        SeatsModule,
        CartModule,
        TicketsModule,
        PaymentModule,
        OrdersModule,
        ReservationsModule,
        NotificationsModule,
        CustomersModule,
        CancellationsModule,
        BackOfficeModule,
        TicketReferencesModule,
        GiftsModule,
        MembershipsModule,
        WaiversModule,
        OrderChangesModule,
        VodModule,
        ChannelsModule,
        QueueModule,
        CatalogueAdminModule,
        MediaModule,
        CheckinModule,
      ],
      // The filter is also a provider of its own: plain routes answer errors through it (app.factory.ts).
      providers: [AllExceptionsFilter, { provide: APP_FILTER, useExisting: AllExceptionsFilter }],
    };
  }
}

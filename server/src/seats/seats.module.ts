import { Module } from '@nestjs/common';
import { ChannelsModule } from '../channels/channels.module';
import { BestAvailableService } from './best-available.service';
import { HoldEndedNotifier } from './hold-ended-notifier';
import { PublicSeatStatus } from './public-seat-status';
import { RedisChangeSubscriber } from './redis-change-subscriber';
import { RedisSeatStore } from './redis-seat-store';
import { SaleMemory } from './sale-memory';
import { SeatAcrossService } from './seat-across.service';
import { SeatEngineService } from './seat-engine.service';
import { SeatChangeTap } from './seat-change-tap';
import { SeatFeed } from './seat-feed.service';
import { SeatLayouts } from './seat-layouts';
import { SeatReconciler } from './seat-reconciler';
import { SeatStore } from './seat-store.port';
import { SeatSweeper } from './seat-sweeper';
import { SeatsController, TimerController } from './seats.controller';
import { SeatsGateway } from './seats.gateway';
import { SeatsRepository } from './seats.repository';

/**
 * Real-time seat engine (docs/seat-engine.md): seat state in Redis behind one
 * Lua script per transition, REST calls, the socket.io live feed, the expiry
 * sweeper and the rebuild from PostgreSQL. Other contexts use SeatEngineService
 * (markSold after a sale, claimForPayment when payment starts).
 */
@Module({
  imports: [ChannelsModule],
  controllers: [SeatsController, TimerController],
  providers: [
    SeatsRepository,
    SeatLayouts,
    SaleMemory,
    { provide: SeatStore, useClass: RedisSeatStore },
    SeatEngineService,
    SeatFeed,
    SeatChangeTap,
    BestAvailableService,
    PublicSeatStatus,
    SeatsGateway,
    RedisChangeSubscriber,
    SeatSweeper,
    SeatReconciler,
    HoldEndedNotifier,
    SeatAcrossService,
  ],
  exports: [SeatAcrossService, SeatEngineService, SeatFeed, SeatSweeper, SeatReconciler, SeatStore, SeatChangeTap],
})
export class SeatsModule {}

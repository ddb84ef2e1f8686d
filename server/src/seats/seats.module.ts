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
import { SeatLiveState } from './seat-live-state';
import { SeatLocking } from './seat-locking.service';
import { SeatSales } from './seat-sales.service';
import { SeatStatusReader } from './seat-status.service';
import { SeatReplanning } from './seat-replanning';
import { SeatChangeTap } from './seat-change-tap';
import { SeatFeed } from './seat-feed.service';
import { SeatLayouts } from './seat-layouts';
import { SeatReconciler } from './seat-reconciler';
import { SeatStore } from './seat-store.port';
import { SeatSweeper } from './seat-sweeper';
import { SeatsController, TimerController } from './seats.controller';
import { SeatsGateway } from './seats.gateway';
import { SeatsRepository } from './seats.repository';
import { SoldSeatCheck } from './sold-seat-check';

/**
 * Real-time seat engine (docs/seat-engine.md): seat state in Redis behind one
 * Lua script per transition, REST calls, the socket.io live feed, the expiry
 * sweeper and the rebuild from PostgreSQL. Other contexts use SeatEngineService
 * (markSold after a sale, claimForPayment when payment starts, releaseSold and swapSold after a cancellation,
 * a released hold or an order change), never the store.
 */
@Module({
  imports: [ChannelsModule],
  controllers: [SeatsController, TimerController],
  providers: [
    SeatsRepository,
    SeatLayouts,
    SaleMemory,
    { provide: SeatStore, useClass: RedisSeatStore },
    SeatLiveState,
    SoldSeatCheck,
    SeatLocking,
    SeatSales,
    SeatStatusReader,
    SeatReplanning,
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
  // The store stays inside: other contexts change seats through SeatEngineService only (its checks, its live-state
  // rebuild); server/test/architecture/architecture.test.ts fails if one imports it.
  exports: [SeatAcrossService, SeatEngineService, SeatFeed, SeatSweeper, SeatReconciler, SeatChangeTap],
})
export class SeatsModule {}

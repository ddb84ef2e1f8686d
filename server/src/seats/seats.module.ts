import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { REDIS } from '../redis/redis.module';
import type Redis from 'ioredis';
import { BestAvailableService } from './best-available.service';
import { RedisChangeSubscriber } from './redis-change-subscriber';
import { RedisSeatStore } from './redis-seat-store';
import { SeatEngineService } from './seat-engine.service';
import { SeatFeed } from './seat-feed.service';
import { SeatLayouts } from './seat-layouts';
import { SeatStore } from './seat-store.port';
import { SeatSweeper } from './seat-sweeper';
import { SeatsController, TimerController } from './seats.controller';
import { SeatsGateway } from './seats.gateway';
import { SeatsRepository } from './seats.repository';
import { UnsafeNonAtomicSeatStore } from './unsafe-seat-store';

/**
 * Real-time seat engine (docs/seat-engine.md): seat state in Redis behind one
 * Lua script per transition, REST calls, the socket.io live feed, the expiry
 * sweeper and the rebuild from PostgreSQL. Other contexts use SeatEngineService
 * (markSold after a sale, extendForPayment when payment starts).
 */
@Module({
  controllers: [SeatsController, TimerController],
  providers: [
    SeatsRepository,
    SeatLayouts,
    {
      provide: SeatStore,
      inject: [REDIS, APP_CONFIG],
      useFactory: (redis: Redis, config: AppConfig): SeatStore => {
        if (!config.SEAT_ENGINE_UNSAFE_NONATOMIC) return new RedisSeatStore(redis, config);
        if (config.NODE_ENV !== 'test') {
          throw new Error(
            'SEAT_ENGINE_UNSAFE_NONATOMIC is a test-only switch (it allows double bookings); refusing to start with it.',
          );
        }
        return new UnsafeNonAtomicSeatStore(redis, config);
      },
    },
    SeatEngineService,
    SeatFeed,
    BestAvailableService,
    SeatsGateway,
    RedisChangeSubscriber,
    SeatSweeper,
  ],
  exports: [SeatEngineService, SeatFeed, SeatSweeper, SeatStore],
})
export class SeatsModule {}

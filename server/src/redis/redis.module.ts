import { Global, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

export const REDIS = Symbol('REDIS');

/** Owns the ioredis connection; only adapters inject it. */
@Injectable()
export class RedisConnection implements OnApplicationShutdown {
  readonly client: Redis;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.client = new Redis(config.REDIS_URL, {
      lazyConnect: false,
      maxRetriesPerRequest: 2,
      enableAutoPipelining: true,
      connectionName: `hotline-${process.pid}`,
    });
    // Errors surface on commands; an unhandled 'error' event would crash the process.
    this.client.on('error', () => undefined);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.client.quit().catch(() => this.client.disconnect());
  }
}

@Global()
@Module({
  providers: [
    RedisConnection,
    { provide: REDIS, useFactory: (c: RedisConnection) => c.client, inject: [RedisConnection] },
  ],
  exports: [REDIS, RedisConnection],
})
export class RedisModule {}

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
      // Degraded mode: while Redis is unreachable a command fails after one reconnect attempt
      // (and never waits longer than the command timeout), so the seat calls answer 503 at once
      // instead of queueing until Redis returns.
      maxRetriesPerRequest: 1,
      commandTimeout: config.REDIS_COMMAND_TIMEOUT_MS,
      connectTimeout: Math.max(1000, config.REDIS_COMMAND_TIMEOUT_MS),
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

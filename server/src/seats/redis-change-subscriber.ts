import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { DependencyAlarm } from '../common/dependency-failure';
import { REDIS } from '../redis/redis.module';
import { changesChannel } from './seat-keys';
import { SeatChangeTap } from './seat-change-tap';
import { SeatFeed } from './seat-feed.service';

/**
 * Listens to the changes channel on its own connection (a subscribed ioredis
 * connection can do nothing else, hence duplicate()). Redis delivers a
 * connection's messages in publish order, and the scripts publish in version
 * order, so each node sees every presentation's versions in sequence; if the
 * connection drops, the feed repairs the gap from the change log on reconnect.
 */
@Injectable()
export class RedisChangeSubscriber implements OnModuleInit, OnModuleDestroy {
  private subscriber: Redis | null = null;
  private connectedOnce = false;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly feed: SeatFeed,
    private readonly alarm: DependencyAlarm,
    private readonly tap: SeatChangeTap,
  ) {}

  async onModuleInit(): Promise<void> {
    const channel = changesChannel(this.config.REDIS_PREFIX);
    const sub = this.redis.duplicate({ connectionName: `hotline-seats-sub-${process.pid}` });
    this.subscriber = sub;
    // Reconnect attempts fail every second or two while Redis is down: one line per window.
    sub.on('error', (err) => this.alarm.report('redis', 'seat change subscriber', err));
    sub.on('message', (_channel: string, message: string) => {
      this.feed.onMessage(message);
      this.tap.onMessage(message);
    });
    sub.on('ready', () => {
      if (this.connectedOnce) void this.feed.onReconnect();
      this.connectedOnce = true;
    });
    await sub.subscribe(channel);
  }

  async onModuleDestroy(): Promise<void> {
    const sub = this.subscriber;
    this.subscriber = null;
    if (sub) await sub.quit().catch(() => sub.disconnect());
  }
}

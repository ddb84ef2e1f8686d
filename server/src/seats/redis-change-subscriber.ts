import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { DependencyAlarm } from '../common/dependency-failure';
import { RedisConnection } from '../redis/redis.module';
import { changesChannel, slotChangesChannel } from './seat-keys';
import { SeatChangeTap } from './seat-change-tap';
import { SeatFeed } from './seat-feed.service';

/**
 * Listens to the changes channel on its own connection (a subscribed ioredis
 * connection can do nothing else, hence duplicate()). Redis delivers a
 * connection's messages in publish order, and the scripts publish in version
 * order, so each node sees every presentation's versions in sequence; if the
 * connection drops, the feed repairs the gap from the change log on reconnect.
 *
 * On a Redis Cluster the scripts SPUBLISH to their slot's channel (seat-keys.ts); this node SSUBSCRIBEs to all
 * 16,384 slot channels through ioredis' sharded subscribers (one connection per primary, moved to the new primary
 * after a failover). A slot's messages come from one shard in publish order, so versions stay in order per
 * presentation; a message lost in a failover is a gap the feed fills from the log at the next change.
 */
@Injectable()
export class RedisChangeSubscriber implements OnModuleInit, OnModuleDestroy {
  private subscriber: Redis | null = null;
  private connectedOnce = false;

  constructor(
    private readonly connection: RedisConnection,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly feed: SeatFeed,
    private readonly alarm: DependencyAlarm,
    private readonly tap: SeatChangeTap,
  ) {}

  async onModuleInit(): Promise<void> {
    const channel = changesChannel(this.config.REDIS_PREFIX);
    const sub = this.connection.subscriber('hotline-seats-sub');
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
    if (this.connection.cluster) {
      sub.on('smessage', (_channel: string, message: string) => {
        this.feed.onMessage(message);
        this.tap.onMessage(message);
      });
      const subscriptions: Promise<unknown>[] = [];
      for (let slot = 0; slot < 16384; slot++)
        subscriptions.push(sub.ssubscribe(slotChangesChannel(this.config.REDIS_PREFIX, slot)));
      await Promise.all(subscriptions);
      return;
    }
    await sub.subscribe(channel);
  }

  async onModuleDestroy(): Promise<void> {
    const sub = this.subscriber;
    this.subscriber = null;
    if (sub) await sub.quit().catch(() => sub.disconnect());
  }
}

import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type Redis from 'ioredis';
import { HoldEndedEvent, type HoldEndedMessage } from '@hotline/shared';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { DependencyAlarm } from '../common/dependency-failure';
import { RedisConnection } from '../redis/redis.module';
import { untilDependencyAnswers } from '../common/until-dependency-answers';
import { holdsEndedChannel } from './seat-keys';
import { SeatsGateway } from './seats.gateway';

/**
 * Tells a visitor, on their own sockets, that their hold ended (the sweeper released their expired locks), so the
 * booking page can say so at once instead of guessing from a later delta. The release script publishes one
 * message per owner on its own channel; every node forwards it to the sockets of that visitor it serves (a
 * visitor's tabs may be on several nodes). Best effort: the order timer still ends the hold on the page if a
 * message is lost.
 */
@Injectable()
export class HoldEndedNotifier implements OnModuleInit, OnModuleDestroy {
  private subscriber: Redis | null = null;

  constructor(
    private readonly connection: RedisConnection,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly gateway: SeatsGateway,
    private readonly alarm: DependencyAlarm,
  ) {}

  async onModuleInit(): Promise<void> {
    const sub = this.connection.subscriber('hotline-holds-ended');
    this.subscriber = sub;
    sub.on('error', (err) => this.alarm.report('redis', 'hold-ended subscriber', err));
    sub.on('message', (_channel: string, message: string) => this.forward(message));
    await untilDependencyAnswers(
      'redis',
      () => sub.subscribe(holdsEndedChannel(this.config.REDIS_PREFIX)),
      (err) => this.alarm.report('redis', 'hold-ended subscriber', err),
    );
  }

  /** "<pid> <owner> <key,key...>" -> HoldEndedEvent on that owner's sockets. */
  forward(message: string): void {
    const [pid, owner, keys] = message.split(' ');
    const presentationId = Number(pid);
    if (!owner || !keys || !Number.isSafeInteger(presentationId)) return;
    const payload: HoldEndedMessage = { presentationId, seats: keys.split(','), reason: 'expired' };
    this.gateway.toVisitor(owner, HoldEndedEvent, payload);
  }

  async onModuleDestroy(): Promise<void> {
    const sub = this.subscriber;
    this.subscriber = null;
    if (sub) await this.connection.close(sub);
  }
}

import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { classifyDependencyFailure, DependencyAlarm } from '../common/dependency-failure';
import { JobScheduler } from '../jobs';
import { RedisConnection } from '../redis/redis.module';
import { untilDependencyAnswers } from '../common/until-dependency-answers';
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
 * presentation. When ioredis has moved its sharded subscribers (a failover, a slot map change) every mirror is
 * checked against Redis, as after a reconnect; a gap seen later is filled from the log at the next change.
 */
/** Cluster start-up: how long to wait for ioredis' sharded subscribers, and how often to retry a refused SSUBSCRIBE. */
const SUBSCRIBERS_READY_WAIT_MS = 5000;
const SSUBSCRIBE_ATTEMPTS = 20;
const SSUBSCRIBE_RETRY_MS = 250;
const SUBSCRIBER_ROUNDS = 3;
/**
 * A round gives up on its connection when no SSUBSCRIBE has been answered for this long (a connection that answers
 * nothing). Not a bound on the whole round: 16,384 subscriptions took over 20 s on a starved machine while answering
 * all along (a fresh-clone run with a CPU burner failed every round of two files' start-ups on a 20 s total bound).
 */
const SUBSCRIBE_STALL_MS = 15_000;
/** And a round never takes longer than this in all (fresh-clone runs hung 180 s on a round still being answered). */
const SUBSCRIBE_ROUND_MAX_MS = 45_000;
const SLOTS = 16384;

/** A round given up, saying which bound ended it and how far it had got (the start-up's log names it). */
class RoundTimedOut extends Error {
  constructor(bound: 'silent' | 'total', answered: number) {
    const why =
      bound === 'silent'
        ? `${SUBSCRIBE_STALL_MS / 1000} s without an answer`
        : `${SUBSCRIBE_ROUND_MAX_MS / 1000} s in all`;
    super(
      `seat change subscriber: the slot channels were not subscribed in time (${why}; ${answered} of ${SLOTS} answered)`,
    );
  }
}

function timedOut(error: unknown): boolean {
  return error instanceof RoundTimedOut;
}

function noSubscriberYet(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith('No sharded subscriber for slot');
}

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

/** Rejects with RoundTimedOut once `answered()` has not moved for SUBSCRIBE_STALL_MS, until `work` settles. */
function stalled(work: Promise<unknown>, answered: () => number): Promise<never> {
  return new Promise<never>((_resolve, reject) => {
    let seen = answered();
    const timer = setInterval(() => {
      const now = answered();
      if (now === seen) {
        clearInterval(timer);
        reject(new RoundTimedOut('silent', now));
      }
      seen = now;
    }, SUBSCRIBE_STALL_MS);
    timer.unref();
    void work.then(
      () => clearInterval(timer),
      () => clearInterval(timer),
    );
  });
}

@Injectable()
export class RedisChangeSubscriber implements OnModuleInit, OnModuleDestroy {
  private subscriber: Redis | null = null;
  private connectedOnce = false;
  /** Cluster: consecutive stream checks that found a mirror behind Redis. */
  private behindChecks = 0;
  /** Cluster: the sharded subscribers whose messages count (two for a moment while one replaces the other). */
  private readonly live = new Set<Redis>();

  constructor(
    private readonly connection: RedisConnection,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly feed: SeatFeed,
    private readonly alarm: DependencyAlarm,
    private readonly tap: SeatChangeTap,
    scheduler: JobScheduler,
  ) {
    // Job `seat-stream-check` (cluster only): after a failover ioredis does not always move its sharded
    // subscribers to the promoted replica (seen in the failover test: the slot map settles while the
    // subscribers are being reset). Every 2 s each mirror is compared with Redis: one that has not received by now
    // the version Redis had at the previous check is repaired from the log (SeatFeed.checkBehind: newer versions
    // are just in flight), so a watcher still gets every version, in order; behind on two checks running, the
    // subscriber is rebuilt.
    scheduler.register('seat-stream-check', {
      everyMs: connection.cluster ? 2000 : 0,
      run: () => this.checkStream(),
    });
  }

  private async checkStream(): Promise<void> {
    if (!this.subscriber) return;
    const behind = await this.feed.checkBehind();
    this.behindChecks = behind > 0 ? this.behindChecks + 1 : 0;
    if (this.behindChecks < 2) return;
    this.behindChecks = 0;
    const old = this.subscriber;
    await this.subscribeSharded();
    // The old subscriber kept delivering until the new one had subscribed every slot, so the switch loses
    // nothing; a version both delivered is applied once (the feed skips versions it has).
    this.live.delete(old);
    await old.quit().catch(() => old.disconnect());
  }

  /** Cluster: a new sharded subscriber for all 16,384 slot channels (replaces the current one once subscribed). */
  private async subscribeSharded(): Promise<void> {
    // A connection whose sharded subscribers ioredis never set up (seen once under a load of 11: every SSUBSCRIBE
    // still refused after the retries) is dropped for a fresh one, a few times, before start-up gives up.
    for (let round = 1; ; round++) {
      const sub = this.connection.subscriber('hotline-seats-sub');
      // A round that stops making progress is abandoned: a fresh-clone suite run saw start-up hang for 180 s on a
      // connection that never answered its SSUBSCRIBEs at all.
      let answered = 0;
      const subscribed = this.subscribeAllSlots(sub, () => answered++);
      subscribed.catch(() => undefined);
      try {
        await Promise.race([
          subscribed,
          stalled(subscribed, () => answered),
          pause(SUBSCRIBE_ROUND_MAX_MS).then(() => Promise.reject(new RoundTimedOut('total', answered))),
        ]);
        this.subscriber = sub;
        return;
      } catch (error) {
        this.live.delete(sub);
        sub.disconnect();
        if (round >= SUBSCRIBER_ROUNDS || !(noSubscriberYet(error) || timedOut(error))) throw error;
        this.alarm.report('redis', 'seat change subscriber', error);
      }
    }
  }

  private async subscribeAllSlots(sub: Redis, onAnswer: () => void): Promise<void> {
    this.live.add(sub);
    sub.on('error', (err) => this.alarm.report('redis', 'seat change subscriber', err));
    sub.on('smessage', (_channel: string, message: string) => {
      if (!this.live.has(sub)) return;
      this.feed.onMessage(message);
      this.tap.onMessage(message);
    });
    let shardedOnce = false;
    const ready = new Promise<void>((resolve) => sub.once('subscribersReady', () => resolve()));
    sub.on('subscribersReady', () => {
      if (shardedOnce) void this.feed.onReconnect();
      shardedOnce = true;
    });
    // ioredis starts its per-primary sharded subscribers after the slot map, asynchronously, and may call the cluster
    // ready first: an SSUBSCRIBE sent before its primary's subscriber exists is refused ("No sharded subscriber for
    // slot", seen at start-up on a loaded machine). Wait for them (bounded), then retry what was still refused.
    await Promise.race([ready, pause(SUBSCRIBERS_READY_WAIT_MS)]);
    let pending = Array.from({ length: SLOTS }, (_, slot) => slot);
    for (let attempt = 1; pending.length > 0; attempt++) {
      const refused: number[] = [];
      await Promise.all(
        pending.map((slot) =>
          sub.ssubscribe(slotChangesChannel(this.config.REDIS_PREFIX, slot)).then(
            () => onAnswer(),
            (error: unknown) => {
              onAnswer();
              // A refusal before the shard's subscriber exists, or a command timeout on a starved machine: that slot
              // is sent again (SSUBSCRIBE is idempotent), not the whole round of 16,384 thrown away.
              const retriable = noSubscriberYet(error) || classifyDependencyFailure(error) === 'redis';
              if (attempt >= SSUBSCRIBE_ATTEMPTS || !retriable) throw error;
              refused.push(slot);
            },
          ),
        ),
      );
      pending = refused;
      if (pending.length > 0) await pause(SSUBSCRIBE_RETRY_MS);
    }
  }

  async onModuleInit(): Promise<void> {
    const report = (err: unknown) => this.alarm.report('redis', 'seat change subscriber', err);
    // A round that fails because Redis does not answer yet (not its own sharded-subscriber trouble) starts over.
    if (this.connection.cluster) return untilDependencyAnswers('redis', () => this.subscribeSharded(), report);
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
    await untilDependencyAnswers('redis', () => sub.subscribe(channel), report);
  }

  async onModuleDestroy(): Promise<void> {
    const sub = this.subscriber;
    this.subscriber = null;
    this.live.clear();
    if (sub) await sub.quit().catch(() => sub.disconnect());
  }
}

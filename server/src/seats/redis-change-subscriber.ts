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
 * A round gives up on its connection when, while that connection is ready, no SSUBSCRIBE has succeeded for this long:
 * a connection that answers nothing, or only with refusals and timeouts (a sharded subscriber that never came up).
 * While the connection is not ready (no slot map yet, or reconnecting) ioredis parks the SSUBSCRIBEs in its offline
 * queue, where no command timeout runs: that is Redis being slow or away, which is waited for (CLUSTER_READY_WAIT_MS,
 * then the start-up's dependency budget), not a broken connection to be thrown away. Not a bound on the whole round
 * either: on a starved machine 16,384 subscriptions take a minute while succeeding all along. Both used to end rounds
 * that were about to work, and the next round started from nothing on a new connection under the same load: a
 * start-up under load did not finish in 90 s (cluster-startup.medium, docs/testing.md). A round cannot run for ever:
 * each slot succeeds once, and a slot that keeps failing stops after SSUBSCRIBE_ATTEMPTS.
 */
const SUBSCRIBE_STALL_MS = 15_000;
/** How long a round waits for its new connection to be ready before the attempt counts as Redis away. */
const CLUSTER_READY_WAIT_MS = 30_000;
const SLOTS = 16384;

/** A round given up, saying how far it had got (the start-up's log names it). */
class RoundTimedOut extends Error {
  constructor(subscribed: number) {
    super(
      `seat change subscriber: no slot channel subscribed for ${SUBSCRIBE_STALL_MS / 1000} s while connected (${subscribed} of ${SLOTS} subscribed)`,
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

/**
 * Rejects with RoundTimedOut once `subscribed()` has not moved for SUBSCRIBE_STALL_MS while `connected()` held
 * throughout, until `work` settles.
 */
function stalled(work: Promise<unknown>, subscribed: () => number, connected: () => boolean): Promise<never> {
  return new Promise<never>((_resolve, reject) => {
    let seen = subscribed();
    let connectedThroughout = connected();
    const poll = setInterval(() => {
      connectedThroughout &&= connected();
    }, 250);
    const timer = setInterval(() => {
      const now = subscribed();
      if (now === seen && connectedThroughout && connected()) {
        clearInterval(timer);
        clearInterval(poll);
        reject(new RoundTimedOut(now));
      }
      seen = now;
      connectedThroughout = connected();
    }, SUBSCRIBE_STALL_MS);
    poll.unref();
    timer.unref();
    const stop = () => {
      clearInterval(timer);
      clearInterval(poll);
    };
    void work.then(stop, stop);
  });
}

/** Resolves when the cluster connection has its slot map; a connection not ready in time fails as Redis away. */
function clusterReady(sub: Redis): Promise<void> {
  if (sub.status === 'ready') return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    const onReady = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      sub.off('ready', onReady);
      reject(
        new Error(
          `Cluster isn't ready: the seat change subscriber's connection had no slot map after ${CLUSTER_READY_WAIT_MS / 1000} s`,
        ),
      );
    }, CLUSTER_READY_WAIT_MS);
    timer.unref();
    sub.once('ready', onReady);
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
    await this.connection.close(old);
  }

  /** Cluster: a new sharded subscriber for all 16,384 slot channels (replaces the current one once subscribed). */
  private async subscribeSharded(): Promise<void> {
    // A connection whose sharded subscribers ioredis never set up (seen once under a load of 11: every SSUBSCRIBE
    // still refused after the retries) is dropped for a fresh one, a few times, before start-up gives up.
    for (let round = 1; ; round++) {
      const sub = this.connection.subscriber('hotline-seats-sub');
      // A round that stops making progress is abandoned: a fresh-clone suite run saw start-up hang for 180 s on a
      // connection that never answered its SSUBSCRIBEs at all.
      let subscribed = 0;
      const done = this.subscribeAllSlots(sub, () => subscribed++);
      done.catch(() => undefined);
      try {
        await Promise.race([
          done,
          stalled(
            done,
            () => subscribed,
            () => sub.status === 'ready',
          ),
        ]);
        this.subscriber = sub;
        return;
      } catch (error) {
        this.live.delete(sub);
        this.connection.drop(sub);
        if (round >= SUBSCRIBER_ROUNDS || !(noSubscriberYet(error) || timedOut(error))) throw error;
        this.alarm.report('redis', 'seat change subscriber', error);
      }
    }
  }

  private async subscribeAllSlots(sub: Redis, onSubscribed: () => void): Promise<void> {
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
    await clusterReady(sub);
    await Promise.race([ready, pause(SUBSCRIBERS_READY_WAIT_MS)]);
    let pending = Array.from({ length: SLOTS }, (_, slot) => slot);
    for (let attempt = 1; pending.length > 0; attempt++) {
      const refused: number[] = [];
      await Promise.all(
        pending.map((slot) =>
          sub.ssubscribe(slotChangesChannel(this.config.REDIS_PREFIX, slot)).then(
            () => onSubscribed(),
            (error: unknown) => {
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
    if (sub) await this.connection.close(sub);
  }
}

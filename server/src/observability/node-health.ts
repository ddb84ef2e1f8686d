import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type Redis from 'ioredis';
import { Clock } from '../common/clock';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { REDIS } from '../redis/redis.module';
import { buildVersion } from './build-version';
import type { DelaySummary } from './event-loop-delay';
import { NodeEventLoop } from './node-event-loop';

export interface NodeBeat {
  nodeId: string;
  version: string;
  startedAt: string;
  heartbeatAt: string;
  /**
   * The event loop's delay since the previous beat, p99 in ms (a busy or blocked node shows here): the node's one
   * monitor, read by the metrics too (event-loop-delay.ts; an upper bound when a scrape fell within the interval).
   */
  eventLoopLagP99Ms: number;
}

/** How often a node writes its beat. */
export const HEARTBEAT_MS = 5_000;
/** A beat older than this: the node is called silent (stopped, or too busy to beat). */
export const SILENT_AFTER_MS = 30_000;
/** A beat older than this is forgotten (a node replaced by a deploy). */
const FORGET_AFTER_MS = 60 * 60_000;

/**
 * Each server node's heartbeat (docs/operations.md, "Control room"): one field per node in one Redis hash, refreshed
 * every HEARTBEAT_MS with its version and event-loop lag, so any node can say which nodes are alive without
 * Prometheus. The first beat is written when the application has started.
 */
@Injectable()
export class NodeHealth implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly nodeId = `${hostname()}:${process.pid}:${randomUUID().slice(0, 6)}`;
  private readonly startedAt: string;
  private readonly version = buildVersion();
  private readonly lag: () => DelaySummary;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
    eventLoop: NodeEventLoop,
  ) {
    this.startedAt = clock.now().toISOString();
    this.lag = eventLoop.delay.reader();
  }

  private get key(): string {
    return `${this.config.REDIS_PREFIX}nodes:health`;
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.beat().catch(() => undefined);
    this.timer = setInterval(() => void this.beat().catch(() => undefined), HEARTBEAT_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.redis.hdel(this.key, this.nodeId).catch(() => undefined);
  }

  async beat(): Promise<void> {
    const p99 = this.lag().p99 / 1e6;
    const beat: NodeBeat = {
      nodeId: this.nodeId,
      version: this.version,
      startedAt: this.startedAt,
      heartbeatAt: this.clock.now().toISOString(),
      eventLoopLagP99Ms: Math.round(p99 * 10) / 10,
    };
    await this.redis.hset(this.key, this.nodeId, JSON.stringify(beat));
  }

  /** Every node that beat within the last hour, by id; long-gone nodes are dropped from the hash. */
  async nodes(): Promise<(NodeBeat & { silent: boolean })[]> {
    const now = this.clock.nowMs();
    const all = await this.redis.hgetall(this.key);
    const beats: (NodeBeat & { silent: boolean })[] = [];
    const gone: string[] = [];
    for (const [field, text] of Object.entries(all)) {
      let beat: NodeBeat;
      try {
        beat = JSON.parse(text) as NodeBeat;
      } catch {
        gone.push(field);
        continue;
      }
      const age = now - Date.parse(beat.heartbeatAt);
      if (!(age < FORGET_AFTER_MS)) gone.push(field);
      else beats.push({ ...beat, silent: age > SILENT_AFTER_MS });
    }
    if (gone.length > 0) await this.redis.hdel(this.key, ...gone).catch(() => undefined);
    return beats.sort((a, b) => a.nodeId.localeCompare(b.nodeId));
  }
}

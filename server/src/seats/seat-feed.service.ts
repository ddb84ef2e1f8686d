import { Inject, Injectable, Optional, type OnModuleDestroy } from '@nestjs/common';
import type { Logger } from 'pino';
import { SeatEvents, type SeatDeltaMessage, type SeatSnapshotMessage } from '@hotline/shared';
import { Clock } from '../common/clock';
import { LOGGER } from '../common/logger';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { JobScheduler } from '../jobs';
import { Metrics, NO_METRICS } from '../observability';
import { AdaptiveWindow } from './adaptive-window';
import type { Layout } from './seat-layout';
import { SeatEngineService } from './seat-engine.service';
import { parseChangeMessage, publicView, stateLetter, statusRows, touchedRows, type ChangeMessage } from './seat-state';
import { SeatStore, type LogEntry } from './seat-store.port';

/** Where batched deltas and snapshots go: the socket.io rooms of this node (the gateway). */
export interface SeatBroadcaster {
  toRoom(presentationId: number, event: string, payload: unknown): void;
  roomSize(presentationId: number): number;
}

export type SubscribeReply =
  | { event: typeof SeatEvents.Delta; payload: SeatDeltaMessage }
  | { event: typeof SeatEvents.Snapshot; payload: SeatSnapshotMessage };

/** How long a mirror nobody watches or reads is kept before it is dropped. */
const IDLE_MS = 60_000;
const EVICT_EVERY_MS = 10_000;

/**
 * One presentation's public state as this node knows it. `state` holds one
 * letter per non-available place and is updated as soon as a change arrives;
 * `emitted` is the version the room was last brought to; `pending` the places
 * changed since. A reader may thus see state slightly ahead of `emitted`: that
 * is harmless because every pending place is re-sent in the next batch.
 */
interface Mirror {
  pid: number;
  layout: Layout;
  state: Map<string, string>;
  received: number;
  emitted: number;
  pending: Set<string>;
  queue: ChangeMessage[];
  /** Set while loading or repairing a gap; messages queue up meanwhile. */
  busy: Promise<void> | null;
  timer: NodeJS.Timeout | null;
  flushDueAt: number;
  window: AdaptiveWindow;
  lastUsed: number;
  /** Cluster stream check: the version Redis had at the previous check (0: none yet). */
  checked: number;
}

/**
 * Live updates: turns the ordered stream of changes Redis publishes (every node
 * receives every change, in version order) into one batched delta per room per
 * window, with contiguous versions, and answers subscribers with a delta from
 * the change log or a snapshot. Nothing here talks to socket.io or Redis
 * directly: the gateway is the broadcaster, the store reads the log.
 */
@Injectable()
export class SeatFeed implements OnModuleDestroy {
  private readonly mirrors = new Map<number, Mirror>();
  private readonly loading = new Map<number, Promise<Mirror>>();
  private broadcaster: SeatBroadcaster | null = null;
  /** Counters for tests and benchmarks. */
  readonly stats = { batches: 0, rows: 0, snapshots: 0, repairs: 0, reloads: 0 };

  constructor(
    private readonly engine: SeatEngineService,
    private readonly store: SeatStore,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    scheduler: JobScheduler,
    @Optional() private readonly metrics: Metrics = NO_METRICS,
  ) {
    // Job `seat-feed-evict`: forgets presentations nobody watches (the per-batch flush timers are not jobs).
    scheduler.register('seat-feed-evict', { everyMs: EVICT_EVERY_MS, run: async () => this.evictIdle() });
  }

  attach(broadcaster: SeatBroadcaster): void {
    this.broadcaster = broadcaster;
  }

  onModuleDestroy(): void {
    for (const m of this.mirrors.values()) if (m.timer) clearTimeout(m.timer);
    this.mirrors.clear();
  }

  /** The node's up-to-date view of a presentation (loads it on first use). */
  async mirror(pid: number): Promise<Mirror> {
    let m = this.mirrors.get(pid);
    if (!m) {
      let pending = this.loading.get(pid);
      if (!pending) {
        pending = this.load(pid).finally(() => this.loading.delete(pid));
        this.loading.set(pid, pending);
      }
      m = await pending;
    }
    while (m.busy) await m.busy;
    m.lastUsed = this.clock.nowMs();
    return m;
  }

  /** Public state for readers that tolerate a few ms of lag (best-available; its lock re-checks atomically). */
  async publicState(pid: number): Promise<{ layout: Layout; state: ReadonlyMap<string, string>; version: number }> {
    const m = await this.mirror(pid);
    return { layout: m.layout, state: m.state, version: m.emitted };
  }

  private async load(pid: number): Promise<Mirror> {
    const layout = await this.engine.layout(pid);
    const m: Mirror = {
      pid,
      layout,
      state: new Map(),
      received: 0,
      emitted: 0,
      pending: new Set(),
      queue: [],
      busy: null,
      timer: null,
      flushDueAt: 0,
      window: new AdaptiveWindow(this.config.DELTA_BATCH_MS, this.config.DELTA_BATCH_MAX_MS),
      lastUsed: this.clock.nowMs(),
      checked: 0,
    };
    // Registered before the snapshot is read, so no change published meanwhile is missed:
    // it waits in the queue and is applied (or skipped as already included) afterwards.
    let done!: () => void;
    m.busy = new Promise((resolve) => {
      done = resolve;
    });
    this.mirrors.set(pid, m);
    try {
      await this.reload(m);
    } catch (error) {
      this.mirrors.delete(pid);
      done();
      throw error;
    }
    m.busy = null;
    done();
    this.drain(m);
    return m;
  }

  private async reload(m: Mirror): Promise<void> {
    const snap = await this.engine.snapshot(m.layout);
    m.state = new Map();
    for (const [key, raw] of snap.state) m.state.set(key, stateLetter(raw));
    m.received = snap.version;
    m.emitted = snap.version;
    m.pending.clear();
    if (m.timer) {
      clearTimeout(m.timer);
      m.timer = null;
    }
  }

  /** A raw message from the changes channel. */
  onMessage(text: string): void {
    // Every node hears every presentation's changes: skip the parse for those it does not mirror.
    const m = this.mirrors.get(Number(text.slice(0, text.indexOf(' '))));
    if (!m) return;
    const msg = parseChangeMessage(text);
    if (!msg) return;
    m.queue.push(msg);
    if (!m.busy) this.drain(m);
  }

  /**
   * The subscriber connection came back: changes may have been missed; check every mirror against Redis.
   *
   * The version is read on the command connection while the messages come on the subscriber's, and nothing orders
   * the two: a GET reply may be handled after messages published later (so Redis "is behind" the mirror), or before
   * messages published earlier that are still in flight. Only a version below what the mirror had received before
   * the GET was sent means Redis went back (a failover lost writes, a rebuild): that alone forces a reload.
   */
  async onReconnect(): Promise<void> {
    for (const m of this.mirrors.values()) {
      const sent = m.received;
      const version = await this.versionOf(m.pid);
      // Unknown (Redis unreachable again) or being loaded/repaired: the next reconnect or change sees to it.
      if (version === undefined || m.busy) continue;
      if (version === null || version < sent) this.startRepair(m, null, true);
      else if (version > m.received) this.startRepair(m, version, false);
    }
  }

  /**
   * Redis Cluster's periodic stream check (job `seat-stream-check`). A mirror is behind only if it has still not
   * received the version Redis had at the previous check, a period ago: versions newer than the GET reply are
   * normally just in flight on the subscriber, and repairing them (or reloading because a reply was older than a
   * message already handled) replaced deltas with log repairs, subscriber rebuilds and snapshots.
   * Resolves to how many mirrors were behind (and are being repaired from the log).
   */
  async checkBehind(): Promise<number> {
    let behind = 0;
    for (const m of this.mirrors.values()) {
      const sent = m.received;
      const previous = m.checked;
      const version = await this.versionOf(m.pid);
      if (version === undefined || m.busy) continue;
      if (version === null || version < sent) {
        m.checked = 0;
        this.startRepair(m, null, true);
        continue;
      }
      m.checked = version;
      if (previous > m.received) {
        behind++;
        this.startRepair(m, previous, false);
      }
    }
    return behind;
  }

  /** The presentation's version in Redis; null if it has none (lost or never built); undefined if unreachable. */
  private async versionOf(pid: number): Promise<number | null | undefined> {
    try {
      return await this.store.currentVersion(pid);
    } catch {
      return undefined;
    }
  }

  private drain(m: Mirror): void {
    while (m.queue.length && !m.busy) {
      const msg = m.queue.shift()!;
      if (msg.changes === null) {
        if (msg.version !== m.received) this.startRepair(m, null, true);
        continue;
      }
      if (msg.version <= m.received) continue;
      if (msg.version === m.received + 1) {
        this.apply(m, msg.version, msg.changes);
        continue;
      }
      // A gap (a message was lost, e.g. while the subscriber reconnected): fill it from the log.
      m.queue.unshift(msg);
      this.startRepair(m, msg.version - 1, false);
    }
  }

  private apply(m: Mirror, version: number, changes: [string, string][]): void {
    for (const [key, letter] of changes) {
      if (letter === 'a') m.state.delete(key);
      else m.state.set(key, letter);
      m.pending.add(key);
    }
    m.received = version;
    if (!m.timer) {
      m.flushDueAt = this.clock.nowMs() + m.window.ms;
      m.timer = setTimeout(() => this.flush(m), m.window.ms);
    }
  }

  private startRepair(m: Mirror, upto: number | null, forceReload: boolean): void {
    let done!: () => void;
    m.busy = new Promise((resolve) => {
      done = resolve;
    });
    void (async () => {
      try {
        let entries: LogEntry[] | null = null;
        if (!forceReload && upto !== null) entries = await this.store.readLog(m.pid, m.received, upto);
        if (entries) {
          this.stats.repairs++;
          for (const e of entries) this.apply(m, e.version, e.changes);
        } else {
          // The log no longer reaches back (or the state was rebuilt): start over from a snapshot.
          this.stats.reloads++;
          // A rebuilt state may be a date moved to another plan version: its seats come with it.
          if (forceReload) m.layout = await this.engine.freshLayout(m.pid);
          await this.reload(m);
          this.broadcastSnapshot(m);
        }
      } catch (error) {
        this.logger.warn(
          { err: error, presentationId: m.pid },
          'seat feed repair failed; will retry on the next change',
        );
      } finally {
        m.busy = null;
        done();
        this.drain(m);
      }
    })();
  }

  private flush(m: Mirror): void {
    m.timer = null;
    if (m.received === m.emitted) return;
    const lateness = Math.max(0, this.clock.nowMs() - m.flushDueAt);
    const rows = touchedRows(m.layout, m.state, m.pending, this.clock.nowMs());
    m.pending = new Set();
    const payload: SeatDeltaMessage = { presentationId: m.pid, fromVersion: m.emitted, toVersion: m.received, rows };
    m.emitted = m.received;
    this.stats.batches++;
    this.stats.rows += rows.length;
    this.broadcaster?.toRoom(m.pid, SeatEvents.Delta, payload);
    this.metrics.seatDeltaSent(lateness / 1000);
    m.window.record(lateness, rows.length);
  }

  private snapshotOf(m: Mirror): SeatSnapshotMessage {
    return {
      presentationId: m.pid,
      version: m.emitted,
      rows: statusRows(m.layout, m.state, publicView(this.clock.nowMs())),
    };
  }

  private broadcastSnapshot(m: Mirror): void {
    this.stats.snapshots++;
    this.broadcaster?.toRoom(m.pid, SeatEvents.Snapshot, this.snapshotOf(m));
  }

  /**
   * Answers a watcher: a delta from its version if the log still covers it, else
   * a snapshot. `deliver` runs synchronously right after the answer is computed,
   * before any batch can be flushed, so joining the room inside it leaves no gap:
   * the next room batch starts exactly at the version the answer ends at.
   */
  async subscribe(pid: number, version: number | undefined, deliver: (reply: SubscribeReply) => void): Promise<void> {
    const m = await this.mirror(pid);
    if (version !== undefined && version > 0 && version < m.emitted) {
      let upto = m.emitted;
      let entries = await this.store.readLog(pid, version, upto);
      while (entries && m.emitted > upto) {
        const more = await this.store.readLog(pid, upto, m.emitted);
        upto = m.emitted;
        entries = more ? [...entries, ...more] : null;
      }
      while (m.busy) await m.busy;
      if (entries && upto === m.emitted) {
        const keys = new Set<string>();
        for (const e of entries) for (const [key] of e.changes) keys.add(key);
        const rows = touchedRows(m.layout, m.state, keys, this.clock.nowMs());
        deliver({
          event: SeatEvents.Delta,
          payload: { presentationId: pid, fromVersion: version, toVersion: m.emitted, rows },
        });
        return;
      }
    } else if (version !== undefined && version > 0 && version === m.emitted) {
      deliver({
        event: SeatEvents.Delta,
        payload: { presentationId: pid, fromVersion: version, toVersion: version, rows: [] },
      });
      return;
    }
    this.stats.snapshots++;
    deliver({ event: SeatEvents.Snapshot, payload: this.snapshotOf(m) });
  }

  private evictIdle(): void {
    const now = this.clock.nowMs();
    for (const m of this.mirrors.values()) {
      if (now - m.lastUsed > IDLE_MS && (this.broadcaster?.roomSize(m.pid) ?? 0) === 0 && !m.busy) {
        if (m.timer) clearTimeout(m.timer);
        this.mirrors.delete(m.pid);
      }
    }
  }
}

import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { REDIS } from '../redis/redis.module';
import { ADMIT_LUA } from './lua/admit.lua';
import { JOIN_GATED_LUA, JOIN_LUA } from './lua/join.lua';
import { SEEN_LUA } from './lua/seen.lua';
import { STATUS_LUA } from './lua/status.lua';
import type { QueueProgressMessage } from '@hotline/shared';
import { progressChannel, queueKeys, type QueueKeys } from './queue-keys';

export type Standing =
  | { kind: 'admitted'; until: number; removed: number; lineLength: number }
  | { kind: 'line'; rank: number; removed: number; lineLength: number; created: boolean }
  | { kind: 'outside'; removed: number; lineLength: number };

export interface AdmitRule {
  now: number;
  saleStartsAt: number;
  admitPerMinute: number;
  maxActive: number;
  shoppingMs: number;
  abandonMs: number;
}

export interface AdmitResult {
  admitted: number;
  removed: number;
  lineLength: number;
  dropped: number;
  /** Passes whose shopping window ended before this run (their holders' room is given back). */
  expired: number;
  /** Who was admitted by this run, in line order. */
  visitors: string[];
}

type Script = (...args: (string | number)[]) => Promise<unknown[]>;

/** What a join through the API spends and proves in its one script (JOIN_GATED_LUA), as its owners built it. */
export interface JoinGate {
  /** The route's two counters (per visitor, per address: RateLimitService.scriptInputs), in the line's slot. */
  counters: { keys: string[]; args: number[] };
  /** The proof of work's binding (AltchaBotCheck.check), in the line's slot. */
  binding: { key: string; ttlSeconds: number };
  /** False for an expired challenge: it only finds the binding it had while fresh. */
  fresh: boolean;
}

/** The gate's refusals: over the rate limit (retry after `waitMs`), or a proof that is not this visitor's. */
export type GatedStanding = Standing | { kind: 'limited'; waitMs: number } | { kind: 'unproven' };

/** JOIN_LUA's answer (the tail of JOIN_GATED_LUA's). */
function joined(r: unknown[]): Standing {
  const removed = Number(r[3]);
  const lineLength = Number(r[4]);
  if (r[0] === 'admitted') return { kind: 'admitted', until: Number(r[1]), removed, lineLength };
  return { kind: 'line', rank: Number(r[1]), created: Number(r[2]) === 1, removed, lineLength };
}

/** The most visitors one admission run pops (keeps one script short even after a long pause). */
const MAX_POPS = 5_000;

/**
 * Visitors per seen-refresh script call: one call blocks Redis for about a millisecond (a ZSCORE and a hash
 * field each), and 2,000 HSET arguments stay far under Lua's unpack limit (8,000).
 */
const SEEN_CHUNK = 1_000;

/**
 * The only code that touches the waiting room's Redis keys; every change is one Lua script.
 * Queue positions live in Redis with AOF (docs/waiting-room.md, "Durability").
 */
@Injectable()
export class QueueStore {
  private readonly join_: Script;
  private readonly joinGated_: Script;
  private readonly status_: Script;
  private readonly admit_: Script;
  private readonly seen_: Script;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) protected readonly config: AppConfig,
  ) {
    redis.defineCommand('hotlineQueueJoin', { lua: JOIN_LUA, numberOfKeys: 5 });
    redis.defineCommand('hotlineQueueJoinGated', { lua: JOIN_GATED_LUA, numberOfKeys: 8 });
    redis.defineCommand('hotlineQueueStatus', { lua: STATUS_LUA, numberOfKeys: 4 });
    redis.defineCommand('hotlineQueueAdmit', { lua: ADMIT_LUA, numberOfKeys: 6 });
    redis.defineCommand('hotlineQueueSeen', { lua: SEEN_LUA, numberOfKeys: 2 });
    const commands = redis as unknown as Record<
      'hotlineQueueJoin' | 'hotlineQueueJoinGated' | 'hotlineQueueStatus' | 'hotlineQueueAdmit' | 'hotlineQueueSeen',
      Script
    >;
    this.join_ = commands.hotlineQueueJoin.bind(redis);
    this.joinGated_ = commands.hotlineQueueJoinGated.bind(redis);
    this.status_ = commands.hotlineQueueStatus.bind(redis);
    this.admit_ = commands.hotlineQueueAdmit.bind(redis);
    this.seen_ = commands.hotlineQueueSeen.bind(redis);
  }

  /** Protected for the rate test's control run only (server/test/queue/support), which splits the bucket per node. */
  protected keys(presentationId: number): QueueKeys {
    return queueKeys(this.config.REDIS_PREFIX, presentationId);
  }

  /**
   * Takes a place (or finds the one this visitor has); `draw` is the pre-queue score used before the start;
   * `demoLineAhead` > 0 (demo data only) tops the line up with synthetic entries first (join.lua.ts).
   */
  async join(
    presentationId: number,
    visitorId: string,
    now: number,
    saleStartsAt: number,
    draw: number,
    demoLineAhead = 0,
  ): Promise<Standing> {
    const k = this.keys(presentationId);
    const r = await this.join_(
      k.line,
      k.seq,
      k.seen,
      k.active,
      k.removed,
      visitorId,
      now,
      saleStartsAt,
      draw,
      demoLineAhead,
    );
    return joined(r);
  }

  /**
   * The API's join in one round trip (JOIN_GATED_LUA): the rate limit counted, the proof bound to this visitor, then
   * the join; a refusal changes nothing but the counters.
   */
  async joinGated(
    presentationId: number,
    visitorId: string,
    now: number,
    saleStartsAt: number,
    draw: number,
    demoLineAhead: number,
    gate: JoinGate,
  ): Promise<GatedStanding> {
    if (gate.counters.keys.length !== 2 || gate.counters.args.length !== 4)
      throw new Error('a gated join counts exactly two counters (per visitor, per address)');
    const k = this.keys(presentationId);
    const r = await this.joinGated_(
      k.line,
      k.seq,
      k.seen,
      k.active,
      k.removed,
      gate.binding.key,
      ...gate.counters.keys,
      visitorId,
      now,
      saleStartsAt,
      draw,
      demoLineAhead,
      gate.binding.ttlSeconds,
      gate.fresh ? '1' : '0',
      ...gate.counters.args,
    );
    if (r[0] === 'limited') return { kind: 'limited', waitMs: Number(r[1]) };
    if (r[0] === 'unproven') return { kind: 'unproven' };
    return joined(r);
  }

  /** Where the visitor stands; `touch` counts it as a heartbeat. */
  async standing(presentationId: number, visitorId: string, now: number, touch: boolean): Promise<Standing> {
    const k = this.keys(presentationId);
    const r = await this.status_(k.line, k.seen, k.active, k.removed, visitorId, now, touch ? '1' : '0');
    const removed = Number(r[2]);
    const lineLength = Number(r[3]);
    if (r[0] === 'admitted') return { kind: 'admitted', until: Number(r[1]), removed, lineLength };
    if (r[0] === 'line') return { kind: 'line', rank: Number(r[1]), removed, lineLength, created: false };
    return { kind: 'outside', removed, lineLength };
  }

  /**
   * Marks these visitors seen at `now` where they still have a place (seen.lua.ts), one script call per
   * SEEN_CHUNK, one after another (a node's refresh is background work, not worth a burst on the line's shard).
   * Answers how many were marked. A failed call rejects; the chunks before it stay marked.
   */
  async markSeen(presentationId: number, visitorIds: readonly string[], now: number): Promise<number> {
    const k = this.keys(presentationId);
    let marked = 0;
    for (let i = 0; i < visitorIds.length; i += SEEN_CHUNK) {
      const r = (await this.seen_(k.line, k.seen, now, ...visitorIds.slice(i, i + SEEN_CHUNK))) as unknown;
      marked += Number(r);
    }
    return marked;
  }

  /** One admission run (any node, any time: the bucket in Redis makes the total rate exact). */
  async admit(presentationId: number, rule: AdmitRule): Promise<AdmitResult> {
    const k = this.keys(presentationId);
    // Two seconds of credit at most: a node that skips a tick loses nothing, a quiet queue cannot save up a rush.
    const burst = Math.max(1, (rule.admitPerMinute / 60) * 2);
    const r = await this.admit_(
      k.line,
      k.seen,
      k.active,
      k.removed,
      k.bucket,
      k.admitted,
      rule.now,
      rule.saleStartsAt,
      rule.admitPerMinute,
      rule.maxActive,
      rule.shoppingMs,
      rule.abandonMs,
      burst,
      MAX_POPS,
    );
    return {
      admitted: Number(r[0]),
      removed: Number(r[1]),
      lineLength: Number(r[2]),
      dropped: Number(r[3]),
      visitors: (r[4] as string[] | undefined) ?? [],
      expired: Number(r[5] ?? 0),
    };
  }

  /** True when this node runs this presentation's admission this tick (the claim lapses after `ms`). */
  async claimTick(presentationId: number, nodeId: string, ms: number): Promise<boolean> {
    return (await this.redis.set(this.keys(presentationId).tickLeader, nodeId, 'PX', ms, 'NX')) === 'OK';
  }

  /** Sends a progress message to every node (each relays it to its own sockets). */
  async publishProgress(message: QueueProgressMessage): Promise<void> {
    await this.redis.publish(progressChannel(this.config.REDIS_PREFIX), JSON.stringify(message));
  }

  /** How many wait in the line and how many hold a pass still valid at `now` (the metrics' gauges). */
  async liveCounts(presentationId: number, now: number): Promise<{ inLine: number; active: number }> {
    const k = this.keys(presentationId);
    const [inLine, active] = await Promise.all([this.redis.zcard(k.line), this.redis.zcount(k.active, now, '+inf')]);
    return { inLine, active };
  }

  /**
   * Admitted at or after `since` (the control room's "last minute"): a pass's score is its admission time plus the
   * shopping window, so these are the passes ending at or after since + shoppingMs. Exact while the window is at
   * least as long as the look-back (the admission script removes a pass only once it ended) and the window was not
   * changed in between.
   */
  async admittedSince(presentationId: number, since: number, shoppingMs: number): Promise<number> {
    return this.redis.zcount(this.keys(presentationId).active, since + shoppingMs, '+inf');
  }

  /** Admitted so far in total (statistics). */
  async admittedTotal(presentationId: number): Promise<number> {
    return Number((await this.redis.get(this.keys(presentationId).admitted)) ?? 0);
  }
}

import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { Clock } from '../common/clock';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { REDIS } from '../redis/redis.module';

/** One-minute windows: the load is the larger of this window's count and the last one's. */
const WINDOW_MS = 60_000;

/** How often a node adds its calls to the shared count: the load is a one-minute signal, so a fifth of a second late is nothing. */
const FLUSH_EVERY_MS = 200;

/**
 * INCRBY this window's counter (expiring after two windows) and answer max(this, previous):
 * the previous window keeps a rush visible for up to a minute after it calms down, so the
 * work does not drop back the moment a window turns over.
 */
const RECORD_LUA = `
local n = redis.call('INCRBY', KEYS[1], ARGV[2])
if n == tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local before = tonumber(redis.call('GET', KEYS[2]) or '0')
if before > n then return before end
return n
`;

const READ_LUA = `
local now = tonumber(redis.call('GET', KEYS[1]) or '0')
local before = tonumber(redis.call('GET', KEYS[2]) or '0')
if before > now then return before end
return now
`;

type LoadCommand = (current: string, previous: string, windowMs?: number, count?: number) => Promise<number>;

/** One presentation's count on this node: the shared load at the last flush, calls in flight to Redis and since. */
interface LocalCount {
  known: number;
  inFlight: number;
  pending: number;
  flushedAt: number;
  /** The shared count has been read at least once (the first call waits for it). */
  seen: boolean;
  flushing?: Promise<void>;
}

/**
 * Load on a presentation, shared by every node: how many seat calls that passed the bot check
 * (lock-seat, best-available) it got in the last minute. Only verified calls count, so junk
 * tokens cannot make the check harder for real buyers.
 */
@Injectable()
export class PresentationLoad {
  private readonly recordCommand: LoadCommand;
  private readonly readCommand: LoadCommand;

  constructor(
    @Inject(REDIS) redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {
    redis.defineCommand('hotlineLoadRecord', { lua: RECORD_LUA, numberOfKeys: 2 });
    redis.defineCommand('hotlineLoadRead', { lua: READ_LUA, numberOfKeys: 2 });
    const commands = redis as unknown as Record<'hotlineLoadRecord' | 'hotlineLoadRead', LoadCommand>;
    this.recordCommand = commands.hotlineLoadRecord.bind(redis);
    this.readCommand = commands.hotlineLoadRead.bind(redis);
  }

  private readonly counts = new Map<number, LocalCount>();

  /**
   * Counts one verified seat call on the presentation; answers its load. The calls are added to the shared count
   * in one round trip per presentation every FLUSH_EVERY_MS (not one per seat call: that was a Redis round trip on
   * every lock); the answer is the shared count at the last flush plus this node's calls since, exact on one node.
   */
  record(presentationId: number): Promise<number> {
    let local = this.counts.get(presentationId);
    if (!local) {
      local = { known: 0, inFlight: 0, pending: 0, flushedAt: -Infinity, seen: false };
      this.counts.set(presentationId, local);
    }
    local.pending += 1;
    // The Clock is the wall clock (tests move it by hand): a clock stepped back counts as due, so flushes never stall.
    const sinceFlush = this.clock.nowMs() - local.flushedAt;
    if (!local.flushing && (sinceFlush >= FLUSH_EVERY_MS || sinceFlush < 0)) {
      local.flushing = this.flush(presentationId, local);
    }
    const estimate = (c: LocalCount) => c.known + c.inFlight + c.pending;
    if (!local.seen && local.flushing) return local.flushing.then(() => estimate(local));
    // A failed background flush keeps its calls for the next one; the seat call itself meets Redis on its own.
    local.flushing?.catch(() => undefined);
    return Promise.resolve(estimate(local));
  }

  private async flush(presentationId: number, local: LocalCount): Promise<void> {
    const [current, previous] = this.keys(presentationId);
    local.inFlight = local.pending;
    local.pending = 0;
    try {
      local.known = await this.recordCommand(current, previous, WINDOW_MS * 2, local.inFlight);
      local.seen = true;
      local.flushedAt = this.clock.nowMs();
    } catch (error) {
      local.pending += local.inFlight;
      throw error;
    } finally {
      local.inFlight = 0;
      local.flushing = undefined;
    }
  }

  /** Its load, without counting anything: the shared count plus this node's calls not yet added to it. */
  async read(presentationId: number): Promise<number> {
    const [current, previous] = this.keys(presentationId);
    const shared = await this.readCommand(current, previous);
    const local = this.counts.get(presentationId);
    return shared + (local ? local.inFlight + local.pending : 0);
  }

  private keys(presentationId: number): [string, string] {
    const window = Math.floor(this.clock.nowMs() / WINDOW_MS);
    // One hash tag per presentation: both windows in one slot, so the script runs on a Redis Cluster too.
    const base = `${this.config.REDIS_PREFIX}altcha:load:{${presentationId}}:`;
    return [`${base}${window}`, `${base}${window - 1}`];
  }
}

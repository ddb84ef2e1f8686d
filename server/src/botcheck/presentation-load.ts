import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { REDIS } from '../redis/redis.module';

/** One-minute windows: the load is the larger of this window's count and the last one's. */
const WINDOW_MS = 60_000;

/**
 * INCR this window's counter (expiring after two windows) and answer max(this, previous):
 * the previous window keeps a rush visible for up to a minute after it calms down, so the
 * work does not drop back the moment a window turns over.
 */
const RECORD_LUA = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
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

type LoadCommand = (current: string, previous: string, windowMs?: number) => Promise<number>;

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
  ) {
    redis.defineCommand('hotlineLoadRecord', { lua: RECORD_LUA, numberOfKeys: 2 });
    redis.defineCommand('hotlineLoadRead', { lua: READ_LUA, numberOfKeys: 2 });
    const commands = redis as unknown as Record<'hotlineLoadRecord' | 'hotlineLoadRead', LoadCommand>;
    this.recordCommand = commands.hotlineLoadRecord.bind(redis);
    this.readCommand = commands.hotlineLoadRead.bind(redis);
  }

  /** Counts one verified seat call on the presentation; answers its load. */
  record(presentationId: number): Promise<number> {
    const [current, previous] = this.keys(presentationId);
    return this.recordCommand(current, previous, WINDOW_MS * 2);
  }

  /** Its load, without counting anything. */
  read(presentationId: number): Promise<number> {
    const [current, previous] = this.keys(presentationId);
    return this.readCommand(current, previous);
  }

  private keys(presentationId: number): [string, string] {
    const window = Math.floor(Date.now() / WINDOW_MS);
    // One hash tag per presentation: both windows in one slot, so the script runs on a Redis Cluster too.
    const base = `${this.config.REDIS_PREFIX}altcha:load:{${presentationId}}:`;
    return [`${base}${window}`, `${base}${window - 1}`];
  }
}

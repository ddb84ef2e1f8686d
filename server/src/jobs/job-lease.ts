import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { REDIS } from '../redis/redis.module';

/**
 * Who may run a 'cluster' job right now. An optimisation, never the guard: every such job keeps its row-level
 * claim (FOR UPDATE SKIP LOCKED with a lease column), so two nodes running it at once is still correct; the
 * lease only spares the other nodes a scan that would find nothing to do.
 */
export abstract class JobLease {
  /** Takes the lease for ttlMs, or extends it when `holder` already has it. False when another holder has it. */
  abstract acquire(name: string, holder: string, ttlMs: number): Promise<boolean>;
  /** Gives the lease up if `holder` still has it (another node may take it at once). */
  abstract release(name: string, holder: string): Promise<void>;
}

const ACQUIRE = `
local v = redis.call('GET', KEYS[1])
if v == ARGV[1] then redis.call('PEXPIRE', KEYS[1], ARGV[2]) return 1 end
if v then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1`;

const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 0`;

/** One Redis key per job under REDIS_PREFIX, holding the holder's id; it lapses by itself when a node dies. */
@Injectable()
export class RedisJobLease extends JobLease {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  private key(name: string): string {
    return `${this.config.REDIS_PREFIX}jobs:lease:${name}`;
  }

  async acquire(name: string, holder: string, ttlMs: number): Promise<boolean> {
    return (await this.redis.eval(ACQUIRE, 1, this.key(name), holder, String(Math.ceil(ttlMs)))) === 1;
  }

  async release(name: string, holder: string): Promise<void> {
    await this.redis.eval(RELEASE, 1, this.key(name), holder);
  }
}

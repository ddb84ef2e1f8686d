import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type Redis from 'ioredis';
import { LRUCache } from 'lru-cache';
import { DataSource } from 'typeorm';
import { AppError } from '../app-error';
import { Clock } from '../clock';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { REDIS } from '../../redis/redis.module';
import { SEAT_HOLD_RESERVE_LUA } from './seat-hold-cap.script';

type RedisWithHoldCap = Redis & {
  hotlineSeatHoldReserve(key: string, ...args: (string | number)[]): Promise<[number, number]>;
};

export interface HeldSeat {
  sectionId: number;
  x: number;
  y: number;
}

/** A reservation of room under the cap, settled once the lock answers. */
export interface HoldReservation {
  /** The lock took these seats: they replace the provisional room. */
  confirm(seats: readonly HeldSeat[]): Promise<void>;
  /** The lock failed: the room is given back. */
  cancel(): Promise<void>;
}

const NO_RESERVATION: HoldReservation = { confirm: async () => undefined, cancel: async () => undefined };

/**
 * Seats one client address may hold at once on one presentation, across all its visitor
 * ids (one attacker with 13 uuids hoarded a whole cinema in half a second). The cap is
 * SEAT_HOLD_CAP_PER_IP, or the presentation's own seat_hold_cap_per_ip (0 = none).
 *
 * Bookkeeping lives beside the seat engine, not in it: a sorted set per (presentation,
 * address) of the seats it locked, each scored with when its lock would expire. A lock
 * reserves room first (atomically, SEAT_HOLD_RESERVE_LUA), then records the seats it got;
 * an unlock removes them; expiry drops them. A sale keeps them counted until the lock
 * would have expired, which only ever errs on the strict side.
 */
@Injectable()
export class SeatHoldCapService {
  private readonly redis: RedisWithHoldCap;
  private readonly caps = new LRUCache<number, { cap: number }>({ max: 10_000, ttl: 60_000 });

  constructor(
    @Inject(REDIS) redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {
    // numberOfKeys declared: on a Redis Cluster ioredis routes (and auto-pipelines) a script by its first key.
    redis.defineCommand('hotlineSeatHoldReserve', { lua: SEAT_HOLD_RESERVE_LUA, numberOfKeys: 1 });
    this.redis = redis as RedisWithHoldCap;
  }

  /** The cap on one presentation (cached for a minute; 0 = no cap). */
  async capOf(presentationId: number): Promise<number> {
    const cached = this.caps.get(presentationId);
    if (cached) return cached.cap;
    const rows: { cap: number | null }[] = await this.dataSource.query(
      'SELECT seat_hold_cap_per_ip AS cap FROM presentation WHERE id = $1',
      [presentationId],
    );
    const cap = rows[0]?.cap ?? this.config.SEAT_HOLD_CAP_PER_IP;
    this.caps.set(presentationId, { cap });
    return cap;
  }

  /** Room for `count` more seats, or 429 SEAT_HOLD_CAP with Retry-After (via the error's retryAfter). */
  async reserve(presentationId: number, address: string, visitorId: string, count: number): Promise<HoldReservation> {
    const cap = await this.capOf(presentationId);
    if (cap <= 0) return NO_RESERVATION;
    const key = this.keyOf(presentationId, address);
    const now = this.clock.nowMs();
    const expiry = now + this.config.LOCK_HARD_CAP_SECONDS * 1000;
    const provisional = `pending:${randomBytes(6).toString('hex')}:`;
    const [ok, waitMs] = await this.redis.hotlineSeatHoldReserve(key, now, cap, count, provisional, expiry);
    if (ok !== 1) {
      throw new AppError('SEAT_HOLD_CAP', { cap, retryAfter: Math.ceil(waitMs / 1000) });
    }
    const provisionalMembers = Array.from({ length: count }, (_, i) => `${provisional}${i + 1}`);
    return {
      confirm: async (seats) => {
        const ttlExpiry = this.clock.nowMs() + this.config.LOCK_TTL_SECONDS * 1000;
        const multi = this.redis.multi().zrem(key, ...provisionalMembers);
        for (const seat of seats) multi.zadd(key, ttlExpiry, this.member(visitorId, seat));
        await multi.exec();
      },
      cancel: async () => {
        await this.redis.zrem(key, ...provisionalMembers);
      },
    };
  }

  /** Seats unlocked by their holder no longer count. */
  async released(presentationId: number, address: string, visitorId: string, seats: readonly HeldSeat[]) {
    // No cap on this presentation (the cached answer): nothing was counted, so no round trip on every unlock.
    if (seats.length === 0 || (await this.capOf(presentationId)) <= 0) return;
    await this.redis.zrem(this.keyOf(presentationId, address), ...seats.map((s) => this.member(visitorId, s)));
  }

  private keyOf(presentationId: number, address: string): string {
    return `${this.config.REDIS_PREFIX}seat-hold-cap:${presentationId}:${address}`;
  }

  private member(visitorId: string, seat: HeldSeat): string {
    return `${visitorId}:${seat.sectionId}:${seat.x}:${seat.y}`;
  }
}

import type Redis from 'ioredis';
import { defineAcrossScripts, freeLists, type Command } from './redis-seat-scripts';
import type { PresentationKeys } from './seat-keys';
import type { AcrossLocked, AcrossNotInitialised, AcrossRefused, AcrossRequest, StoreRefusal } from './seat-store.port';

interface AcrossSettings {
  /** The change channel (one Redis) and the change log's length. */
  channel: string;
  logMax: number;
  /** The sweeper's due index (one Redis). */
  due: string;
  cluster: boolean;
}

/**
 * One seat on each of several presentations, held or released as one unit (season enrolment, series): one script
 * over every presentation on one Redis, a claim with compensation per presentation on Redis Cluster. Part of
 * RedisSeatStore (its lockAcross / unlockAcross), apart because it changes with the memberships, not the lock path.
 */
export class RedisSeatsAcross {
  constructor(
    private readonly redis: Redis,
    private readonly settings: AcrossSettings,
    private readonly keys: (presentationId: number) => PresentationKeys,
  ) {
    defineAcrossScripts(redis);
  }

  private across(name: 'seatLockAcross' | 'seatUnlockAcross', keys: string[], args: (string | number)[]) {
    const fn = (this.redis as unknown as Record<string, Command>)[name]!;
    return fn.call(this.redis, keys.length, ...keys, ...args);
  }

  private acrossOne(name: 'seatLockAcrossOne' | 'seatUnlockAcrossOne', keys: string[], args: (string | number)[]) {
    const fn = (this.redis as unknown as Record<string, Command>)[name]!;
    return fn.call(this.redis, ...keys, ...args);
  }

  async lockAcross(q: AcrossRequest): Promise<AcrossLocked | AcrossRefused | AcrossNotInitialised> {
    if (this.settings.cluster) return this.lockAcrossClaims(q);
    const keys: string[] = [this.settings.due];
    const args: (string | number)[] = [
      this.settings.channel,
      this.settings.logMax,
      q.owner,
      q.ttlMs,
      q.maxSeats,
      q.ownerSetTtlSeconds,
    ];
    args.push(q.seats.length);
    for (const s of q.seats) {
      const k = this.keys(s.presentationId);
      keys.push(k.init, k.st, k.exp, k.ver, k.log, k.taken, k.own(q.owner));
      args.push(s.presentationId, s.key);
    }
    const r = await this.across('seatLockAcross', keys, args);
    if (r[0] === 'NOINIT') return { ok: false, notInitialised: true, presentationId: Number(r[1]) };
    if (r[0] === 'ERR') return { ok: false, code: String(r[1]) as StoreRefusal, presentationId: Number(r[2]) };
    return {
      ok: true,
      nowMs: Number(r[1]),
      expiresMs: Number(r[2]),
      newlyLocked: Number(r[3]),
      versions: r.slice(4).map(Number),
    };
  }

  async unlockAcross(
    owner: string,
    seats: { presentationId: number; key: string }[],
  ): Promise<{ ok: true; released: number } | AcrossRefused | AcrossNotInitialised> {
    if (this.settings.cluster) return this.unlockAcrossEach(owner, seats);
    const keys: string[] = [];
    const args: (string | number)[] = [this.settings.channel, this.settings.logMax, owner, seats.length];
    for (const s of seats) {
      const k = this.keys(s.presentationId);
      keys.push(k.init, k.st, k.exp, k.ver, k.log, k.taken, k.ga, k.own(owner), freeLists(k, [s.key])[0]!);
      args.push(s.presentationId, s.key, k.base);
    }
    const r = await this.across('seatUnlockAcross', keys, args);
    if (r[0] === 'NOINIT') return { ok: false, notInitialised: true, presentationId: Number(r[1]) };
    if (r[0] === 'ERR') return { ok: false, code: String(r[1]) as StoreRefusal, presentationId: Number(r[2]) };
    return { ok: true, released: Number(r[1]) };
  }

  /**
   * Redis Cluster: the presentations' keys live in different slots (often on different shards), so one script
   * cannot span them. A two-phase claim with compensation instead: each seat is locked by the same script, one
   * presentation at a time (in the request's order); the first refusal releases the seats this call locked, in
   * reverse, and answers that refusal. Between the two, another buyer may see such a seat locked for a moment and
   * be refused it; nobody ever gets a seat twice, and each presentation keeps its own version order.
   * A compensation that fails (a shard down) leaves the lock to expire like any abandoned hold.
   */
  private async lockAcrossClaims(q: AcrossRequest): Promise<AcrossLocked | AcrossRefused | AcrossNotInitialised> {
    const claimed: { presentationId: number; key: string }[] = [];
    const versions: number[] = [];
    let nowMs = 0;
    let expiresMs = 0;
    let newlyLocked = 0;
    for (const s of q.seats) {
      const k = this.keys(s.presentationId);
      const r = await this.acrossOne(
        'seatLockAcrossOne',
        [k.due, k.init, k.st, k.exp, k.ver, k.log, k.taken, k.own(q.owner)],
        [
          k.changes,
          this.settings.logMax,
          q.owner,
          q.ttlMs,
          q.maxSeats,
          q.ownerSetTtlSeconds,
          1,
          s.presentationId,
          s.key,
        ],
      );
      if (r[0] !== 'OK') {
        if (claimed.length > 0) await this.unlockAcrossEach(q.owner, claimed.reverse()).catch(() => undefined);
        if (r[0] === 'NOINIT') return { ok: false, notInitialised: true, presentationId: Number(r[1]) };
        return { ok: false, code: String(r[1]) as StoreRefusal, presentationId: Number(r[2]) };
      }
      if (Number(r[3]) === 1) claimed.push(s);
      nowMs = Number(r[1]);
      expiresMs = Number(r[2]);
      newlyLocked += Number(r[3]);
      versions.push(Number(r[4]));
    }
    return { ok: true, nowMs, expiresMs, newlyLocked, versions };
  }

  /**
   * Redis Cluster: checks first that every seat is the owner's or free (a read per presentation), then releases
   * each by its own presentation's script. A seat taken by someone else in between is refused by that script and
   * the seats before it stay released: the owner asked to give them up anyway.
   */
  private async unlockAcrossEach(
    owner: string,
    seats: { presentationId: number; key: string }[],
  ): Promise<{ ok: true; released: number } | AcrossRefused | AcrossNotInitialised> {
    for (const s of seats) {
      const k = this.keys(s.presentationId);
      const [init, v] = await Promise.all([this.redis.exists(k.init), this.redis.hget(k.st, s.key)]);
      if (!init) return { ok: false, notInitialised: true, presentationId: s.presentationId };
      if (v !== null && !v.startsWith(`l|${owner}|`))
        return { ok: false, code: 'NOT_LOCK_OWNER', presentationId: s.presentationId };
    }
    let released = 0;
    for (const s of seats) {
      const k = this.keys(s.presentationId);
      const r = await this.acrossOne(
        'seatUnlockAcrossOne',
        [k.init, k.st, k.exp, k.ver, k.log, k.taken, k.ga, k.own(owner), freeLists(k, [s.key])[0]!],
        [k.changes, this.settings.logMax, owner, 1, s.presentationId, s.key, k.base],
      );
      if (r[0] === 'NOINIT') return { ok: false, notInitialised: true, presentationId: Number(r[1]) };
      if (r[0] === 'ERR') return { ok: false, code: String(r[1]) as StoreRefusal, presentationId: Number(r[2]) };
      released += Number(r[1]);
    }
    return { ok: true, released };
  }
}

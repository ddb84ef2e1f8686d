import { setImmediate as nextTurn } from 'node:timers/promises';
import { changesChannel } from '../../src/seats/seat-keys';
import { RedisSeatStore } from '../../src/seats/redis-seat-store';
import type { Locked, LockRequest, NotInitialised, Refused } from '../../src/seats/seat-store.port';

/**
 * TEST ONLY: the naive lock the real engine must never be - read the seats, yield
 * to the event loop, then write. Two requests that read before either writes both
 * "win". The race test swaps it in for SeatStore (a @nestjs/testing provider
 * override, see startTestApp) as a control run, to prove the test can tell the
 * difference. It lives under test/, so no production bundle contains it.
 */
export class UnsafeNonAtomicSeatStore extends RedisSeatStore {
  override async lock(pid: number, q: LockRequest): Promise<Locked | Refused | NotInitialised> {
    const k = this.keys(pid);
    if (!(await this.redis.exists(k.init))) return { ok: false, notInitialised: true };
    const current = await Promise.all(q.keys.map((key) => this.redis.hget(k.st, key)));
    await nextTurn();
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (current.some((v) => v !== null && !v.startsWith(`l|${q.owner}|`))) {
      return { ok: false, code: 'SEAT_NOT_AVAILABLE', detail: '' };
    }
    const time = await this.redis.time();
    const now = Number(time[0]) * 1000 + Math.floor(Number(time[1]) / 1000);
    const expires = now + q.ttlMs;
    for (const key of q.keys) {
      await this.redis.hset(k.st, key, `l|${q.owner}|${now}|0`);
      await this.redis.zadd(k.exp, expires, key);
      await this.redis.sadd(k.own(q.owner), key);
    }
    const version = await this.redis.incr(k.ver);
    await this.redis.publish(
      changesChannel(this.prefix),
      `${pid} ${version} ${q.keys.map((key) => `${key}=l`).join(';')}`,
    );
    return { ok: true, version, earliestExpiryMs: expires, nowMs: now, newlyLocked: q.keys.length };
  }
}

import { Inject, Injectable, Optional } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { keySlot } from '../redis/cluster-slots';
import { NO_TRACING, Tracing } from '../observability';
import { REDIS } from '../redis/redis.module';
import { redisTopology } from '../redis/redis-topology';
import {
  changesChannel,
  dueKey,
  holdsEndedChannel,
  presentationKeys,
  slotDueKey,
  slotsKey,
  type PresentationKeys,
} from './seat-keys';
import { RedisSeatsAcross } from './redis-seat-across';
import { defineSeatScripts, freeLists, NOINIT, refusal, type Command, type ScriptName } from './redis-seat-scripts';
import { parseChanges } from './seat-state';
import {
  SeatStore,
  type AcrossLocked,
  type AcrossNotInitialised,
  type AcrossRefused,
  type AcrossRequest,
  type Changed,
  type GaLocked,
  type GaLockRequest,
  type InitialState,
  type Locked,
  type Replan,
  type LockRequest,
  type LogEntry,
  type NotInitialised,
  type Refused,
  type SeatHold,
  type Snapshot,
  type Swapped,
  type TimerReading,
} from './seat-store.port';

const HOLD_CODES: SeatHold[] = ['free', 'mine', 'mine-expired', 'sold', 'other', 'unavailable'];

/** The only place that knows the seat state lives in Redis. */
@Injectable()
export class RedisSeatStore extends SeatStore {
  protected readonly cmd: Record<ScriptName, Command>;
  protected readonly prefix: string;
  private readonly logMax: number;
  private readonly due: string;
  private readonly holdsEnded: string;
  private readonly keyCache = new Map<number, PresentationKeys>();
  /** Redis Cluster: per-slot due index and sharded change channels (docs/seat-engine.md, "Redis Cluster"). */
  protected readonly cluster: boolean;
  /** Cluster: the slots of the presentations this node used, swept even if the shared slot list lost them. */
  private readonly usedSlots = new Set<number>();
  private slotsListedAt = 0;
  /** One seat on each of several presentations (memberships): redis-seat-across.ts. */
  private readonly acrossScripts: RedisSeatsAcross;

  constructor(
    @Inject(REDIS) protected readonly redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
    @Optional() tracing: Tracing = NO_TRACING,
  ) {
    super();
    this.cmd = defineSeatScripts(redis, tracing);
    this.prefix = config.REDIS_PREFIX;
    this.logMax = config.SEAT_LOG_LENGTH;
    this.due = dueKey(config.REDIS_PREFIX);
    this.holdsEnded = holdsEndedChannel(config.REDIS_PREFIX);
    this.cluster = redisTopology(config).mode === 'cluster';
    this.acrossScripts = new RedisSeatsAcross(
      redis,
      { channel: changesChannel(config.REDIS_PREFIX), logMax: this.logMax, due: this.due, cluster: this.cluster },
      (pid) => this.keys(pid),
    );
  }

  lockAcross(q: AcrossRequest): Promise<AcrossLocked | AcrossRefused | AcrossNotInitialised> {
    return this.acrossScripts.lockAcross(q);
  }

  unlockAcross(
    owner: string,
    seats: { presentationId: number; key: string }[],
  ): Promise<{ ok: true; released: number } | AcrossRefused | AcrossNotInitialised> {
    return this.acrossScripts.unlockAcross(owner, seats);
  }

  /**
   * Read before a release that may touch other owners' locks (the sweep, reconcile, swap): their owners and
   * sections, so the release script gets every key it touches in KEYS (Redis Cluster). Off the lock path.
   */
  private async plan(
    k: PresentationKeys,
    args: (string | number)[],
  ): Promise<{ owners: string[]; sections: number[] }> {
    const r = await this.cmd.seatSweepPlan(k.st, k.exp, ...args);
    const n = Number(r[0]);
    return { owners: r.slice(1, 1 + n).map(String), sections: r.slice(1 + n).map(Number) };
  }

  protected keys(pid: number): PresentationKeys {
    let k = this.keyCache.get(pid);
    if (!k) {
      k = presentationKeys(this.prefix, pid, this.cluster);
      this.keyCache.set(pid, k);
      if (this.cluster) this.usedSlots.add(keySlot(k.base));
    }
    return k;
  }

  async replan(pid: number, replan: Replan): Promise<{ ok: true; version: number } | Refused | NotInitialised> {
    const k = this.keys(pid);
    const args: (string | number)[] = [pid, k.changes, k.base, replan.keys.size];
    for (const [from, to] of replan.keys) args.push(from, to);
    args.push(replan.newGaSections.length);
    for (const s of replan.newGaSections) args.push(s.id, s.capacity);
    const fixed = [k.init, k.st, k.exp, k.ver, k.log, k.taken, k.ga, k.ganext, k.pay];
    fixed.push(...replan.oldGaSectionIds.map((id) => k.gafree(id)), ...replan.newGaSections.map((s) => k.gafree(s.id)));
    // The owners' sets are keys the script touches, so they are named up front (a Redis Cluster needs every key): read
    // the owners first, and read again when a lock by another owner came in between (OWNER_UNDECLARED).
    for (let attempt = 0; ; attempt++) {
      const owners = new Set<string>();
      for (const v of await this.redis.hvals(k.st)) if (v.startsWith('l|')) owners.add(v.split('|')[1]!);
      const keys = [...fixed, ...[...owners].map((o) => k.own(o))];
      const r = await this.cmd.seatReplan(
        keys.length,
        ...keys,
        ...args,
        replan.oldGaSectionIds.length,
        owners.size,
        replan.recover ? '1' : '0',
      );
      if (r[0] === 'NOINIT') return NOINIT;
      if (r[0] === 'OK') return { ok: true, version: Number(r[1]) };
      if (r[1] !== 'OWNER_UNDECLARED' || attempt >= 4) return refusal(r);
    }
  }

  async initialise(pid: number, state: InitialState): Promise<{ created: boolean; version: number }> {
    const k = this.keys(pid);
    const args: (string | number)[] = [pid, k.changes, k.base, state.gaSections.length];
    for (const s of state.gaSections) args.push(s.id, s.capacity);
    args.push(state.soldKeys.length, ...state.soldKeys);
    const keys = [k.init, k.st, k.exp, k.ver, k.log, k.taken, k.ga, k.ganext, k.due];
    for (const s of state.gaSections) keys.push(k.gafree(s.id));
    const r = await this.cmd.seatInit(keys.length, ...keys, ...args);
    // Cluster: list the slot for the sweepers (a separate command: the list is global; initialise is rare).
    if (this.cluster) await this.redis.sadd(slotsKey(this.prefix), keySlot(k.base));
    return { created: r[0] === 'INIT', version: Number(r[1]) };
  }

  async lock(pid: number, q: LockRequest): Promise<Locked | Refused | NotInitialised> {
    const k = this.keys(pid);
    const flags = (q.noSingleSeatGap ? 1 : 0) + (q.singleSeatBlocking ? 2 : 0) + (q.block ? 4 : 0);
    const args: (string | number)[] = [
      pid,
      k.changes,
      this.logMax,
      q.owner,
      q.ttlMs,
      q.maxSeats,
      flags,
      q.ownerSetTtlSeconds,
      q.sectionSize,
      q.reservedTotal,
      q.keys.length,
      ...q.keys,
      q.rows.length,
    ];
    for (const row of q.rows) args.push(row.keys.length, ...row.keys, row.flags);
    const fixed = [k.init, k.st, k.exp, k.ver, k.log, k.taken, k.due, k.own(q.owner)];
    const r = q.holdCap
      ? await this.cmd.seatLockCapped(...fixed, k.hold(q.holdCap.address), ...args, q.holdCap.cap)
      : await this.cmd.seatLock(...fixed, ...args);
    if (r[0] === 'NOINIT') return NOINIT;
    if (r[0] === 'ERR') return refusal(r);
    const earliest = Number(r[2]);
    return {
      ok: true,
      version: Number(r[1]),
      earliestExpiryMs: earliest,
      nowMs: Number(r[3]),
      newlyLocked: Number(r[4]),
    };
  }

  async lockGa(pid: number, q: GaLockRequest): Promise<GaLocked | Refused | NotInitialised> {
    const k = this.keys(pid);
    const keys = [
      k.init,
      k.st,
      k.exp,
      k.ver,
      k.log,
      k.taken,
      k.due,
      k.own(q.owner),
      k.ga,
      k.ganext,
      k.gafree(q.sectionId),
    ];
    const args = [
      pid,
      k.changes,
      this.logMax,
      q.owner,
      q.ttlMs,
      q.maxSeats,
      q.ownerSetTtlSeconds,
      q.sectionId,
      q.count,
    ];
    const r = q.holdCap
      ? await this.cmd.seatLockGaCapped(...keys, k.hold(q.holdCap.address), ...args, q.holdCap.cap)
      : await this.cmd.seatLockGa(...keys, ...args);
    if (r[0] === 'NOINIT') return NOINIT;
    if (r[0] === 'ERR') return refusal(r);
    return {
      ok: true,
      version: Number(r[1]),
      earliestExpiryMs: Number(r[2]),
      nowMs: Number(r[3]),
      places: r.slice(4).map(Number),
    };
  }

  async unlock(
    pid: number,
    owner: string,
    keys: string[],
    holdAddress?: string,
  ): Promise<Changed | Refused | NotInitialised> {
    const k = this.keys(pid);
    const declared = [k.init, k.st, k.exp, k.ver, k.log, k.taken, k.ga, k.own(owner), ...freeLists(k, keys)];
    const hold = holdAddress === undefined ? [] : [k.hold(holdAddress)];
    const r = await this.cmd.seatUnlock(
      declared.length + hold.length,
      ...declared,
      ...hold,
      pid,
      k.changes,
      this.logMax,
      owner,
      k.base,
      keys.length,
      ...keys,
      ...hold,
    );
    if (r[0] === 'NOINIT') return NOINIT;
    if (r[0] === 'ERR') return refusal(r);
    return { ok: true, version: Number(r[1]), count: Number(r[2]) };
  }

  async markSold(pid: number, owner: string, keys: string[]): Promise<Changed | Refused | NotInitialised> {
    const k = this.keys(pid);
    const r = await this.cmd.seatSold(
      k.init,
      k.st,
      k.exp,
      k.ver,
      k.log,
      k.own(owner),
      pid,
      k.changes,
      this.logMax,
      owner,
      keys.length,
      ...keys,
    );
    if (r[0] === 'NOINIT') return NOINIT;
    if (r[0] === 'ERR') return refusal(r);
    return { ok: true, version: Number(r[1]), count: Number(r[2]) };
  }

  async releaseSold(pid: number, keys: string[]): Promise<Changed | NotInitialised> {
    const k = this.keys(pid);
    const declared = [k.init, k.st, k.ver, k.log, k.taken, k.ga, k.released, ...freeLists(k, keys)];
    const r = await this.cmd.seatReleaseSold(
      declared.length,
      ...declared,
      pid,
      k.changes,
      this.logMax,
      k.base,
      keys.length,
      ...keys,
    );
    if (r[0] === 'NOINIT') return NOINIT;
    return { ok: true, version: Number(r[1]), count: Number(r[2]) };
  }

  async swapSold(pid: number, newKeys: string[], oldKeys: string[]): Promise<Swapped | NotInitialised> {
    const k = this.keys(pid);
    const owners = (await this.plan(k, ['keys', ...newKeys])).owners;
    const declared = [k.init, k.st, k.exp, k.ver, k.log, k.taken, k.ga, k.released];
    declared.push(...owners.map((o) => k.own(o)), ...freeLists(k, oldKeys));
    const r = await this.cmd.seatSwap(
      declared.length,
      ...declared,
      pid,
      k.changes,
      this.logMax,
      k.base,
      newKeys.length,
      ...newKeys,
      oldKeys.length,
      ...oldKeys,
    );
    if (r[0] === 'NOINIT') return NOINIT;
    return { ok: true, version: Number(r[1]), sold: Number(r[2]), released: Number(r[3]) };
  }

  async setAdminState(
    pid: number,
    letter: 'b' | 'h' | 'a',
    keys: string[],
  ): Promise<Changed | Refused | NotInitialised> {
    const k = this.keys(pid);
    const r = await this.cmd.seatAdmin(
      k.init,
      k.st,
      k.ver,
      k.log,
      k.taken,
      pid,
      k.changes,
      this.logMax,
      letter,
      keys.length,
      ...keys,
    );
    if (r[0] === 'NOINIT') return NOINIT;
    if (r[0] === 'ERR') return refusal(r);
    return { ok: true, version: Number(r[1]), count: Number(r[2]) };
  }

  async extend(
    pid: number,
    owner: string,
    extensionMs: number,
    hardCapMs: number,
  ): Promise<TimerReading & { extended: number }> {
    const k = this.keys(pid);
    const r = await this.cmd.seatExtend(k.st, k.exp, k.own(owner), owner, extensionMs, hardCapMs);
    const earliest = Number(r[1]);
    return {
      nowMs: Number(r[0]),
      earliestExpiryMs: earliest < 0 ? null : earliest,
      lockCount: Number(r[3]),
      extended: Number(r[2]),
    };
  }

  async claimForPayment(
    pid: number,
    owner: string,
    cart: string,
    keys: string[],
    timing: { extensionMs: number; hardCapMs: number; claimMs: number },
  ): Promise<(TimerReading & { ok: true; extended: number }) | { ok: false; busySeat: string }> {
    const k = this.keys(pid);
    const r = await this.cmd.seatClaimPayment(
      k.st,
      k.exp,
      k.own(owner),
      k.pay,
      owner,
      timing.extensionMs,
      timing.hardCapMs,
      cart,
      timing.claimMs,
      ...keys,
    );
    if (r[0] === 'BUSY') return { ok: false, busySeat: String(r[1]) };
    const earliest = Number(r[1]);
    return {
      ok: true,
      nowMs: Number(r[0]),
      earliestExpiryMs: earliest < 0 ? null : earliest,
      lockCount: Number(r[3]),
      extended: Number(r[2]),
    };
  }

  async releasePaymentClaim(pid: number, owner: string, cart: string, keys: string[]): Promise<number> {
    if (keys.length === 0) return 0;
    return Number(await this.cmd.seatReleasePaymentClaim(this.keys(pid).pay, owner, cart, ...keys));
  }

  async timer(pid: number, owner: string): Promise<TimerReading> {
    const k = this.keys(pid);
    const r = await this.cmd.seatTimer(k.exp, k.own(owner));
    const earliest = Number(r[1]);
    return { nowMs: Number(r[0]), earliestExpiryMs: earliest < 0 ? null : earliest, lockCount: Number(r[2]) };
  }

  async reconcileSold(pid: number, keys: string[]): Promise<Changed | NotInitialised> {
    const k = this.keys(pid);
    const owners = (await this.plan(k, ['keys', ...keys])).owners;
    const declared = [k.init, k.st, k.exp, k.ver, k.log, k.taken, k.ga, k.released, ...owners.map((o) => k.own(o))];
    const r = await this.cmd.seatReconcile(
      declared.length,
      ...declared,
      pid,
      k.changes,
      this.logMax,
      k.base,
      keys.length,
      ...keys,
    );
    if (r[0] === 'NOINIT') return NOINIT;
    return { ok: true, version: Number(r[1]), count: Number(r[2]) };
  }

  async holds(pid: number, owner: string, keys: string[]): Promise<SeatHold[]> {
    const k = this.keys(pid);
    const codes = await this.cmd.seatHolds(k.st, k.exp, owner, ...keys);
    return codes.map((c) => HOLD_CODES[Number(c)] ?? 'unavailable');
  }

  async liveLockedKeys(pid: number, owner: string): Promise<string[]> {
    const k = this.keys(pid);
    return (await this.cmd.seatOwned(k.st, k.exp, k.own(owner), owner)).map(String);
  }

  ownerKeys(pid: number, owner: string): Promise<string[]> {
    return this.redis.smembers(this.keys(pid).own(owner));
  }

  async snapshot(pid: number): Promise<Snapshot | NotInitialised> {
    const k = this.keys(pid);
    const r = await this.cmd.seatSnapshot(k.init, k.ver, k.st);
    if (r[0] === 'NOINIT') return NOINIT;
    const state = new Map<string, string>();
    for (let i = 2; i + 1 < r.length; i += 2) state.set(String(r[i]), String(r[i + 1]));
    return { ok: true, version: Number(r[1]), state };
  }

  async readLog(pid: number, afterVersion: number, uptoVersion: number): Promise<LogEntry[] | null> {
    if (uptoVersion <= afterVersion) return [];
    const entries = (await this.redis.xrange(this.keys(pid).log, `${afterVersion + 1}-0`, `${uptoVersion}-0`)) as [
      string,
      string[],
    ][];
    const out: LogEntry[] = [];
    let expected = afterVersion + 1;
    for (const [id, fields] of entries) {
      const version = Number(id.slice(0, id.indexOf('-')));
      if (version !== expected) return null;
      expected++;
      out.push({ version, changes: parseChanges(fields[1] ?? '') });
    }
    return expected === uptoVersion + 1 ? out : null;
  }

  async currentVersion(pid: number): Promise<number | null> {
    const v = await this.redis.get(this.keys(pid).ver);
    return v === null ? null : Number(v);
  }

  async dueForSweep(limit: number): Promise<number[]> {
    if (this.cluster) return this.dueInSlots(limit);
    const r = await this.cmd.seatDue(this.due, limit);
    return r.slice(1).map(Number);
  }

  /**
   * Redis Cluster: the due index of every listed slot (one small script per slot, pipelined per shard by ioredis),
   * plus the slots this node used itself, so a slot list lost in a failover still gets swept by the nodes that
   * serve its presentations; each node puts its own slots back on the list once a minute.
   */
  private async dueInSlots(limit: number): Promise<number[]> {
    const listed = (await this.redis.smembers(slotsKey(this.prefix))).map(Number);
    const now = Date.now();
    if (this.usedSlots.size > 0 && now - this.slotsListedAt > 60_000) {
      this.slotsListedAt = now;
      await this.redis.sadd(slotsKey(this.prefix), ...this.usedSlots);
    }
    const slots = new Set([...listed, ...this.usedSlots]);
    const replies = await Promise.all([...slots].map((slot) => this.cmd.seatDue(slotDueKey(this.prefix, slot), limit)));
    const due: number[] = [];
    for (const r of replies) for (const pid of r.slice(1)) if (due.length < limit) due.push(Number(pid));
    return due;
  }

  async releaseExpired(pid: number, limit: number): Promise<{ released: number; version: number; more: boolean }> {
    const k = this.keys(pid);
    const plan = await this.plan(k, ['expired', limit]);
    const declared = [k.st, k.exp, k.ver, k.log, k.taken, k.due, k.ga];
    declared.push(...plan.owners.map((o) => k.own(o)), ...plan.sections.map((s) => k.gafree(s)));
    const r = await this.cmd.seatReleaseExpired(
      declared.length,
      ...declared,
      pid,
      k.changes,
      this.logMax,
      k.base,
      limit,
      this.holdsEnded,
    );
    return { released: Number(r[0]), version: Number(r[1]), more: Number(r[2]) === 1 };
  }
}

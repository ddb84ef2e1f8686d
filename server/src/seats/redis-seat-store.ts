import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { keySlot } from '../redis/cluster-slots';
import { REDIS } from '../redis/redis.module';
import { redisTopology } from '../redis/redis-topology';
import { ADMIN_LUA } from './lua/admin.lua';
import { CLAIM_PAYMENT_LUA, RELEASE_PAYMENT_CLAIM_LUA } from './lua/claim-payment.lua';
import { EXTEND_LUA } from './lua/extend.lua';
import { INIT_LUA } from './lua/init.lua';
import { LOCK_GA_LUA } from './lua/lock-ga.lua';
import { HOLDS_LUA, OWNED_LUA } from './lua/holds.lua';
import { LOCK_LUA } from './lua/lock.lua';
import { LOCK_ACROSS_LUA, UNLOCK_ACROSS_LUA } from './lua/lock-across.lua';
import { RELEASE_SOLD_LUA } from './lua/release-sold.lua';
import { RECONCILE_LUA } from './lua/reconcile.lua';
import { SNAPSHOT_LUA } from './lua/snapshot.lua';
import { SOLD_LUA } from './lua/sold.lua';
import { SWAP_LUA } from './lua/swap.lua';
import { DUE_LUA, RELEASE_EXPIRED_LUA, SWEEP_PLAN_LUA } from './lua/sweep.lua';
import { TIMER_LUA } from './lua/timer.lua';
import { UNLOCK_LUA } from './lua/unlock.lua';
import {
  changesChannel,
  dueKey,
  holdsEndedChannel,
  presentationKeys,
  slotDueKey,
  slotsKey,
  type PresentationKeys,
} from './seat-keys';
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
  type LockRequest,
  type LogEntry,
  type NotInitialised,
  type Refused,
  type SeatHold,
  type Snapshot,
  type StoreRefusal,
  type Swapped,
  type TimerReading,
} from './seat-store.port';

type Reply = (string | number)[];
type Command = (...args: (string | number)[]) => Promise<Reply>;

/**
 * Scripts registered with defineCommand: ioredis sends EVALSHA and falls back to EVAL once per connection.
 * keys null: a variable key count (the owner sets and GA free lists a release touches), passed first in the call.
 */
const SCRIPTS = {
  seatInit: { lua: INIT_LUA, keys: null },
  seatLock: { lua: LOCK_LUA, keys: 8 },
  seatLockGa: { lua: LOCK_GA_LUA, keys: 11 },
  // The same scripts with the address's hold set as one more key (the hold cap on): same SHA, another key count.
  seatLockCapped: { lua: LOCK_LUA, keys: 9 },
  seatLockGaCapped: { lua: LOCK_GA_LUA, keys: 12 },
  seatUnlock: { lua: UNLOCK_LUA, keys: null },
  seatSold: { lua: SOLD_LUA, keys: 6 },
  seatReleaseSold: { lua: RELEASE_SOLD_LUA, keys: null },
  seatAdmin: { lua: ADMIN_LUA, keys: 5 },
  seatExtend: { lua: EXTEND_LUA, keys: 3 },
  seatClaimPayment: { lua: CLAIM_PAYMENT_LUA, keys: 4 },
  seatReleasePaymentClaim: { lua: RELEASE_PAYMENT_CLAIM_LUA, keys: 1 },
  seatTimer: { lua: TIMER_LUA, keys: 2 },
  seatSnapshot: { lua: SNAPSHOT_LUA, keys: 3 },
  seatDue: { lua: DUE_LUA, keys: 1 },
  seatReleaseExpired: { lua: RELEASE_EXPIRED_LUA, keys: null },
  seatSweepPlan: { lua: SWEEP_PLAN_LUA, keys: 2 },
  seatReconcile: { lua: RECONCILE_LUA, keys: null },
  seatHolds: { lua: HOLDS_LUA, keys: 2 },
  seatOwned: { lua: OWNED_LUA, keys: 3 },
  seatSwap: { lua: SWAP_LUA, keys: null },
} as const;
type ScriptName = keyof typeof SCRIPTS;

export function defineSeatScripts(redis: Redis): Record<ScriptName, Command> {
  const commands = {} as Record<ScriptName, Command>;
  // Redis Cluster: ioredis would route a variable-key script by its leading key count in an auto-pipeline, so
  // those go outside auto-pipelining (routed by their real first key); one Redis keeps auto-pipelining them.
  const ignored = (redis.options as { autoPipeliningIgnoredCommands?: string[] }).autoPipeliningIgnoredCommands;
  const isCluster = (redis as unknown as { isCluster?: boolean }).isCluster === true;
  for (const [name, script] of Object.entries(SCRIPTS) as [ScriptName, { lua: string; keys: number | null }][]) {
    if (!(name in redis))
      redis.defineCommand(
        name,
        script.keys === null ? { lua: script.lua } : { lua: script.lua, numberOfKeys: script.keys },
      );
    if (script.keys === null && isCluster && ignored && !ignored.includes(name)) ignored.push(name);
    const fn = (redis as unknown as Record<string, Command>)[name]!;
    commands[name] = fn.bind(redis);
  }
  return commands;
}

const NOINIT: NotInitialised = { ok: false, notInitialised: true };

const HOLD_CODES: SeatHold[] = ['free', 'mine', 'mine-expired', 'sold', 'other', 'unavailable'];

function refusal(reply: Reply): Refused {
  return { ok: false, code: String(reply[1]) as StoreRefusal, detail: String(reply[2] ?? '') };
}

/** The only place that knows the seat state lives in Redis. */
@Injectable()
export class RedisSeatStore extends SeatStore {
  protected readonly cmd: Record<ScriptName, Command>;
  protected readonly prefix: string;
  private readonly channel: string;
  private readonly logMax: number;
  private readonly due: string;
  private readonly holdsEnded: string;
  private readonly keyCache = new Map<number, PresentationKeys>();
  /** Redis Cluster: per-slot due index and sharded change channels (docs/seat-engine.md, "Redis Cluster"). */
  protected readonly cluster: boolean;
  /** Cluster: the slots of the presentations this node used, swept even if the shared slot list lost them. */
  private readonly usedSlots = new Set<number>();
  private slotsListedAt = 0;

  constructor(
    @Inject(REDIS) protected readonly redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    super();
    this.cmd = defineSeatScripts(redis);
    this.prefix = config.REDIS_PREFIX;
    this.channel = changesChannel(config.REDIS_PREFIX);
    this.logMax = config.SEAT_LOG_LENGTH;
    this.due = dueKey(config.REDIS_PREFIX);
    this.holdsEnded = holdsEndedChannel(config.REDIS_PREFIX);
    this.cluster = redisTopology(config).mode === 'cluster';
    // Variable key count (7 per presentation): defined without numberOfKeys, called with the count first.
    if (!('seatLockAcross' in redis)) redis.defineCommand('seatLockAcross', { lua: LOCK_ACROSS_LUA });
    if (!('seatUnlockAcross' in redis)) redis.defineCommand('seatUnlockAcross', { lua: UNLOCK_ACROSS_LUA });
    // Redis Cluster: one presentation per call, with its key count fixed so ioredis can route the script by its
    // first key (with a leading key count it would hash the count).
    if (!('seatLockAcrossOne' in redis))
      redis.defineCommand('seatLockAcrossOne', { lua: LOCK_ACROSS_LUA, numberOfKeys: 8 });
    if (!('seatUnlockAcrossOne' in redis))
      redis.defineCommand('seatUnlockAcrossOne', { lua: UNLOCK_ACROSS_LUA, numberOfKeys: 9 });
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
    if (this.cluster) return this.lockAcrossClaims(q);
    const keys: string[] = [this.due];
    const args: (string | number)[] = [this.channel, this.logMax, q.owner, q.ttlMs, q.maxSeats, q.ownerSetTtlSeconds];
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
    if (this.cluster) return this.unlockAcrossEach(owner, seats);
    const keys: string[] = [];
    const args: (string | number)[] = [this.channel, this.logMax, owner, seats.length];
    for (const s of seats) {
      const k = this.keys(s.presentationId);
      keys.push(k.init, k.st, k.exp, k.ver, k.log, k.taken, k.ga, k.own(owner), this.freeLists(k, [s.key])[0]!);
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
        [k.changes, this.logMax, q.owner, q.ttlMs, q.maxSeats, q.ownerSetTtlSeconds, 1, s.presentationId, s.key],
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
        [k.init, k.st, k.exp, k.ver, k.log, k.taken, k.ga, k.own(owner), this.freeLists(k, [s.key])[0]!],
        [k.changes, this.logMax, owner, 1, s.presentationId, s.key, k.base],
      );
      if (r[0] === 'NOINIT') return { ok: false, notInitialised: true, presentationId: Number(r[1]) };
      if (r[0] === 'ERR') return { ok: false, code: String(r[1]) as StoreRefusal, presentationId: Number(r[2]) };
      released += Number(r[1]);
    }
    return { ok: true, released };
  }

  /** The GA free lists of the sections of these seat keys (`sectionId:x:y`), for a script that may free a place. */
  private freeLists(k: PresentationKeys, seatKeys: string[]): string[] {
    const sections = new Set(seatKeys.map((key) => Number(key.slice(0, key.indexOf(':')))));
    return [...sections].map((sid) => k.gafree(sid));
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
    const declared = [k.init, k.st, k.exp, k.ver, k.log, k.taken, k.ga, k.own(owner), ...this.freeLists(k, keys)];
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
    const declared = [k.init, k.st, k.ver, k.log, k.taken, k.ga, k.released, ...this.freeLists(k, keys)];
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
    declared.push(...owners.map((o) => k.own(o)), ...this.freeLists(k, oldKeys));
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

import { Inject, Injectable } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { REDIS } from '../redis/redis.module';
import { ADMIN_LUA } from './lua/admin.lua';
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
import { DUE_LUA, RELEASE_EXPIRED_LUA } from './lua/sweep.lua';
import { TIMER_LUA } from './lua/timer.lua';
import { UNLOCK_LUA } from './lua/unlock.lua';
import { changesChannel, dueKey, holdsEndedChannel, presentationKeys, type PresentationKeys } from './seat-keys';
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

/** Scripts registered with defineCommand: ioredis sends EVALSHA and falls back to EVAL once per connection. */
const SCRIPTS = {
  seatInit: { lua: INIT_LUA, keys: 9 },
  seatLock: { lua: LOCK_LUA, keys: 8 },
  seatLockGa: { lua: LOCK_GA_LUA, keys: 11 },
  seatUnlock: { lua: UNLOCK_LUA, keys: 7 },
  seatSold: { lua: SOLD_LUA, keys: 6 },
  seatReleaseSold: { lua: RELEASE_SOLD_LUA, keys: 6 },
  seatAdmin: { lua: ADMIN_LUA, keys: 5 },
  seatExtend: { lua: EXTEND_LUA, keys: 3 },
  seatTimer: { lua: TIMER_LUA, keys: 2 },
  seatSnapshot: { lua: SNAPSHOT_LUA, keys: 3 },
  seatDue: { lua: DUE_LUA, keys: 1 },
  seatReleaseExpired: { lua: RELEASE_EXPIRED_LUA, keys: 7 },
  seatReconcile: { lua: RECONCILE_LUA, keys: 7 },
  seatHolds: { lua: HOLDS_LUA, keys: 2 },
  seatOwned: { lua: OWNED_LUA, keys: 3 },
  seatSwap: { lua: SWAP_LUA, keys: 7 },
} as const;
type ScriptName = keyof typeof SCRIPTS;

export function defineSeatScripts(redis: Redis): Record<ScriptName, Command> {
  const commands = {} as Record<ScriptName, Command>;
  for (const [name, script] of Object.entries(SCRIPTS) as [ScriptName, { lua: string; keys: number }][]) {
    if (!(name in redis)) redis.defineCommand(name, { lua: script.lua, numberOfKeys: script.keys });
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
    // Variable key count (7 per presentation): defined without numberOfKeys, called with the count first.
    if (!('seatLockAcross' in redis)) redis.defineCommand('seatLockAcross', { lua: LOCK_ACROSS_LUA });
    if (!('seatUnlockAcross' in redis)) redis.defineCommand('seatUnlockAcross', { lua: UNLOCK_ACROSS_LUA });
  }

  private across(name: 'seatLockAcross' | 'seatUnlockAcross', keys: string[], args: (string | number)[]) {
    const fn = (this.redis as unknown as Record<string, Command>)[name]!;
    return fn.call(this.redis, keys.length, ...keys, ...args);
  }

  async lockAcross(q: AcrossRequest): Promise<AcrossLocked | AcrossRefused | AcrossNotInitialised> {
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
    const keys: string[] = [];
    const args: (string | number)[] = [this.channel, this.logMax, owner, seats.length];
    for (const s of seats) {
      const k = this.keys(s.presentationId);
      keys.push(k.init, k.st, k.exp, k.ver, k.log, k.taken, k.ga);
      args.push(s.presentationId, s.key, k.base);
    }
    const r = await this.across('seatUnlockAcross', keys, args);
    if (r[0] === 'NOINIT') return { ok: false, notInitialised: true, presentationId: Number(r[1]) };
    if (r[0] === 'ERR') return { ok: false, code: String(r[1]) as StoreRefusal, presentationId: Number(r[2]) };
    return { ok: true, released: Number(r[1]) };
  }

  protected keys(pid: number): PresentationKeys {
    let k = this.keyCache.get(pid);
    if (!k) {
      k = presentationKeys(this.prefix, pid);
      this.keyCache.set(pid, k);
    }
    return k;
  }

  async initialise(pid: number, state: InitialState): Promise<{ created: boolean; version: number }> {
    const k = this.keys(pid);
    const args: (string | number)[] = [pid, this.channel, k.base, state.gaSections.length];
    for (const s of state.gaSections) args.push(s.id, s.capacity);
    args.push(state.soldKeys.length, ...state.soldKeys);
    const r = await this.cmd.seatInit(k.init, k.st, k.exp, k.ver, k.log, k.taken, k.ga, k.ganext, this.due, ...args);
    return { created: r[0] === 'INIT', version: Number(r[1]) };
  }

  async lock(pid: number, q: LockRequest): Promise<Locked | Refused | NotInitialised> {
    const k = this.keys(pid);
    const flags = (q.noSingleSeatGap ? 1 : 0) + (q.singleSeatBlocking ? 2 : 0) + (q.block ? 4 : 0);
    const args: (string | number)[] = [
      pid,
      this.channel,
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
    const r = await this.cmd.seatLock(k.init, k.st, k.exp, k.ver, k.log, k.taken, this.due, k.own(q.owner), ...args);
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
    const r = await this.cmd.seatLockGa(
      k.init,
      k.st,
      k.exp,
      k.ver,
      k.log,
      k.taken,
      this.due,
      k.own(q.owner),
      k.ga,
      k.ganext,
      k.gafree(q.sectionId),
      pid,
      this.channel,
      this.logMax,
      q.owner,
      q.ttlMs,
      q.maxSeats,
      q.ownerSetTtlSeconds,
      q.sectionId,
      q.count,
    );
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

  async unlock(pid: number, owner: string, keys: string[]): Promise<Changed | Refused | NotInitialised> {
    const k = this.keys(pid);
    const r = await this.cmd.seatUnlock(
      k.init,
      k.st,
      k.exp,
      k.ver,
      k.log,
      k.taken,
      k.ga,
      pid,
      this.channel,
      this.logMax,
      owner,
      k.base,
      keys.length,
      ...keys,
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
      this.channel,
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
    const r = await this.cmd.seatReleaseSold(
      k.init,
      k.st,
      k.ver,
      k.log,
      k.taken,
      k.ga,
      pid,
      this.channel,
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
    const r = await this.cmd.seatSwap(
      k.init,
      k.st,
      k.exp,
      k.ver,
      k.log,
      k.taken,
      k.ga,
      pid,
      this.channel,
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
      this.channel,
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

  async timer(pid: number, owner: string): Promise<TimerReading> {
    const k = this.keys(pid);
    const r = await this.cmd.seatTimer(k.exp, k.own(owner));
    const earliest = Number(r[1]);
    return { nowMs: Number(r[0]), earliestExpiryMs: earliest < 0 ? null : earliest, lockCount: Number(r[2]) };
  }

  async reconcileSold(pid: number, keys: string[]): Promise<Changed | NotInitialised> {
    const k = this.keys(pid);
    const r = await this.cmd.seatReconcile(
      k.init,
      k.st,
      k.exp,
      k.ver,
      k.log,
      k.taken,
      k.ga,
      pid,
      this.channel,
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
    const r = await this.cmd.seatDue(this.due, limit);
    return r.slice(1).map(Number);
  }

  async releaseExpired(pid: number, limit: number): Promise<{ released: number; version: number; more: boolean }> {
    const k = this.keys(pid);
    const r = await this.cmd.seatReleaseExpired(
      k.st,
      k.exp,
      k.ver,
      k.log,
      k.taken,
      this.due,
      k.ga,
      pid,
      this.channel,
      this.logMax,
      k.base,
      limit,
      this.holdsEnded,
    );
    return { released: Number(r[0]), version: Number(r[1]), more: Number(r[2]) === 1 };
  }
}

import type Redis from 'ioredis';
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
import { REPLAN_LUA } from './lua/replan.lua';
import { SNAPSHOT_LUA } from './lua/snapshot.lua';
import { SOLD_LUA } from './lua/sold.lua';
import { SWAP_LUA } from './lua/swap.lua';
import { DUE_LUA, RELEASE_EXPIRED_LUA, SWEEP_PLAN_LUA } from './lua/sweep.lua';
import { TIMER_LUA } from './lua/timer.lua';
import { UNLOCK_LUA } from './lua/unlock.lua';
import { NO_TRACING, redisScriptSpan, type Tracing } from '../observability';
import type { PresentationKeys } from './seat-keys';
import type { NotInitialised, Refused, StoreRefusal } from './seat-store.port';

/** The seat scripts as ioredis commands, and how their replies read (RedisSeatStore and RedisSeatsAcross use them). */

export type Reply = (string | number)[];
export type Command = (...args: (string | number)[]) => Promise<Reply>;

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
  seatReplan: { lua: REPLAN_LUA, keys: null },
} as const;
export type ScriptName = keyof typeof SCRIPTS;

/** Each script call is a client span (`EVALSHA seatLock`) with traces on; off, the command is the bound call itself. */
export function defineSeatScripts(redis: Redis, tracing: Tracing = NO_TRACING): Record<ScriptName, Command> {
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
    commands[name] = tracing.wrap(redisScriptSpan(name), fn.bind(redis));
  }
  return commands;
}

/** The scripts that hold one seat on each of several presentations (lua/lock-across.lua.ts). */
export function defineAcrossScripts(redis: Redis): void {
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

export const NOINIT: NotInitialised = { ok: false, notInitialised: true };

export function refusal(reply: Reply): Refused {
  return { ok: false, code: String(reply[1]) as StoreRefusal, detail: String(reply[2] ?? '') };
}

/** The GA free lists of the sections of these seat keys (`sectionId:x:y`), for a script that may free a place. */
export function freeLists(k: PresentationKeys, seatKeys: string[]): string[] {
  const sections = new Set(seatKeys.map((key) => Number(key.slice(0, key.indexOf(':')))));
  return [...sections].map((sid) => k.gafree(sid));
}

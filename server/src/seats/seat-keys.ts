import { keySlot, slotTag } from '../redis/cluster-slots';

/**
 * Redis key layout of the seat engine (docs/seat-engine.md). Every key of one
 * presentation shares the hash tag `{s:<id>}`, so they live in one slot and
 * one script may touch them all.
 */
export interface PresentationKeys {
  /** Prefix the scripts extend for per-owner sets (`own:<uuid>`) and GA free lists (`gafree:<sectionId>`). */
  base: string;
  init: string;
  st: string;
  exp: string;
  ver: string;
  log: string;
  taken: string;
  ga: string;
  ganext: string;
  released: string;
  /** Seats claimed by a cart whose payment started (claim-payment.lua.ts): seat key -> 'owner|cart|untilMs'. */
  pay: string;
  own(owner: string): string;
  gafree(sectionId: number): string;
  /**
   * The seats one client address holds on this presentation (the per-address hold cap): a ZSET seat key -> its lock's
   * expiry (ms). In the presentation's slot, so the lock script checks and books the cap in the same atomic step.
   */
  hold(address: string): string;
  /** The sweeper's due index this presentation's locks are listed in: global on one Redis, its slot's on a cluster. */
  due: string;
  /** Where its changes are published: PUBLISH on one Redis, SPUBLISH to its slot's channel on a cluster. */
  changes: string;
}

export function presentationKeys(prefix: string, presentationId: number, cluster = false): PresentationKeys {
  const base = `${prefix}{s:${presentationId}}:`;
  const slot = keySlot(base);
  return {
    due: cluster ? slotDueKey(prefix, slot) : dueKey(prefix),
    changes: cluster ? slotChangesChannel(prefix, slot) : changesChannel(prefix),
    base,
    init: `${base}init`,
    st: `${base}st`,
    exp: `${base}exp`,
    ver: `${base}ver`,
    log: `${base}log`,
    taken: `${base}taken`,
    ga: `${base}ga`,
    ganext: `${base}ganext`,
    released: `${base}released`,
    pay: `${base}pay`,
    own: (owner) => `${base}own:${owner}`,
    gafree: (sectionId) => `${base}gafree:${sectionId}`,
    hold: (address) => `${base}hold:${address}`,
  };
}

/** Presentation id -> earliest lock expiry; what the sweeper polls. */
export function dueKey(prefix: string): string {
  return `${prefix}seats:due`;
}

/**
 * On a Redis Cluster the due index is one ZSET per hash slot, named with a tag of that slot (redis/cluster-slots.ts)
 * so the lock script can write it beside the presentation's own keys; the sweeper reads the slots listed in
 * `slotsKey` (docs/seat-engine.md, "Redis Cluster").
 */
export function slotDueKey(prefix: string, slot: number): string {
  return `${prefix}{${slotTag(slot)}}:seats:due`;
}

/** Cluster only: the hash slots that hold an initialised presentation (written at initialise, never on a lock). */
export function slotsKey(prefix: string): string {
  return `${prefix}seats:slots`;
}

/**
 * Cluster only: the sharded channel of one slot's changes. SPUBLISH goes only to the shard that owns the slot (plain
 * PUBLISH on a cluster is copied to every node); each server node SSUBSCRIBEs to all 16,384 slot channels, so it
 * still hears every presentation, in each presentation's version order.
 */
export function slotChangesChannel(prefix: string, slot: number): string {
  return `${prefix}{${slotTag(slot)}}:seats:changes`;
}

/** Every change of every presentation is published here as "<pid> <version> <changes>". */
export function changesChannel(prefix: string): string {
  return `${prefix}seats:changes`;
}

/** "<pid> <owner> <key,key...>" when the sweeper ends an owner's holds: only that visitor's sockets are told. */
export function holdsEndedChannel(prefix: string): string {
  return `${prefix}seats:holds-ended`;
}

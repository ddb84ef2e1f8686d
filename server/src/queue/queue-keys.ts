/**
 * The waiting room's own Redis keys (seats/ owns the seat encoding; the queue never touches it).
 * One hash tag per presentation, so every key one script touches lives in one cluster slot.
 */
export interface QueueKeys {
  /** ZSET visitor -> score: pre-queue draws below 2^40, then 2^40 + arrival number. */
  line: string;
  /** Arrival counter after the sale start. */
  seq: string;
  /** HASH visitor -> last seen (ms): a visitor gone longer than the abandon window is dropped at the head. */
  seen: string;
  /** ZSET visitor -> end of the shopping window (ms): the admitted. */
  active: string;
  /** How many have left the head so far (admitted + dropped): places are counted from it. */
  removed: string;
  /** HASH { credit, last }: the admission token bucket shared by every node. */
  bucket: string;
  /** Admitted in total (statistics, the rate test). */
  admitted: string;
  /** Which node runs this tick's admission (SET NX PX, one tick long). */
  tickLeader: string;
}

export function queueKeys(prefix: string, presentationId: number): QueueKeys {
  const base = `${prefix}queue:{${presentationId}}:`;
  return {
    line: `${base}line`,
    seq: `${base}seq`,
    seen: `${base}seen`,
    active: `${base}active`,
    removed: `${base}removed`,
    bucket: `${base}bucket`,
    admitted: `${base}admitted`,
    tickLeader: `${base}tick-leader`,
  };
}

/** Every node's progress messages go out on this channel; each node relays them to its own sockets. */
export const progressChannel = (prefix: string): string => `${prefix}queue:progress`;

/** Scores at or above this are arrivals after the start; below it, the pre-queue's random draw. */
export const AFTER_START_BASE = 2 ** 40;

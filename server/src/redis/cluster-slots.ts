/**
 * Redis Cluster hash slots, computed here so a script's per-slot keys (the sweeper's due index, the sharded change
 * channel) can be named in the same slot as a presentation's own keys: Redis Cluster runs a script only when every
 * key it touches hashes to one slot, and SPUBLISH inside a script only to a channel of that slot.
 */

const SLOTS = 16384;

/** CRC16/XMODEM, the checksum Redis Cluster hashes keys with (cluster spec, "Keys distribution model"). */
function crc16(text: string): number {
  let crc = 0;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/** The slot of a key: only the part inside the first non-empty `{...}` counts when there is one. */
export function keySlot(key: string): number {
  const open = key.indexOf('{');
  if (open >= 0) {
    const close = key.indexOf('}', open + 1);
    if (close > open + 1) return crc16(key.slice(open + 1, close)) % SLOTS;
  }
  return crc16(key) % SLOTS;
}

let tags: string[] | null = null;

/**
 * A short hash tag (`d<n>`) that hashes to `slot`, the same one on every node (found by counting up, so the
 * table is a pure function of the slot). Built once, for all slots: about 170,000 checksums, a few milliseconds.
 */
export function slotTag(slot: number): string {
  if (!tags) {
    const table = new Array<string>(SLOTS);
    let left = SLOTS;
    for (let n = 0; left > 0; n++) {
      const tag = `d${n}`;
      const s = crc16(tag) % SLOTS;
      if (table[s] === undefined) {
        table[s] = tag;
        left--;
      }
    }
    tags = table;
  }
  return tags[slot]!;
}

import { decodeSeatStatusBinary, isSeatStatusBinary } from '@hotline/shared';

/**
 * GET /api/seats/seats-status parsed straight into one Int32Array (7 numbers
 * per row, SeatStatusRow order). At 100k seats JSON.parse builds 100k little
 * arrays that the model reads once and the garbage collector then sweeps —
 * tens of ms on the first frame's path. The server writes plain integer rows,
 * so a byte scan reads them with no allocation per row; it runs in a worker
 * (status-worker.ts) while the main thread parses the plan. Anything
 * unexpected falls back to JSON.parse.
 */
export interface FlatSeatsStatus {
  version: number;
  /** 7 numbers per row. */
  rows: Int32Array;
}

const ROW = 7;
const KEY = [34, 115, 101, 97, 116, 115, 34]; // "seats"

function findKey(b: Uint8Array, from: number): number {
  outer: for (let i = from; i + KEY.length <= b.length; i++) {
    for (let k = 0; k < KEY.length; k++) if (b[i + k] !== KEY[k]) continue outer;
    return i;
  }
  return -1;
}

function versionIn(b: Uint8Array, from: number, to: number): number | null {
  const text = new TextDecoder().decode(b.subarray(from, to));
  const m = /"version"\s*:\s*(\d+)/.exec(text);
  return m ? Number(m[1]) : null;
}

/** The fast path over the response bytes (UTF-8); null when they are not the plain shape it expects. */
export function scanSeatsStatus(input: Uint8Array | string): FlatSeatsStatus | null {
  const b = typeof input === 'string' ? new TextEncoder().encode(input) : input;
  const n = b.length;
  const key = findKey(b, 0);
  if (key < 0) return null;
  let i = key + KEY.length;
  while (i < n && b[i] !== 91) i++; // [
  if (i >= n) return null;
  i++;
  // Every number needs at least two bytes (digit + separator): an upper bound on the count.
  const out = new Int32Array((n >> 1) + ROW);
  let count = 0;
  let depth = 1;
  let inRow = 0; // numbers seen in the current row
  while (i < n) {
    const c = b[i]!;
    if ((c >= 48 && c <= 57) || c === 45) {
      let neg = false;
      let ch = c;
      if (ch === 45) {
        neg = true;
        ch = b[++i]!;
        if (!(ch >= 48 && ch <= 57)) return null;
      }
      let v = 0;
      while (ch >= 48 && ch <= 57) {
        v = v * 10 + (ch - 48);
        ch = b[++i]!;
      }
      if (v > 2147483647 || depth !== 2 || ++inRow > ROW) return null;
      out[count++] = neg ? -v : v;
      continue;
    }
    if (c === 91) {
      if (++depth !== 2) return null;
      inRow = 0;
    } else if (c === 93) {
      if (depth === 2 && inRow !== ROW) return null;
      if (--depth === 0) {
        i++;
        break;
      }
    } else if (c !== 44 && c !== 32 && c !== 10 && c !== 13 && c !== 9) return null; // , and whitespace only
    i++;
  }
  if (depth !== 0) return null;
  const version = versionIn(b, i, n) ?? versionIn(b, 0, key);
  if (version === null) return null;
  return { version, rows: out.slice(0, count) };
}

/** The binary form (?format=binary, what the seat map asks for) or, from a server without it, the JSON answer. */
export function parseSeatsStatus(input: Uint8Array | string): FlatSeatsStatus {
  if (typeof input !== 'string' && isSeatStatusBinary(input)) {
    const { version, rows } = decodeSeatStatusBinary(input);
    return { version, rows };
  }
  const fast = scanSeatsStatus(input);
  if (fast) return fast;
  const text = typeof input === 'string' ? input : new TextDecoder().decode(input);
  const body = JSON.parse(text) as { seats: number[][]; version: number };
  const rows = new Int32Array(body.seats.length * ROW);
  body.seats.forEach((row, k) => rows.set(row.slice(0, ROW), k * ROW));
  return { version: body.version, rows };
}

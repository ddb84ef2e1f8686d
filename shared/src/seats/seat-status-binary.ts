import type { SeatsStatusResponse } from './wire';

/**
 * GET /api/seats/seats-status?format=binary: the same answer as the JSON one (rows, version, sold out, taken ratio,
 * sold-out sections) in a compact binary form for the seat map's first frame, where every byte is on the critical
 * path (a 100,000-seat presentation: 2 MB of JSON, 138 kB brotli; this form is a few kB, see docs/seat-map.md).
 *
 * Layout, every number an unsigned LEB128 varint (signed ones zigzagged):
 *   magic "HSS" + format 1 (4 bytes; JSON starts with "{", so a reader can tell them apart),
 *   version, flags (bit 0: sold out), taken ratio in thousandths, sold-out section count + ids (zigzag deltas),
 *   row count, then the 7 columns of SeatStatusRow one after another, each as runs of (value, run length).
 * A run's value is the column's value itself (zigzag) for the categorical columns and the change from the previous
 * row (zigzag) for x and y: seats of a row come in x order, so a row of 40 seats is one run in each column.
 */
export const SEAT_STATUS_BINARY_MAGIC = [0x48, 0x53, 0x53, 0x01] as const;

const ROW = 7;
const MAX_ROWS = 4_000_000;
/** Per column (SeatStatusRow order): true = runs of the change from the previous row (x, y), false = of the value. */
const DELTA_COLUMN = [false, false, true, true, false, false, false] as const;

/** What the binary form decodes to: the rows flat, 7 numbers each, in the answer's order. */
export interface FlatSeatStatusAnswer {
  version: number;
  rows: Int32Array;
  soldout: boolean;
  takenRatio: number;
  soldOutSectionIds: number[];
}

class Writer {
  private buf = new Uint8Array(new ArrayBuffer(1024));
  length = 0;

  uint(n: number): void {
    if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`seat status binary: ${n} is not a whole number >= 0`);
    if (this.length + 10 > this.buf.length) {
      const grown = new Uint8Array(new ArrayBuffer(this.buf.length * 2));
      grown.set(this.buf);
      this.buf = grown;
    }
    // Arithmetic, not bitwise: a version may pass 2^31.
    while (n >= 0x80) {
      this.buf[this.length++] = (n % 0x80) | 0x80;
      n = Math.floor(n / 0x80);
    }
    this.buf[this.length++] = n;
  }

  int(n: number): void {
    this.uint(n < 0 ? -2 * n - 1 : 2 * n);
  }

  bytes(): Uint8Array<ArrayBuffer> {
    return this.buf.slice(0, this.length);
  }
}

class Reader {
  pos = 0;

  constructor(private readonly b: Uint8Array) {}

  uint(): number {
    let n = 0;
    let scale = 1;
    for (;;) {
      if (this.pos >= this.b.length) throw new RangeError('seat status binary: cut short');
      const byte = this.b[this.pos++]!;
      n += (byte & 0x7f) * scale;
      if (byte < 0x80) return n;
      scale *= 0x80;
      if (scale > 2 ** 56) throw new RangeError('seat status binary: a number too long');
    }
  }

  int(): number {
    const z = this.uint();
    return z % 2 === 1 ? -(z + 1) / 2 : z / 2;
  }
}

/** The binary form of a seats-status answer (rows in the answer's order; their order only changes the size). */
export function encodeSeatStatusBinary(answer: SeatsStatusResponse): Uint8Array<ArrayBuffer> {
  const w = new Writer();
  for (const b of SEAT_STATUS_BINARY_MAGIC) w.uint(b);
  w.uint(answer.version);
  w.uint(answer.soldout ? 1 : 0);
  w.uint(Math.round(answer.takenRatio * 1000));
  w.uint(answer.soldOutSectionIds.length);
  let prevId = 0;
  for (const id of answer.soldOutSectionIds) {
    w.int(id - prevId);
    prevId = id;
  }
  const rows = answer.seats;
  w.uint(rows.length);
  for (let col = 0; col < ROW; col++) {
    const delta = DELTA_COLUMN[col];
    let prev = 0;
    let runValue = 0;
    let runLength = 0;
    for (const row of rows) {
      const v = row[col]!;
      if (!Number.isSafeInteger(v)) throw new RangeError(`seat status binary: ${v} is not a whole number`);
      const value = delta ? v - prev : v;
      prev = v;
      if (runLength > 0 && value === runValue) runLength++;
      else {
        if (runLength > 0) {
          w.int(runValue);
          w.uint(runLength);
        }
        runValue = value;
        runLength = 1;
      }
    }
    if (runLength > 0) {
      w.int(runValue);
      w.uint(runLength);
    }
  }
  return w.bytes();
}

/** True when the bytes start with the binary form's magic (a JSON answer starts with "{"). */
export function isSeatStatusBinary(bytes: Uint8Array): boolean {
  return SEAT_STATUS_BINARY_MAGIC.every((b, k) => bytes[k] === b);
}

/** Decodes the binary form straight into flat rows (no array per row); throws on anything malformed. */
export function decodeSeatStatusBinary(bytes: Uint8Array): FlatSeatStatusAnswer {
  if (!isSeatStatusBinary(bytes)) throw new RangeError('seat status binary: not this format');
  const r = new Reader(bytes);
  r.pos = SEAT_STATUS_BINARY_MAGIC.length;
  const version = r.uint();
  const soldout = (r.uint() & 1) === 1;
  const takenRatio = r.uint() / 1000;
  const soldOutCount = r.uint();
  if (soldOutCount > bytes.length) throw new RangeError('seat status binary: bad section count');
  const soldOutSectionIds: number[] = [];
  let prevId = 0;
  for (let k = 0; k < soldOutCount; k++) soldOutSectionIds.push((prevId += r.int()));
  const count = r.uint();
  // A bound against a lying count before the allocation: no venue comes near it (the largest seeded: 100,000 seats).
  if (count > MAX_ROWS) throw new RangeError('seat status binary: bad row count');
  const rows = new Int32Array(count * ROW);
  for (let col = 0; col < ROW; col++) {
    const delta = DELTA_COLUMN[col];
    let prev = 0;
    let i = 0;
    while (i < count) {
      const value = r.int();
      const length = r.uint();
      if (length === 0 || i + length > count) throw new RangeError('seat status binary: bad run');
      for (const end = i + length; i < end; i++) {
        const v = delta ? prev + value : value;
        if (v !== (v | 0)) throw new RangeError('seat status binary: a value out of range');
        rows[i * ROW + col] = v;
        prev = v;
      }
    }
  }
  return { version, rows, soldout, takenRatio, soldOutSectionIds };
}

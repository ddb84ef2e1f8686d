import {
  decodeSeatStatusBinary,
  encodeSeatStatusBinary,
  isSeatStatusBinary,
  SEAT_STATUS_BINARY_MAGIC,
} from '../seat-status-binary';
import type { SeatStatusRow } from '../seat-status';
import type { SeatsStatusResponse } from '../wire';

const answer = (seats: SeatStatusRow[], extra: Partial<SeatsStatusResponse> = {}): SeatsStatusResponse => ({
  seats,
  version: 7,
  soldout: false,
  takenRatio: 0,
  soldOutSectionIds: [],
  ...extra,
});

/** A section of `rows` rows of `perRow` seats, every `takenEvery`-th seat sold (status 4), the rest available. */
function bowl(sections: number, rows: number, perRow: number, takenEvery: number): SeatStatusRow[] {
  const out: SeatStatusRow[] = [];
  let k = 0;
  for (let s = 1; s <= sections; s++)
    for (let y = 1; y <= rows; y++)
      for (let x = 1; x <= perRow; x++) out.push([s * 10, 0, x, y, -1, 500 + (s % 3), ++k % takenEvery ? 1 : 4]);
  return out;
}

describe('seat status binary form', () => {
  it.each<[string, SeatsStatusResponse]>([
    ['no seats', answer([])],
    ['one seat', answer([[1, 0, 1, 1, -1, 9, 1]])],
    [
      'negative and large values (allocation -1, GA places, ids near 2^31)',
      answer([
        [2_147_483_647, 5, -100_000, 100_000, -1, 0, 7],
        [1, 0, 0, 0, 2_000_000_000, -1, 2],
        [1, 0, 0, 0, 2_000_000_000, -1, 2],
      ]),
    ],
    [
      'rows in no particular order',
      answer([
        [3, 0, 9, 2, 4, 1, 1],
        [1, 2, 1, 7, -1, 3, 5],
        [3, 0, 8, 2, 4, 1, 1],
      ]),
    ],
    ['a stadium section', answer(bowl(3, 20, 30, 17))],
    [
      'sold out, a version past 2^32, taken ratio and sold-out sections',
      answer([[5, 0, 1, 1, -1, 2, 4]], {
        version: 2 ** 40 + 3,
        soldout: true,
        takenRatio: 0.625,
        soldOutSectionIds: [5, 3, 900],
      }),
    ],
  ])('%s: decodes to the same answer', (_name, input) => {
    const decoded = decodeSeatStatusBinary(encodeSeatStatusBinary(input));
    expect(decoded.version).toBe(input.version);
    expect(decoded.soldout).toBe(input.soldout);
    expect(decoded.takenRatio).toBe(input.takenRatio);
    expect(decoded.soldOutSectionIds).toEqual(input.soldOutSectionIds);
    expect(Array.from(decoded.rows)).toEqual(input.seats.flat());
  });

  it('a row of seats costs a run per column, not bytes per seat', () => {
    // 100 rows of 40 seats, nothing sold: x and y two runs a row (the step back to the row's start, then +1 or 0
    // for the rest), about 8 bytes a row; every other column one run in all.
    const bytes = encodeSeatStatusBinary(answer(bowl(1, 100, 40, 1e9)));
    expect(bytes.length).toBeLessThan(900);
    // 6 % sold (every 17th): still well under a byte a seat before compression.
    expect(encodeSeatStatusBinary(answer(bowl(10, 100, 40, 17))).length).toBeLessThan(40_000 * 0.5);
  });

  it.each<[string, number[]]>([
    ['JSON', Array.from('{"seats":[]}', (c) => c.charCodeAt(0))],
    ['empty', []],
    ['another format number', [...SEAT_STATUS_BINARY_MAGIC.slice(0, 3), 2, 0]],
  ])('%s is not the binary form', (_name, bytes) => {
    expect(isSeatStatusBinary(new Uint8Array(bytes))).toBe(false);
    expect(() => decodeSeatStatusBinary(new Uint8Array(bytes))).toThrow(RangeError);
  });

  it.each<[string, (b: number[]) => number[]]>([
    ['cut short', (b) => b.slice(0, b.length - 1)],
    ['a run longer than the rows left', (b) => [...b.slice(0, -1), 99]],
    ['a run of length 0', (b) => [...b.slice(0, -1), 0]],
    ['a row count no venue has', (b) => [...b.slice(0, 8), 0xff, 0xff, 0xff, 0x7f]],
  ])('malformed (%s) throws, never returns wrong rows', (_name, spoil) => {
    const good = Array.from(
      encodeSeatStatusBinary(
        answer([
          [1, 0, 1, 1, -1, 9, 1],
          [1, 0, 2, 1, -1, 9, 1],
        ]),
      ),
    );
    expect(() => decodeSeatStatusBinary(new Uint8Array(spoil(good)))).toThrow(RangeError);
  });

  it.each<[string, SeatStatusRow]>([
    ['a fraction', [1, 0, 1.5, 1, -1, 9, 1]],
    ['NaN', [1, 0, Number.NaN, 1, -1, 9, 1]],
  ])('refuses to encode %s', (_name, row) => {
    expect(() => encodeSeatStatusBinary(answer([row]))).toThrow(RangeError);
  });
});

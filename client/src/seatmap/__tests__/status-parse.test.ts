import { describe, expect, it } from '@jest/globals';
import { encodeSeatStatusBinary, type SeatStatusRow } from '@hotline/shared';
import { parseSeatsStatus, scanSeatsStatus } from '../status-parse';

const body = (seats: unknown[], extra: Record<string, unknown> = {}) =>
  JSON.stringify({ seats, version: 42, soldout: false, takenRatio: 0.5, soldOutSectionIds: [7], ...extra });

describe('seats-status scan', () => {
  it('reads the server answer into one flat Int32Array, negatives included', () => {
    const text = body([
      [1, 10, 3, 4, -1, 5, 1],
      [2, 20, 13, 1, -1, 6, 4],
    ]);
    const r = scanSeatsStatus(text)!;
    expect(r.version).toBe(42);
    expect(Array.from(r.rows)).toEqual([1, 10, 3, 4, -1, 5, 1, 2, 20, 13, 1, -1, 6, 4]);
  });

  it('copes with whitespace, an empty list, and the version before the rows', () => {
    expect(
      Array.from(scanSeatsStatus('{ "seats" : [ [ 1 , 2 , 3 , 4 , -1 , 5 , 6 ] ] , "version" : 7 }')!.rows),
    ).toEqual([1, 2, 3, 4, -1, 5, 6]);
    expect(scanSeatsStatus(body([]))).toEqual({ version: 42, rows: new Int32Array(0) });
    expect(scanSeatsStatus('{"version":9,"seats":[[1,1,1,1,-1,1,1]]}')!.version).toBe(9);
  });

  it('refuses anything but plain integer rows of seven, so the caller can fall back', () => {
    expect(scanSeatsStatus(body([[1, 2, 3, 4, -1, 5]]))).toBeNull();
    expect(scanSeatsStatus(body([[1, 2, 3.5, 4, -1, 5, 1]]))).toBeNull();
    expect(scanSeatsStatus(body([[1, 2, '3', 4, -1, 5, 1]]))).toBeNull();
    expect(scanSeatsStatus('{"rows":[]}')).toBeNull();
    expect(scanSeatsStatus('{"seats":[[1,2,3,4,-1,5,1]]}')).toBeNull(); // no version
  });

  it('parseSeatsStatus falls back to JSON.parse and gives the same result', () => {
    const odd = body([[1, 2, 3, 4, -1, 5, 1, 99]]);
    expect(scanSeatsStatus(odd)).toBeNull();
    expect(Array.from(parseSeatsStatus(odd).rows)).toEqual([1, 2, 3, 4, -1, 5, 1]);
    const rows = Array.from({ length: 5000 }, (_, k) => [k % 7, 1, k, k % 13, -1, 2, 1 + (k % 5)]);
    const text = body(rows);
    expect(Array.from(parseSeatsStatus(text).rows)).toEqual(rows.flat());
  });

  it('parseSeatsStatus reads the binary form (format=binary) to the same rows as the JSON', () => {
    const rows = Array.from({ length: 5000 }, (_, k): SeatStatusRow => [k % 7, 1, k, k % 13, -1, 2, 1 + (k % 5)]);
    const binary = encodeSeatStatusBinary({
      seats: rows,
      version: 42,
      soldout: false,
      takenRatio: 0.5,
      soldOutSectionIds: [7],
    });
    expect(parseSeatsStatus(binary)).toEqual(parseSeatsStatus(body(rows)));
  });
});

import { describe, expect, it } from '@jest/globals';
import { SeatStatus } from '@hotline/shared';
import { buildSeatStore, seatIndexOf } from '../../seatmap/model/seat-store';
import { gaSection, gridSection, plan, statusRow } from '../../seatmap/model/__tests__/fixtures';
import { openingCamera } from '../../seatmap/model/viewport';
import { seatStatuses } from '../draw';

const store = buildSeatStore(
  plan([
    gridSection({ id: 1, x: 0, y: 0, rows: 2, cols: 3 }),
    gaSection({ id: 2, x: 500, y: 0, width: 200, height: 100, capacity: 50 }),
  ]),
);
const flat = (rows: number[][]) => Int32Array.from(rows.flat());

describe('seatStatuses: the first statuses as one status per seat, as the map reads them', () => {
  it.each([
    ['no rows: every seat available (the answer lists only the others)', [], []],
    ['a sold seat', [statusRow(1, 2, 1, SeatStatus.Sold)], [[1, 2, 1, SeatStatus.Sold]]],
    [
      'held and blocked seats',
      [statusRow(1, 1, 1, SeatStatus.OnHold), statusRow(1, 3, 2, SeatStatus.SingleSeatBlocked)],
      [
        [1, 1, 1, SeatStatus.OnHold],
        [1, 3, 2, SeatStatus.SingleSeatBlocked],
      ],
    ],
    // Standing places and seats the plan does not have are not drawn: skipped, nothing else changes.
    ['a standing place and an unknown seat', [statusRow(2, 1, 1, SeatStatus.Sold), statusRow(9, 1, 1, 4)], []],
  ])('%s', (_name, rows, taken) => {
    const status = seatStatuses(store, flat(rows as number[][]));
    const expected = new Uint8Array(store.count).fill(SeatStatus.Available);
    for (const [section, x, y, s] of taken as number[][]) expected[seatIndexOf(store, section!, x!, y!)] = s!;
    expect([...status]).toEqual([...expected]);
    // The store's own statuses are the map's, untouched by the picture.
    expect(store.status.every((s) => s === 0)).toBe(true);
  });
});

describe('openingCamera: the camera the map and the picture open with', () => {
  const bounds = { minX: 0, minY: 0, maxX: 1000, maxY: 500 };
  it.each([
    // Desktop: centred, 24 px padding.
    [1280, 800, 0, { scale: 1.232, x: 24, y: 92 }],
    // A phone held upright, the venue wide: near the top, under the live badge.
    [390, 844, 0, { scale: 0.351, x: 19.5, y: 56 }],
    // The phone's bar covers the bottom: the venue stays above it.
    [390, 300, 200, { scale: 0.122, x: 134, y: 19.5 }],
  ])('%i x %i, bar %i', (w, h, inset, expected) => {
    const cam = openingCamera(bounds, w, h, inset);
    expect(cam.scale).toBeCloseTo(expected.scale, 3);
    expect(cam.x).toBeCloseTo(expected.x, 1);
    expect(cam.y).toBeCloseTo(expected.y, 1);
    expect(cam.viewportHeight).toBe(h);
  });
});

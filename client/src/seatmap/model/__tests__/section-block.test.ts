import { describe, expect, it } from '@jest/globals';
import { buildSeatStore, seatIndexOf } from '../seat-store';
import { sectionBlock } from '../section-block';
import { gridSection, plan } from './fixtures';

/**
 * The box office's block keeps to the section the drag starts in and to that section's own axes: a drag along a
 * row of a turned section takes that row (a screen rectangle around it took 87 seats for 16, two across the aisle).
 */
describe('sectionBlock', () => {
  const store = buildSeatStore(
    plan([
      gridSection({ id: 1, x: 300, y: 300, rows: 4, cols: 16, rotation: 30 }),
      // The next section, just across the aisle, not turned.
      gridSection({ id: 2, x: 300, y: 520, rows: 4, cols: 16 }),
    ]),
  );
  const at = (section: number, x: number, y: number) => {
    const i = seatIndexOf(store, section, x, y);
    return { x: store.x[i]!, y: store.y[i]! };
  };
  const named = (seats: number[]) => seats.map((i) => `${store.sectionId[i]}:${store.coordX[i]}:${store.coordY[i]}`);
  const row = (section: number, y: number, from: number, to: number) =>
    Array.from({ length: to - from + 1 }, (_, k) => `${section}:${from + k}:${y}`);

  it.each<[string, [number, number], [number, number], string[]]>([
    ['first to last seat of row 2 of the turned section: that row', [1, 2], [16, 2], row(1, 2, 1, 16)],
    ['the other way round: the same row', [16, 2], [1, 2], row(1, 2, 1, 16)],
    ['seat 3 to 7 of row 1: those five', [3, 1], [7, 1], row(1, 1, 3, 7)],
    [
      'row 1 seat 5 to row 3 seat 8: three rows of four',
      [5, 1],
      [8, 3],
      [...row(1, 1, 5, 8), ...row(1, 2, 5, 8), ...row(1, 3, 5, 8)],
    ],
  ])('%s', (_label, [x0, y0], [x1, y1], expected) => {
    const block = sectionBlock(store, 0, at(1, x0, y0), at(1, x1, y1));
    expect(named(block.seats).sort()).toEqual(expected.sort());
  });

  it('never takes a seat of another section, even where the drag reaches over it', () => {
    // From the turned section's corner seat to a seat deep in the next section.
    const block = sectionBlock(store, 0, at(1, 1, 4), at(2, 16, 4));
    expect(block.seats.every((i) => store.sectionId[i] === 1)).toBe(true);
  });

  it('its outline turns with the section: four corners, the first edge along the rows', () => {
    const block = sectionBlock(store, 0, at(1, 1, 2), at(1, 16, 2));
    expect(block.corners).toHaveLength(4);
    const [a, b] = block.corners;
    const angle = (Math.atan2(b!.y - a!.y, b!.x - a!.x) * 180) / Math.PI;
    expect(angle).toBeCloseTo(30, 5);
  });
});

import { describe, expect, it } from '@jest/globals';
import { adjacentRowSeat, firstSeat, navigate, nextInRow, sectionAxisFor, type NavDirection } from '../keyboard-nav';
import { buildSeatStore, seatIndexOf, type SeatStore } from '../seat-store';
import { gridSection, plan } from './fixtures';

const label = (store: SeatStore, i: number) =>
  i < 0 ? 'none' : `${store.sectionId[i]}:${store.coordX[i]},${store.coordY[i]}`;

/*
 * Layout (plan units, seats 10 wide at pitch 12):
 *   A (id 1) at (0, 0): 3 rows x 5      B (id 2) at (200, 0): 3 rows x 4
 *   C (id 3) at (0, 200): 2 rows x 5
 */
const store = buildSeatStore(
  plan([
    gridSection({ id: 1, x: 0, y: 0, rows: 3, cols: 5 }),
    gridSection({ id: 2, x: 200, y: 0, rows: 3, cols: 4 }),
    gridSection({ id: 3, x: 0, y: 200, rows: 2, cols: 5 }),
  ]),
);
const at = (s: number, x: number, y: number) => seatIndexOf(store, s, x, y);

describe('keyboard navigation', () => {
  it.each([
    ['1:1,1', 'right', '1:2,1'],
    ['1:3,2', 'left', '1:2,2'],
    ['1:3,1', 'down', '1:3,2'],
    ['1:3,2', 'up', '1:3,1'],
    // Row end: into the neighbouring section that way, nearest seat.
    ['1:5,2', 'right', '2:1,2'],
    ['2:1,3', 'left', '1:5,3'],
    // Last row: down into the section below, nearest seat.
    ['1:3,3', 'down', '3:3,1'],
    ['3:2,1', 'up', '1:2,3'],
    // Nowhere to go.
    ['1:1,1', 'up', 'none'],
    ['1:1,2', 'left', 'none'],
    ['3:5,2', 'down', 'none'],
  ] as const)('%s %s -> %s', (from, dir, to) => {
    const [s, xy] = from.split(':');
    const [x, y] = xy!.split(',').map(Number);
    expect(label(store, navigate(store, at(Number(s), x!, y!), dir))).toBe(to);
  });

  it('skips seats the filter rejects, in the row and across rows', () => {
    const blocked = new Set([
      at(1, 2, 1),
      at(1, 3, 1),
      at(1, 3, 2),
      at(1, 1, 2),
      at(1, 2, 2),
      at(1, 4, 2),
      at(1, 5, 2),
    ]);
    const accept = (i: number) => !blocked.has(i);
    expect(label(store, nextInRow(store, at(1, 1, 1), 1, accept))).toBe('1:4,1');
    // Row 2 has no accepted seat at all: down goes to row 3, nearest by x.
    expect(label(store, adjacentRowSeat(store, at(1, 3, 1), 1, accept))).toBe('1:3,3');
    expect(label(store, navigate(store, at(1, 3, 1), 'down', accept))).toBe('1:3,3');
  });

  it('up/down picks the nearest seat by x in a shorter, offset row', () => {
    // Row 2 has seats only at columns 3..4 (the rest removed), so from 1:1,1 down lands on column 3.
    const section = gridSection({ id: 9, x: 0, y: 0, rows: 2, cols: 5 });
    section.groups[0]!.rows[1]!.seats = section.groups[0]!.rows[1]!.seats.filter(
      (s) => s.XCoordinate >= 3 && s.XCoordinate <= 4,
    );
    const s = buildSeatStore(plan([section]));
    expect(label(s, navigate(s, seatIndexOf(s, 9, 1, 1), 'down'))).toBe('9:3,2');
    expect(label(s, navigate(s, seatIndexOf(s, 9, 5, 1), 'down'))).toBe('9:4,2');
  });

  it('continues along the same row into a side-by-side block of the section', () => {
    const s = buildSeatStore(plan([gridSection({ id: 4, x: 0, y: 0, rows: 2, cols: 6, blocks: 2, blockGap: 30 })]));
    // Block 0 has columns 1-3, block 1 columns 4-6, both with rows named 1 and 2.
    expect(label(s, navigate(s, seatIndexOf(s, 4, 3, 1), 'right'))).toBe('4:4,1');
    expect(label(s, navigate(s, seatIndexOf(s, 4, 4, 2), 'left'))).toBe('4:3,2');
    expect(label(s, navigate(s, seatIndexOf(s, 4, 5, 1), 'down'))).toBe('4:5,2');
  });

  it.each([
    // [section rotation, screen direction, expected axis, expected direction]
    [0, 'right', 'row', 1],
    [0, 'down', 'across', 1],
    [90, 'down', 'row', 1], // local +x points down the screen
    [90, 'right', 'across', -1], // local +y points left
    [180, 'right', 'row', -1],
    [180, 'up', 'across', 1],
    [-90, 'up', 'row', 1],
    [30, 'right', 'row', 1],
    [-45, 'left', 'row', -1], // a tie at exactly 45° goes along the row
  ] as const)('section rotated %p°: %p maps to %p %p', (deg, dir, axis, sign) => {
    const s = buildSeatStore(plan([gridSection({ id: 1, x: 0, y: 0, rows: 3, cols: 3, rotation: deg })]));
    expect(sectionAxisFor(s, 0, dir as NavDirection)).toEqual({ axis, dir: sign });
  });

  it('in a section rotated 90°, ArrowDown walks along the row and ArrowLeft moves to the next row', () => {
    const s = buildSeatStore(plan([gridSection({ id: 1, x: 0, y: 0, rows: 3, cols: 4, rotation: 90 })]));
    expect(label(s, navigate(s, seatIndexOf(s, 1, 2, 2), 'down'))).toBe('1:3,2');
    expect(label(s, navigate(s, seatIndexOf(s, 1, 2, 2), 'left'))).toBe('1:2,3');
    expect(label(s, navigate(s, seatIndexOf(s, 1, 2, 2), 'right'))).toBe('1:2,1');
  });

  it('entering the map focuses the first accepted seat', () => {
    expect(label(store, navigate(store, -1, 'right'))).toBe('1:1,1');
    expect(
      label(
        store,
        firstSeat(store, (i) => store.sectionId[i] === 2),
      ),
    ).toBe('2:1,1');
  });
});

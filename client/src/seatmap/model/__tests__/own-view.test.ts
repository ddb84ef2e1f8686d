import { describe, expect, it } from '@jest/globals';
import { SeatStatus } from '@hotline/shared';
import { unblockBesideOwnSeats } from '../own-view';
import { buildSeatStore, seatIndexOf } from '../seat-store';
import { gridSection, plan } from './fixtures';

/**
 * Pictures, one character per seat from x = 1, as the ROOM reports the row (own locks are 5 there):
 *   . available   o locked (someone's, or ours: `own` says which)   x sold   b blocked single (7)
 */
function rowFromPicture(picture: string) {
  const store = buildSeatStore(plan([gridSection({ id: 1, x: 0, y: 0, rows: 1, cols: picture.length })]));
  const code = { '.': SeatStatus.Available, o: SeatStatus.LockedByOther, x: SeatStatus.Sold, b: 7 } as const;
  [...picture].forEach((c, k) => {
    store.status[seatIndexOf(store, 1, k + 1, 1)] = code[c as keyof typeof code];
  });
  const picture2 = () =>
    [...picture].map((_, k) => ({ 1: '.', 5: 'o', 4: 'x', 7: 'b' })[store.status[seatIndexOf(store, 1, k + 1, 1)]!]);
  return { store, at: (x: number) => seatIndexOf(store, 1, x, 1), picture: () => picture2().join('') };
}

describe('unblockBesideOwnSeats (policy 3, the room reports our own locks as 5)', () => {
  it.each<[string, string, number[], string]>([
    ['13 of 14 is ours: 14 (row end) is ours to take', '............ob', [13], '............o.'],
    ['7 and 9 are ours: 8 between them is ours to take', '......obo.....', [7, 9], '......o.o.....'],
    ['7 is ours, 9 someone else’s: 8 is still ours to take', '......obo.....', [7], '......o.o.....'],
    ['neither is ours: 8 stays blocked', '......obo.....', [], '......obo.....'],
    ['between the row end and a sold seat, not next to us: stays', 'bx..o', [5], 'bx..o'],
    ['sold seat and ours around it', 'xbo...', [3], 'x.o...'],
  ])('%s', (_label, room, ownXs, expected) => {
    const r = rowFromPicture(room);
    const own = new Set(ownXs.map(r.at));
    unblockBesideOwnSeats(r.store, [r.at(1)], (i) => own.has(i));
    expect(r.picture()).toBe(expected);
  });

  it('returns the seats it freed, so they can be repainted', () => {
    const r = rowFromPicture('ob');
    expect(unblockBesideOwnSeats(r.store, [r.at(1)], (i) => i === r.at(1))).toEqual([r.at(2)]);
  });
});

import { findOrphanSeats } from '../orphan-seats';
import { row } from './row-notation';

describe('findOrphanSeats', () => {
  it.each<[string, string, number[], number[]]>([
    ['empty row', '', [], []],
    ['nothing taken', '.....', [], []],
    ['existing single between sold seats', 'x.x', [], [2]],
    ['existing single at row end', '.x..', [], [1]],
    ['selected and held seats count as taken', 's.h', [], [2]],
    ['lone seat between aisles is not an orphan', '.. . ..', [], []],
    ['lone seat in a 1-seat row is not an orphan', '.', [], []],
    ['taking the middle of three strands both ends', '...', [2], [1, 3]],
    ['taking the second seat strands the first', '....', [2], [1]],
    ['taking two leaves a pair', '....', [1, 2], []],
    ['taking the end of a pair strands the other', '..', [1], [2]],
    ['taking next to an aisle', '... ...', [2, 3], [1]],
    ['gap beside an aisle', '.... ..', [2, 3], [1, 4]],
    ['exempt seats are never orphans', 'L.R', [2], []],
    ['taken after overlaps an already taken seat', 'x..', [1, 2], [3]],
  ])('%s: [%s] taking %p -> %p', (_label, picture, takenAfter, orphans) => {
    expect(findOrphanSeats(row(picture), takenAfter)).toEqual(orphans);
  });

  it('accepts any iterable of x values', () => {
    expect(findOrphanSeats(row('...'), new Set([2]))).toEqual([1, 3]);
  });

  it.each<[string, number[], string]>([
    ['unknown column', [9], 'takenAfter names x=9, which is not a seat of this row'],
    ['aisle column', [4], 'takenAfter names x=4'],
    ['fractional column', [1.5], 'takenAfter x must be a safe integer'],
  ])('rejects %s', (_label, takenAfter, message) => {
    expect(() => findOrphanSeats(row('... .'), takenAfter)).toThrow(message);
  });
});

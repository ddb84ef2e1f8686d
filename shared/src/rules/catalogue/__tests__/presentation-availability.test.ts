import { presentationAvailability, type PresentationAvailability } from '../presentation-availability';

describe('presentationAvailability', () => {
  it.each<[string, boolean, number, number, PresentationAvailability]>([
    ['the flag decides sold out even with seats left', true, 100, 0, 'soldOut'],
    ['nothing sold', false, 100, 0, 'available'],
    ['just above a tenth left', false, 100, 89, 'available'],
    ['a tenth left is last seats', false, 100, 90, 'lastSeats'],
    ['one seat left', false, 100, 99, 'lastSeats'],
    ['every seat sold without the flag is sold out', false, 100, 100, 'soldOut'],
    ['more sold than places (a plan shrank) is sold out', false, 100, 120, 'soldOut'],
    ['a small hall: a tenth of 8 rounds up to one seat', false, 8, 7, 'lastSeats'],
    ['a small hall with two left is still on sale', false, 8, 6, 'available'],
    ['a stadium: 101 left is not "last seats"', false, 100_000, 99_899, 'available'],
    ['a stadium: 100 left is', false, 100_000, 99_900, 'lastSeats'],
    ['no places at all: the flag alone decides', false, 0, 0, 'available'],
  ])('%s', (_what, soldoutFlag, capacity, sold, expected) => {
    expect(presentationAvailability({ soldoutFlag, capacity, sold })).toBe(expected);
  });

  it('refuses counts that are not whole non-negative numbers', () => {
    expect(() => presentationAvailability({ soldoutFlag: false, capacity: -1, sold: 0 })).toThrow(RangeError);
    expect(() => presentationAvailability({ soldoutFlag: false, capacity: 10, sold: 1.5 })).toThrow(RangeError);
  });
});

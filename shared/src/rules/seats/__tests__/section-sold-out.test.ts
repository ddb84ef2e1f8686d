import { isSectionSoldOut } from '../section-sold-out';

describe('isSectionSoldOut', () => {
  it.each([
    [0, 0, true],
    [10, 0, true],
    [10, 1, false],
    [10, 10, false],
    [1, 1, false],
  ])('%p seats, %p available -> %p', (seats, available, expected) => {
    expect(isSectionSoldOut(seats, available)).toBe(expected);
  });

  it.each<[number, number, string]>([
    [5, 6, 'availableCount (6) cannot exceed sectionSeatCount (5)'],
    [0, 1, 'availableCount (1) cannot exceed sectionSeatCount (0)'],
    [-1, 0, 'sectionSeatCount must not be negative'],
    [10, 0.5, 'availableCount must be a safe integer'],
    [NaN, 0, 'sectionSeatCount must be a finite number'],
  ])('rejects %p seats, %p available', (seats, available, message) => {
    expect(() => isSectionSoldOut(seats, available)).toThrow(message);
  });
});

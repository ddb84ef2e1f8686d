import { maxSeatsExceeded, maxSeatsMessage } from '../max-seats';

describe('maxSeatsExceeded', () => {
  it.each([
    [0, 1, 10, false],
    [9, 1, 10, false],
    [10, 0, 10, false],
    [10, 1, 10, true],
    [8, 3, 10, true], // a 3-seat couch does not fit in the last 2 places
    [0, 11, 10, true],
    [0, 0, 0, false],
    [0, 1, 0, true],
    [12, 0, 10, true], // already over (e.g. max lowered mid-session)
  ])('%p selected + %p, max %p -> %p', (current, adding, max, expected) => {
    expect(maxSeatsExceeded(current, adding, max)).toBe(expected);
  });

  it.each<[number, number, number, string]>([
    [-1, 1, 10, 'currentCount must not be negative'],
    [0, -1, 10, 'adding must not be negative'],
    [0, 1, 1.5, 'max must be a safe integer'],
    [0, NaN, 10, 'adding must be a finite number'],
  ])('rejects %p + %p, max %p', (current, adding, max, message) => {
    expect(() => maxSeatsExceeded(current, adding, max)).toThrow(message);
  });
});

describe('maxSeatsMessage', () => {
  it.each([
    [10, 'Cannot select more than 10 seats'],
    [1, 'Cannot select more than 1 seats'],
  ])('%p -> %s', (max, expected) => {
    expect(maxSeatsMessage(max)).toBe(expected);
  });

  it('rejects a bad max', () => {
    expect(() => maxSeatsMessage(-1)).toThrow(RangeError);
  });
});

import { inPartOfDay, type PartOfDay } from '../part-of-day';

describe('inPartOfDay', () => {
  it.each<[number, PartOfDay, boolean]>([
    [4, 'morning', false],
    [5, 'morning', true],
    [11, 'morning', true],
    [12, 'morning', false],
    [12, 'afternoon', true],
    [16, 'afternoon', true],
    [17, 'afternoon', false],
    [17, 'evening', true],
    [20, 'evening', true],
    [21, 'evening', false],
    [21, 'night', true],
    [23, 'night', true],
    [0, 'night', true],
    [4, 'night', true],
    [5, 'night', false],
    [13, 'night', false],
  ])('%i o’clock in %s: %s', (hour, part, expected) => {
    expect(inPartOfDay(hour, part)).toBe(expected);
  });

  it.each([-1, 24, 3.5, NaN])('rejects hour %p', (hour) => {
    expect(() => inPartOfDay(hour, 'night')).toThrow(RangeError);
  });
});

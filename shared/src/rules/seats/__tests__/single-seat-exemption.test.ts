import { isExemptFromSingleSeatRule } from '../single-seat-exemption';

describe('isExemptFromSingleSeatRule', () => {
  it.each<[string, readonly number[] | undefined, boolean]>([
    ['no features', [], false],
    ['features absent', undefined, false],
    ['left seat', [31], true],
    ['middle seat', [32], true],
    ['right seat', [33], true],
    ['right seat among others', [13, 33, 20], true],
    ['couch', [1], false],
    ['handicap and premium', [10, 13], false],
    ['table seat', [50], false],
    ['unknown code 30', [30], false],
    ['unknown code 34', [34], false],
  ])('%s -> %p', (_label, features, expected) => {
    expect(isExemptFromSingleSeatRule(features)).toBe(expected);
  });
});

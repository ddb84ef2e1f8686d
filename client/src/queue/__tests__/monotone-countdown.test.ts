import { describe, expect, it } from '@jest/globals';
import { MonotoneCountdown } from '../monotone-countdown';

describe('MonotoneCountdown (the waiting page never shows its turn further away at the same rate)', () => {
  it.each<[string, [number | null, string][], (number | null)[]]>([
    [
      'runs down as computed',
      [
        [96, 'r600'],
        [95, 'r600'],
        [94, 'r600'],
      ],
      [96, 95, 94],
    ],
    [
      'holds when a late message computes more',
      [
        [96, 'r600'],
        [92, 'r600'],
        [95, 'r600'],
        [91, 'r600'],
      ],
      [96, 92, 92, 91],
    ],
    [
      'a new rate shows the new, longer wait',
      [
        [92, 'r600'],
        [180, 'r300'],
        [179, 'r300'],
      ],
      [92, 180, 179],
    ],
    [
      'nothing to say resets it',
      [
        [92, 'r600'],
        [null, 'r600'],
        [95, 'r600'],
      ],
      [92, null, 95],
    ],
    [
      'repeating a value (a second render) changes nothing',
      [
        [50, 'r60'],
        [50, 'r60'],
      ],
      [50, 50],
    ],
  ])('%s', (_label, steps, shown) => {
    const countdown = new MonotoneCountdown();
    expect(steps.map(([value, basis]) => countdown.next(value, basis))).toEqual(shown);
  });
});

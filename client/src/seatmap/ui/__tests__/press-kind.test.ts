import { LONG_PRESS_MS, pressKind } from '../press-kind';

describe('pressKind', () => {
  it.each([
    ['a quick tap', 1000, 1040, 'tap'],
    ['a tap whose timer fired late (the main thread was busy): the input says 60 ms', 1000, 1060, 'tap'],
    ['just under the long press', 1000, 1000 + LONG_PRESS_MS - 1, 'tap'],
    ['exactly the long press', 1000, 1000 + LONG_PRESS_MS, 'long'],
    ['a finger held for a second', 1000, 2000, 'long'],
  ] as const)('%s', (_what, downAt, upAt, expected) => {
    expect(pressKind(downAt, upAt)).toBe(expected);
  });
});

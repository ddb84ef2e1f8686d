import { isIntegrationTsFresh } from '../integration-ts-fresh';

const NOW = Date.UTC(2026, 10, 25, 12, 0, 0);
const S = Math.floor(NOW / 1000);

describe('isIntegrationTsFresh (max age 300 s, skew 60 s)', () => {
  it.each<[string, number, boolean]>([
    ['now, seconds', S, true],
    ['now, milliseconds', NOW, true],
    ['299 s old', S - 299, true],
    ['300 s old (the limit)', S - 300, true],
    ['301 s old', S - 301, false],
    ['an hour old', S - 3600, false],
    ['an hour old, milliseconds', NOW - 3_600_000, false],
    ['59 s ahead (clock skew)', S + 59, true],
    ['61 s ahead', S + 61, false],
    ['zero', 0, false],
    ['negative', -5, false],
    ['fractional', S + 0.5, false],
    ['NaN', Number.NaN, false],
  ])('%s -> %p', (_name, ts, expected) => {
    expect(isIntegrationTsFresh(ts, NOW, 300)).toBe(expected);
  });
});

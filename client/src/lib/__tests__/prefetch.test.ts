import { prefetchAllowed } from '../prefetch';

describe('prefetchAllowed', () => {
  test.each([
    [undefined, true],
    [{ effectiveType: '4g' }, true],
    [{ effectiveType: '3g' }, true],
    [{ effectiveType: '2g' }, false],
    [{ effectiveType: 'slow-2g' }, false],
    [{ effectiveType: '4g', saveData: true }, false],
  ])('%p -> %p', (connection, expected) => {
    expect(prefetchAllowed(connection)).toBe(expected);
  });
});

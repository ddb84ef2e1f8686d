import { withinBusinessScope } from '../within-business-scope';

describe('withinBusinessScope', () => {
  it.each([
    [[1], [1], true],
    [[1], [2], false],
    [[1, 2], [2], true],
    [[1, 2], [1, 2], true],
    [[1], [1, 2], false],
    [[1], [], true],
    [[], [1], false],
    [[], [], true],
  ])('user %j touching %j -> %p', (user, touched, expected) => {
    expect(withinBusinessScope(user, touched)).toBe(expected);
  });
});

import { staffGrantProblems } from '../staff-grant';

const admin = { permissions: [266, 268, 291, 292], businessIds: [1, 2] };

describe('staffGrantProblems', () => {
  it.each([
    ['a subset of permissions in one business', { permissions: [291], businessIds: [1] }, []],
    ['everything the editor holds', admin, []],
    ['no permissions, one business (may sign in, sees nothing)', { permissions: [], businessIds: [2] }, []],
    [
      'a permission the editor lacks',
      { permissions: [291, 290], businessIds: [1] },
      [{ kind: 'permission-not-yours', permission: 290 }],
    ],
    [
      'a business the editor lacks',
      { permissions: [291], businessIds: [1, 3] },
      [{ kind: 'business-not-yours', businessId: 3 }],
    ],
    ['no business', { permissions: [291], businessIds: [] }, [{ kind: 'no-business' }]],
    [
      'a duplicate is named once',
      { permissions: [290, 290], businessIds: [3, 3] },
      [
        { kind: 'permission-not-yours', permission: 290 },
        { kind: 'business-not-yours', businessId: 3 },
      ],
    ],
  ] as const)('%s', (_what, grant, expected) => {
    expect(staffGrantProblems(admin, grant)).toEqual(expected);
  });
});

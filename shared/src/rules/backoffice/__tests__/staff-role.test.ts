import { staffRole } from '../staff-role';

describe('staffRole', () => {
  it.each([
    [[266, 267, 268, 269, 290, 291, 292, 293], 'administrator'],
    [[266, 267, 268, 269, 290, 291, 292], 'box-office'],
    [[293, 292, 291, 290, 269, 268, 267, 266, 1], 'administrator'],
    [[293], 'staff'],
    [[266, 267, 268, 269, 290], 'box-office'],
    [[291], 'staff'],
    [[266, 267, 268, 269], 'box-office'],
    [[267, 268], 'box-office'],
    [[267], 'box-office'],
    [[266], 'producer'],
    [[266, 269], 'producer'],
    [[268], 'staff'],
    [[290], 'staff'],
    [[], 'staff'],
  ] as const)('permissions %j -> %s', (permissions, role) => {
    expect(staffRole(permissions)).toBe(role);
  });
});

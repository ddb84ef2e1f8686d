import { isPresentationSoldOut } from '../presentation-sold-out';

describe('isPresentationSoldOut', () => {
  it.each([
    // regular storefront: the flag decides, allocations are irrelevant
    [true, false, 0, true],
    [true, false, 5, true],
    [false, false, 0, false],
    [false, false, 5, false],
    // mini-site / live domain: only available allocated seats decide
    [true, true, 0, true],
    [true, true, 5, false],
    [false, true, 0, true],
    [false, true, 1, false],
  ])(
    'flag %p, mini-site %p, %p allocated available -> %p',
    (soldoutFlag, miniSiteOrLiveDomain, available, expected) => {
      expect(isPresentationSoldOut({ soldoutFlag, miniSiteOrLiveDomain, availableWithAllocation: available })).toBe(
        expected,
      );
    },
  );

  it.each<[number, string]>([
    [-1, 'availableWithAllocation must not be negative'],
    [1.5, 'availableWithAllocation must be a safe integer'],
    [NaN, 'availableWithAllocation must be a finite number'],
  ])('rejects availableWithAllocation %p', (available, message) => {
    expect(() =>
      isPresentationSoldOut({ soldoutFlag: false, miniSiteOrLiveDomain: true, availableWithAllocation: available }),
    ).toThrow(message);
  });
});

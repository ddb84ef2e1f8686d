import { cleanAddress } from '../clean-address';

describe('cleanAddress', () => {
  it.each([
    ['Herzl 5', 'Herzl 5'],
    ['Herzl 5 #3', 'Herzl 5 3'],
    ['Herzl 5 # 3', 'Herzl 5 3'],
    ['Herzl 5#3', 'Herzl 5 3'],
    ['Apt ##12', 'Apt 12'],
    ['#12 Herzl', '12 Herzl'],
    ['Herzl 5#', 'Herzl 5'],
    ['הרצל 5 דירה #3', 'הרצל 5 דירה 3'],
    ['#', ''],
    ['', ''],
    ['  Herzl  5  ', 'Herzl  5'], // only '#' and the outer blanks are touched
  ])('%j -> %j', (address, expected) => {
    expect(cleanAddress(address)).toBe(expected);
  });

  it.each([undefined, null, 5])('rejects %p', (value) => {
    expect(() => cleanAddress(value as unknown as string)).toThrow(TypeError);
  });
});

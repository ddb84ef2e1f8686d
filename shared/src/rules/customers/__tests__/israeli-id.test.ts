import { israeliIdIsValid } from '../israeli-id';

describe('israeliIdIsValid', () => {
  it.each<[string | number, boolean]>([
    // valid
    ['123456782', true],
    ['000000018', true],
    ['18', true], // left-padded to 000000018
    [18, true],
    [123456782, true],
    ['039337423', true],
    ['39337423', true],
    ['  123456782  ', true],
    ['999999998', true],
    // wrong checksum
    ['123456789', false],
    ['123456781', false],
    ['000000019', false],
    // shape
    ['000000000', false], // passes the arithmetic, but no one's ID
    ['0', false],
    [0, false],
    ['', false],
    ['   ', false],
    ['1234567820', false], // 10 digits
    ['12345678-2', false],
    ['123 456 782', false],
    ['12345678a', false],
    ['١٢٣٤٥٦٧٨٢', false], // Arabic-Indic digits are not taken as ID digits
    [-18, false],
    [18.5, false],
    [NaN, false],
  ])('%p -> %p', (id, expected) => {
    expect(israeliIdIsValid(id)).toBe(expected);
  });

  it.each([undefined, null, {}, ['123456782']])('rejects non-ID input %p as invalid', (value) => {
    expect(israeliIdIsValid(value as unknown as string)).toBe(false);
  });
});

import { displayMobile } from '../display-mobile';

describe('displayMobile', () => {
  it.each([
    ['+972501234567', '0501234567'],
    ['+972-50-1234567', '050-1234567'],
    ['+972 50 123 4567', '050 123 4567'],
    ['+972 (0)50-1234567', '050-1234567'],
    ['+9720501234567', '0501234567'], // trunk zero already there
    ['  +972501234567 ', '0501234567'],
    ['0501234567', '0501234567'], // already national
    ['050-1234567', '050-1234567'],
    ['00972501234567', '00972501234567'], // only a leading +972 is rewritten
    ['+12125550100', '+12125550100'],
    ['', ''],
  ])('%j -> %j', (input, expected) => {
    expect(displayMobile(input)).toBe(expected);
  });

  it.each([undefined, null, 972501234567])('rejects %p', (value) => {
    expect(() => displayMobile(value as unknown as string)).toThrow(TypeError);
  });
});

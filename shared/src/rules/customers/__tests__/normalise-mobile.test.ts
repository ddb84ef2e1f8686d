import { normaliseMobile } from '../normalise-mobile';

describe('normaliseMobile', () => {
  it.each([
    ['0501234567', '0501234567'],
    ['050-1234567', '0501234567'],
    ['050-123-4567', '0501234567'],
    ['050 123 4567', '0501234567'],
    ['(050) 123.4567', '0501234567'],
    ['+972501234567', '0501234567'],
    ['+972-50-1234567', '0501234567'],
    ['+972 50 123 4567', '0501234567'],
    ['+972 (0)50-1234567', '0501234567'],
    ['00972501234567', '0501234567'],
    ['972501234567', '0501234567'],
    ['+97221234567', '021234567'], // landline keeps its own shape
    ['\u200E+972\u00A050-1234567\u200F', '0501234567'], // marks and NBSP from RTL inputs
    ['  0501234567  ', '0501234567'],
    ['+1 212 555 0100', '+12125550100'], // not Israeli: only separators go
    ['', ''],
    ['abc', 'abc'],
  ])('%j -> %j', (input, expected) => {
    expect(normaliseMobile(input)).toBe(expected);
  });

  it.each([undefined, null, 501234567])('rejects %p', (value) => {
    expect(() => normaliseMobile(value as unknown as string)).toThrow(TypeError);
  });
});

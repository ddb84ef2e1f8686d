import { isValidIsraeliMobile } from '../israeli-mobile';

describe('isValidIsraeliMobile', () => {
  it.each<[unknown, boolean]>([
    ['0501234567', true],
    ['050-1234567', true],
    ['052 123 4567', true],
    ['0591234567', true],
    ['+972501234567', true],
    ['+972-54-1234567', true],
    ['00972521234567', true],
    ['+972 (0)50 1234567', true],
    ['050123456', false], // 9 digits
    ['05012345678', false], // 11 digits
    ['0401234567', false], // not 05X
    ['021234567', false], // landline
    ['+97221234567', false],
    ['5012345678', false], // missing the 0
    ['050-123456a', false],
    ['+12125550100', false],
    ['', false],
    [undefined, false],
    [501234567, false],
  ])('%p -> %p', (input, expected) => {
    expect(isValidIsraeliMobile(input as string)).toBe(expected);
  });
});

import { isoDate, isoMoment } from '../../src/common/ids';

/**
 * Inputs bounded where the database is: a schemathesis run got 500s from a report dated in year
 * 0000 and an on-sale starting at offset -21:17 (stored as year 0034). Both are now refused by the schema.
 */
describe('isoDate', () => {
  test.each([
    ['2026-11-29', true],
    ['1900-01-01', true],
    ['2199-12-31', true],
    ['1899-12-31', false],
    ['2200-01-01', false],
    ['0000-01-01', false],
    ['0001-01-01', false],
    ['2026-02-30', false],
    ['2026-1-1', false],
  ])('%s accepted: %s', (value, ok) => {
    expect(isoDate.safeParse(value).success).toBe(ok);
  });
});

describe('isoMoment', () => {
  test.each([
    ['2027-03-01T10:00:00+02:00', true],
    ['2027-03-01T10:00:00Z', true],
    ['2027-03-01T10:00:00.000Z', true],
    ['2027-03-01T10:00:00+14:00', true],
    ['2027-03-01T10:00:00-12:00', true],
    ['2027-03-01T10:00:00-21:17', false],
    ['2027-03-01T10:00:00+14:01', false],
    ['0034-03-01T10:00:00Z', false],
    ['2027-03-01 10:00', false],
  ])('%s accepted: %s', (value, ok) => {
    expect(isoMoment.safeParse(value).success).toBe(ok);
  });
});

import { normaliseReference, quantityEditAllowed, referenceEligibility, referenceRemaining } from '../ticket-reference';

describe('ticket references', () => {
  it.each([
    ['ABC-1', 'abc-1'],
    ['  Club7 ', 'club7'],
    [null, ''],
    [undefined, ''],
    ['', ''],
  ])('normaliseReference(%p) = %p', (value, expected) => {
    expect(normaliseReference(value)).toBe(expected);
  });

  it.each([
    [10, 3, 7],
    [3, 3, 0],
    [2, 5, 0],
    [0, 0, 0],
  ])('referenceRemaining(%p, %p) = %p', (quantity, used, expected) => {
    expect(referenceRemaining(quantity, used)).toBe(expected);
  });

  it.each([
    [null, 1, 'unknown'],
    [{ quantity: 5, used: 0 }, 5, 'ok'],
    [{ quantity: 5, used: 1 }, 5, 'used-up'],
    [{ quantity: 5, used: 4 }, 1, 'ok'],
    [{ quantity: 0, used: 0 }, 1, 'used-up'],
    [{ quantity: 2, used: 3 }, 1, 'used-up'],
  ] as const)('referenceEligibility(%j, %p) = %p', (option, seats, expected) => {
    expect(referenceEligibility(option, seats)).toBe(expected);
  });

  it.each([
    [5, 3, true],
    [3, 3, true],
    [2, 3, false],
    [0, 0, true],
    [-1, 0, false],
    [1.5, 0, false],
  ])('quantityEditAllowed(%p, used %p) = %p', (quantity, used, expected) => {
    expect(quantityEditAllowed(quantity, used)).toBe(expected);
  });
});

import { assertFiniteNumber, assertNonNegativeInteger, assertPositiveInteger, assertSafeInteger } from '../assert';

type Guard = (value: unknown, name: string) => void;

describe('input guards', () => {
  it.each<[string, Guard, unknown]>([
    ['finite: integer', assertFiniteNumber, 3],
    ['finite: fraction', assertFiniteNumber, -0.5],
    ['safe integer: negative', assertSafeInteger, -7],
    ['safe integer: max safe', assertSafeInteger, Number.MAX_SAFE_INTEGER],
    ['non-negative: zero', assertNonNegativeInteger, 0],
    ['positive: one', assertPositiveInteger, 1],
  ])('accepts %s', (_label, guard, value) => {
    expect(() => guard(value, 'x')).not.toThrow();
  });

  it.each<[string, Guard, unknown, ErrorConstructor, string]>([
    ['string', assertFiniteNumber, '3', TypeError, 'x must be a number, got "3"'],
    ['undefined', assertFiniteNumber, undefined, TypeError, 'x must be a number, got undefined'],
    ['NaN', assertFiniteNumber, NaN, RangeError, 'x must be a finite number, got NaN'],
    ['Infinity', assertSafeInteger, Infinity, RangeError, 'x must be a finite number, got Infinity'],
    ['fraction', assertSafeInteger, 1.5, RangeError, 'x must be a safe integer, got 1.5'],
    ['beyond 2^53', assertSafeInteger, 2 ** 53, RangeError, 'x must be a safe integer, got 9007199254740992'],
    ['negative', assertNonNegativeInteger, -1, RangeError, 'x must not be negative, got -1'],
    ['zero', assertPositiveInteger, 0, RangeError, 'x must be positive, got 0'],
    ['negative zero', assertPositiveInteger, -0, RangeError, 'x must be positive, got -0'],
  ])('rejects %s', (_label, guard, value, errorType, message) => {
    expect(() => guard(value, 'x')).toThrow(errorType);
    expect(() => guard(value, 'x')).toThrow(message);
  });
});

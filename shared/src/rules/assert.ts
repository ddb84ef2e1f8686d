/**
 * Input guards shared by the rules. Rules are called with data that crossed a
 * network boundary, so a bad value must fail loudly here rather than leak out
 * as NaN or a silently wrong price.
 */

// Module-level references: these guards run per seat on 20,000-seat sections,
// and looking `Number` up on the global object is slow in sandboxed contexts
// (jest's vm, SSR sandboxes), up to ~20x slower than a local.
const { isFinite, isSafeInteger } = Number;

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' && Object.is(value, -0)) return '-0';
  return String(value);
}

export function assertFiniteNumber(value: unknown, name: string): asserts value is number {
  if (typeof value !== 'number') throw new TypeError(`${name} must be a number, got ${describe(value)}`);
  if (!isFinite(value)) throw new RangeError(`${name} must be a finite number, got ${describe(value)}`);
}

/** Safe integers only: beyond 2^53 integer arithmetic stops being exact. */
export function assertSafeInteger(value: unknown, name: string): asserts value is number {
  assertFiniteNumber(value, name);
  if (!isSafeInteger(value)) throw new RangeError(`${name} must be a safe integer, got ${describe(value)}`);
}

export function assertNonNegativeInteger(value: unknown, name: string): asserts value is number {
  assertSafeInteger(value, name);
  if (value < 0) throw new RangeError(`${name} must not be negative, got ${describe(value)}`);
}

export function assertPositiveInteger(value: unknown, name: string): asserts value is number {
  assertSafeInteger(value, name);
  if (value <= 0) throw new RangeError(`${name} must be positive, got ${describe(value)}`);
}

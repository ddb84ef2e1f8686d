import { assertNonNegativeInteger } from '../assert';

/**
 * True when adding `adding` seats to the `currentCount` already selected goes
 * over `max` (memberships-backoffice-spec.md section 5). Reaching max exactly is allowed.
 */
export function maxSeatsExceeded(currentCount: number, adding: number, max: number): boolean {
  assertNonNegativeInteger(currentCount, 'currentCount');
  assertNonNegativeInteger(adding, 'adding');
  assertNonNegativeInteger(max, 'max');
  return currentCount + adding > max;
}

/** The spec's text for the refusal. */
export function maxSeatsMessage(max: number): string {
  assertNonNegativeInteger(max, 'max');
  return `Cannot select more than ${max} seats`;
}

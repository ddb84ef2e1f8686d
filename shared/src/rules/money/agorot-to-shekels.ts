import { assertSafeInteger } from '../assert';

/** Agorot to shekels for APIs and analytics that want a decimal amount (ILS). */
export function agorotToShekels(agorot: number): number {
  assertSafeInteger(agorot, 'agorot');
  return agorot === 0 ? 0 : agorot / 100;
}

import { SEAT_FEATURE_CODES, SEAT_FEATURE_NAMES } from '@hotline/shared';

/**
 * Seat features as a per-seat bitmask. The wire codes go up to 50, so they
 * cannot be bit positions themselves; instead each known code gets the bit of
 * its position in SEAT_FEATURE_NAMES (18 features, fits a Uint32). A filter
 * like "wheelchair OR companion" is then one AND per seat.
 */
const BIT_BY_CODE = new Map<number, number>(SEAT_FEATURE_NAMES.map((name, i) => [SEAT_FEATURE_CODES[name], i]));

if (BIT_BY_CODE.size > 32) throw new Error('features: more than 32 seat features no longer fit a Uint32 mask');

/** Bit mask for one feature code; 0 for an unknown code. */
export function featureBit(code: number): number {
  const bit = BIT_BY_CODE.get(code);
  return bit === undefined ? 0 : (1 << bit) >>> 0;
}

/** Mask of a list of codes (unknown codes are ignored: newer servers may send codes we do not know yet). */
export function featureMask(codes: readonly number[]): number {
  let mask = 0;
  for (const code of codes) mask |= featureBit(code);
  return mask >>> 0;
}

export function maskHasFeature(mask: number, code: number): boolean {
  const bit = featureBit(code);
  return bit !== 0 && (mask & bit) !== 0;
}

/** Feature codes present in a mask, in SEAT_FEATURE_NAMES order. */
export function featureCodesOf(mask: number): number[] {
  const out: number[] = [];
  for (const [code, bit] of BIT_BY_CODE) if (mask & (1 << bit)) out.push(code);
  return out;
}

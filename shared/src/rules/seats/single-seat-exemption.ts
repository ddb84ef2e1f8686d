import { SEAT_FEATURE_CODES } from '../../seats/seat-features';

const POSITION_IN_UNIT_FEATURES: readonly number[] = [
  SEAT_FEATURE_CODES.isLeftSeat,
  SEAT_FEATURE_CODES.isMiddleSeat,
  SEAT_FEATURE_CODES.isRightSeat,
];

/**
 * Left, middle and right seats (feature codes 31/32/33) are positions inside a
 * small fixed unit (a box, a table, a bench), where one free seat is an
 * intended, sellable leftover rather than a gap nobody will buy. The spec lets
 * them through single-seat blocking (storefront-spec.md section 4), and the
 * single-seat-gap rules use the same exemption so the two never disagree.
 */
export function isExemptFromSingleSeatRule(features: readonly number[] | undefined): boolean {
  return features !== undefined && features.some((code) => POSITION_IN_UNIT_FEATURES.includes(code));
}

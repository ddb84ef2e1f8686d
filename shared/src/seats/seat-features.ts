/** Seat feature flags and their numeric codes (storefront-spec.md section 3). */
export const SEAT_FEATURE_CODES = {
  isCouch: 1,
  isKidsSeat: 2,
  isLongSeat: 3,
  isBedSeat: 4,
  isBarStool: 5,
  isWoodenChair: 6,
  isHandicap: 10,
  isCompanion: 11,
  isLimitedView: 12,
  isPremium: 13,
  isHeated: 20,
  isLeftSeat: 31,
  isMiddleSeat: 32,
  isRightSeat: 33,
  isBoatSeat: 40,
  isPaddleBoatSeat: 41,
  isPedalBoatSeat: 42,
  isTableSeat: 50,
} as const;

export type SeatFeatureName = keyof typeof SEAT_FEATURE_CODES;
export type SeatFeatureCode = (typeof SEAT_FEATURE_CODES)[SeatFeatureName];

export const SEAT_FEATURE_NAMES: readonly SeatFeatureName[] = Object.keys(SEAT_FEATURE_CODES) as SeatFeatureName[];

const NAME_BY_CODE = new Map<number, SeatFeatureName>(
  SEAT_FEATURE_NAMES.map((name) => [SEAT_FEATURE_CODES[name], name]),
);

export function isSeatFeatureCode(code: number): code is SeatFeatureCode {
  return NAME_BY_CODE.has(code);
}

export function seatFeatureName(code: number): SeatFeatureName | undefined {
  return NAME_BY_CODE.get(code);
}

/** Boolean flag object as the spec's Seat carries it, from a list of codes. */
export function seatFeatureFlags(codes: readonly number[]): Partial<Record<SeatFeatureName, true>> {
  const flags: Partial<Record<SeatFeatureName, true>> = {};
  for (const code of codes) {
    const name = NAME_BY_CODE.get(code);
    if (name) flags[name] = true;
  }
  return flags;
}

/** Couch (1) and bed (4) seats are taken and released together with their group. */
export function isSoldTogetherFeature(code: number): boolean {
  return code === SEAT_FEATURE_CODES.isCouch || code === SEAT_FEATURE_CODES.isBedSeat;
}

/**
 * Best-available across presentations (storefront-spec.md section 7, `partOfDay`): which part of the day a
 * presentation's start falls in, by its Jerusalem hour. Night runs past midnight, up to 05:00.
 */
export const PARTS_OF_DAY = ['morning', 'afternoon', 'evening', 'night'] as const;
export type PartOfDay = (typeof PARTS_OF_DAY)[number];

const HOURS: Record<PartOfDay, [number, number]> = {
  morning: [5, 12],
  afternoon: [12, 17],
  evening: [17, 21],
  night: [21, 29],
};

/** Whether a start at this Jerusalem hour (0..23) belongs to `part`. */
export function inPartOfDay(jerusalemHour: number, part: PartOfDay): boolean {
  if (!Number.isInteger(jerusalemHour) || jerusalemHour < 0 || jerusalemHour > 23) {
    throw new RangeError(`jerusalemHour must be an integer 0..23, got ${jerusalemHour}`);
  }
  const [start, end] = HOURS[part];
  return (jerusalemHour >= start && jerusalemHour < end) || (jerusalemHour + 24 >= start && jerusalemHour + 24 < end);
}

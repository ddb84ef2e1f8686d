/**
 * A place of a seat plan by what a buyer's ticket says: the section's code and, for a numbered seat, its row and
 * seat labels; for a standing section, the place number (`row` null). Plan versions are separate rows, so a place is
 * found again in another version by these names, never by its database ids.
 */
export interface PlanPlace {
  sectionCode: string;
  row: string | null;
  seat: string;
}

/** A place of the date that someone has: sold, in a hold order, or locked in a buyer's cart. */
export interface OccupiedPlace extends PlanPlace {
  /** The live seat key in the current version ('sectionId:x:y'). */
  key: string;
  kind: 'sold' | 'held' | 'locked';
}

/** A place of the new version with its seat key there. */
export interface TargetPlace extends PlanPlace {
  key: string;
}

/** A standing section of the new version: places 1..capacity exist. */
export interface TargetStandingSection {
  sectionCode: string;
  sectionId: number;
  capacity: number;
}

export type SeatPlanChange = { ok: true; keys: Map<string, string> } | { ok: false; missing: OccupiedPlace[] };

const nameOf = (p: PlanPlace) => `${p.sectionCode}\u0000${p.row ?? ''}\u0000${p.seat}`;

/**
 * Moving a date to another version of its venue's plan: every place someone has (sold, held or in a cart) must
 * exist in the new version, found by its section code and row and seat labels (a standing place by its number,
 * within the new section's capacity). When one does not, the change is refused with all of them, in the order
 * given; otherwise `keys` maps each occupied place's seat key to its key in the new version. A place listed twice
 * (the same seat sold and locked) maps once.
 */
export function seatPlanChange(
  occupied: readonly OccupiedPlace[],
  seats: readonly TargetPlace[],
  standing: readonly TargetStandingSection[],
): SeatPlanChange {
  const byName = new Map(seats.map((s) => [nameOf(s), s.key]));
  const standingByCode = new Map(standing.map((s) => [s.sectionCode, s]));
  const keys = new Map<string, string>();
  const missing: OccupiedPlace[] = [];
  for (const place of occupied) {
    if (keys.has(place.key)) continue;
    const target =
      place.row === null ? standingKey(standingByCode.get(place.sectionCode), place.seat) : byName.get(nameOf(place));
    if (target === undefined) {
      if (!missing.some((m) => m.key === place.key)) missing.push(place);
    } else keys.set(place.key, target);
  }
  return missing.length > 0 ? { ok: false, missing } : { ok: true, keys };
}

/** A standing place's key in the new version ('sectionId:place:0'), if the section is there and large enough. */
function standingKey(section: TargetStandingSection | undefined, place: string): string | undefined {
  const n = Number(place);
  if (!section || !Number.isInteger(n) || n < 1 || n > section.capacity) return undefined;
  return `${section.sectionId}:${n}:0`;
}

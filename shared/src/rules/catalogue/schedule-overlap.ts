export interface ScheduledRun {
  startsAt: Date;
  durationMinutes: number;
}

/**
 * The first pair of runs in one hall that would overlap in time (a new date against the hall's other dates, or two
 * new dates against each other), or null. Runs that only touch (one ends as the next starts) do not overlap.
 */
export function firstScheduleOverlap(
  added: readonly ScheduledRun[],
  existing: readonly ScheduledRun[],
): { added: ScheduledRun; other: ScheduledRun } | null {
  const end = (r: ScheduledRun) => r.startsAt.getTime() + r.durationMinutes * 60_000;
  const overlap = (a: ScheduledRun, b: ScheduledRun) => a.startsAt.getTime() < end(b) && b.startsAt.getTime() < end(a);
  for (const [i, a] of added.entries()) {
    for (const b of existing) if (overlap(a, b)) return { added: a, other: b };
    for (const b of added.slice(i + 1)) if (overlap(a, b)) return { added: b, other: a };
  }
  return null;
}

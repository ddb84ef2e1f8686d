/**
 * A participant's age on the day of the event, from an ISO date of birth
 * (YYYY-MM-DD) and the event's Jerusalem calendar date (YYYY-MM-DD): whole years,
 * a birthday on the event day counts. Null when the date of birth is not a real
 * past date.
 */
export function ageOn(dateOfBirth: string, eventDate: string): number | null {
  const b = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateOfBirth);
  const e = /^(\d{4})-(\d{2})-(\d{2})$/.exec(eventDate);
  if (!b || !e) return null;
  const [by, bm, bd] = [Number(b[1]), Number(b[2]), Number(b[3])];
  const [ey, em, ed] = [Number(e[1]), Number(e[2]), Number(e[3])];
  const real = new Date(Date.UTC(by, bm - 1, bd));
  if (real.getUTCFullYear() !== by || real.getUTCMonth() !== bm - 1 || real.getUTCDate() !== bd) return null;
  let age = ey - by;
  if (em < bm || (em === bm && ed < bd)) age--;
  return age >= 0 && age <= 120 ? age : null;
}

/** A ticket's age band; null bounds are open. */
export interface AgeBand {
  minAge: number | null;
  maxAge: number | null;
}

export type WaiverParticipantRefusal =
  | { index: number; code: 'WAIVER_BIRTH_DATE_INVALID' }
  | { index: number; code: 'WAIVER_AGE_MISMATCH'; age: number; band: AgeBand };

/**
 * "The voucher must fit the jumper's age" (memberships-backoffice-spec.md section 5):
 * participant i goes with ticket i (the order's seats at that event, in cart order);
 * each one's age on the event day must be inside that ticket's band. Every
 * refusal is listed, so the screen can point at each participant.
 */
export function waiverAgeRefusals(
  participants: readonly { dateOfBirth: string }[],
  bands: readonly AgeBand[],
  eventDate: string,
): WaiverParticipantRefusal[] {
  const refusals: WaiverParticipantRefusal[] = [];
  participants.forEach((p, index) => {
    const age = ageOn(p.dateOfBirth, eventDate);
    if (age === null) {
      refusals.push({ index, code: 'WAIVER_BIRTH_DATE_INVALID' });
      return;
    }
    const band = bands[index] ?? { minAge: null, maxAge: null };
    if ((band.minAge !== null && age < band.minAge) || (band.maxAge !== null && age > band.maxAge)) {
      refusals.push({ index, code: 'WAIVER_AGE_MISMATCH', age, band });
    }
  });
  return refusals;
}

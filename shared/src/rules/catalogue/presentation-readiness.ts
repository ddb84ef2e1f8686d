export interface ReadinessInput {
  startsAt: Date;
  now: Date;
  /** The seat plan's zones and how many places each has. */
  zones: readonly { id: number; seatCount: number }[];
  /** Zone id -> how many tickets (prices) it sells. */
  ticketsPerZone: ReadonlyMap<number, number>;
}

export type ReadinessProblem = { kind: 'in-the-past' } | { kind: 'zone-without-price'; zoneId: number };

/**
 * What stops a draft date from being published: a start already gone, or a zone with places but no price (a buyer
 * could pick a seat there and find nothing to pay). A zone without places needs no price.
 */
export function presentationReadiness(input: ReadinessInput): ReadinessProblem[] {
  const problems: ReadinessProblem[] = [];
  if (input.startsAt.getTime() <= input.now.getTime()) problems.push({ kind: 'in-the-past' });
  for (const zone of input.zones)
    if (zone.seatCount > 0 && !(input.ticketsPerZone.get(zone.id) ?? 0))
      problems.push({ kind: 'zone-without-price', zoneId: zone.id });
  return problems;
}

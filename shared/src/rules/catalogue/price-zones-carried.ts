/**
 * A date's prices follow it to another version of its plan zone by zone, a zone found again by its code (the
 * version's own zone rows are new). A priced zone the new version does not have would leave tickets pricing nothing
 * there: the change is refused naming those codes. Zones only the new version has are left unpriced (nobody can buy
 * there until a price is added, as for a new zone on a draft).
 */
export function priceZonesCarried(
  priced: readonly { zoneId: number; code: string }[],
  target: readonly { id: number; code: string }[],
): { ok: true; zones: Map<number, number> } | { ok: false; missingCodes: string[] } {
  const byCode = new Map(target.map((z) => [z.code, z.id]));
  const zones = new Map<number, number>();
  const missingCodes: string[] = [];
  for (const z of priced) {
    const to = byCode.get(z.code);
    if (to === undefined) missingCodes.push(z.code);
    else zones.set(z.zoneId, to);
  }
  return missingCodes.length > 0 ? { ok: false, missingCodes } : { ok: true, zones };
}

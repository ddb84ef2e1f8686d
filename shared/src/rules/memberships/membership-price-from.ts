/**
 * The least a membership can cost, for its card in the list (the flexible season showed no price).
 *  - a fixed-price membership: its cheapest rate (top-ups are not a way in);
 *  - a per-show season: what its required shows cost at their lowest (an override price where it is lower),
 *    or, with no required show, the cheapest single show, since at least one is needed.
 * Null when nothing is on offer. Agorot in, agorot out.
 */
export interface PriceFromFacts {
  pricingPerTicket: boolean;
  rates: readonly { priceAgorot: number; isTopup: boolean }[];
  presentations: readonly { presentationId: number; isRequired: boolean; payableAgorot: number }[];
  /** Per-show price overrides (a ticket group's own price for that show). */
  overrides: readonly { presentationId: number; priceAgorot: number }[];
}

export function membershipPriceFrom(f: PriceFromFacts): number | null {
  if (!f.pricingPerTicket) {
    const rates = f.rates.filter((r) => !r.isTopup).map((r) => r.priceAgorot);
    return rates.length ? Math.min(...rates) : null;
  }
  const lowest = (p: PriceFromFacts['presentations'][number]) =>
    Math.min(
      p.payableAgorot,
      ...f.overrides.filter((o) => o.presentationId === p.presentationId).map((o) => o.priceAgorot),
    );
  const required = f.presentations.filter((p) => p.isRequired);
  if (required.length) return required.reduce((s, p) => s + lowest(p), 0);
  return f.presentations.length ? Math.min(...f.presentations.map(lowest)) : null;
}

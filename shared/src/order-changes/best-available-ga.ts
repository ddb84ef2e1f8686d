/**
 * Best-available for general admission (storefront-spec.md section 7, best-available): a GA section has
 * no seats to rank, only places left. A section qualifies when it still has `quantity` places (one order's
 * places never split over sections); qualifying sections rank by how close the section is to the stage
 * (score 0..1, the same scale as reserved blocks), then by the most places left (least crowded), then
 * by section id so the answer is stable. Across presentations the caller merges the lists by score.
 */
export interface GaSectionInput {
  sectionId: number;
  capacity: number;
  taken: number;
  /** 0..1, 1 = nearest the stage (1 when the plan gives no position). */
  closeness: number;
}

export interface GaMatch {
  sectionId: number;
  placesLeft: number;
  score: number;
}

export function bestGaSections(sections: readonly GaSectionInput[], quantity: number, maxMatches: number): GaMatch[] {
  if (!Number.isInteger(quantity) || quantity < 1) throw new RangeError(`quantity must be a positive integer`);
  return sections
    .map((s) => ({ sectionId: s.sectionId, placesLeft: Math.max(0, s.capacity - s.taken), score: s.closeness }))
    .filter((m) => m.placesLeft >= quantity)
    .sort((a, b) => b.score - a.score || b.placesLeft - a.placesLeft || a.sectionId - b.sectionId)
    .slice(0, Math.max(0, maxMatches));
}

/** What kind of place a venue is (venue.kind). */
export type VenueKind = 'cinema' | 'hall' | 'stadium' | 'arena';

/** A report's venues: all of one kind, or `mixed`. */
export type ReportVenueKind = VenueKind | 'mixed';

/**
 * What a capacity report is headed after ("Capacity by cinema / All cinemas" over a stadium): the one kind
 * its venues share, else `mixed` ("by venue", "All venues") - also when there is none, since nothing says which.
 */
export function reportVenueKind(kinds: readonly VenueKind[]): ReportVenueKind {
  const distinct = new Set(kinds);
  return distinct.size === 1 ? [...distinct][0]! : 'mixed';
}

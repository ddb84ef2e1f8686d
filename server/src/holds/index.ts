/** The holds context's public entry (docs/server-modules.md, "Boundaries"): what other contexts may import. */
// Placing a hold order (the commit route's hold branch), and the hold terms a held sale is written with.
export { HoldPlacementService } from './hold-placement.service';
export type { HoldTerms } from './hold-terms';

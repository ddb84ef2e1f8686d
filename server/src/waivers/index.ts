/** The waivers context's public entry (docs/server-modules.md, "Boundaries"): what other contexts may import. */
// The commit's check that events needing a signed waiver have one, and the waiver a sale records.
export { WaiverCheck } from './waiver-check';
export type { SaleWaiver } from './waiver-check';

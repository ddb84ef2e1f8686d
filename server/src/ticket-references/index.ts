/** The ticket-references context's public entry (docs/server-modules.md, "Boundaries"): what other contexts may import. */
// The quote's check that each ticket asking for a reference (employee or member number) carries a valid one.
export { ReferenceEligibility } from './reference-eligibility.service';

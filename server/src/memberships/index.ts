/** The memberships context's public entry (docs/server-modules.md, "Boundaries"): what other contexts may import. */
// Member lookups and season seat locks, which hold orders place their reservations with.
export { MembershipsService } from './memberships.service';
// The membership part of a quote (draws, discount codes) the commit's quote asks.
export { MembershipQuoteService } from './membership-quote.service';

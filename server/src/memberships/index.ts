/** The memberships context's public entry (docs/architecture.md, "Boundaries"): what other contexts may import. */
// Member lookups and season seat locks, which hold orders place their reservations with.
export { MembershipsService } from './memberships.service';

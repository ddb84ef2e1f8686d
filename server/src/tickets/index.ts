/** The tickets context's public entry (docs/architecture.md, "Boundaries"): what other contexts may import. */
// The price list (ticket rows) a quote prices from.
export { TicketsRepository } from './tickets.repository';

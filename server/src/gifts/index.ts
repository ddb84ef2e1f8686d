/** The gifts context's public entry (docs/server-modules.md, "Boundaries"): what other contexts may import. */
// The donation options and gift-voucher offers on sale, which a quote prices from.
export { DonationsRepository } from './donations.repository';
export { GiftOffersRepository } from './gift-offers.repository';

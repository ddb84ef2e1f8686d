/** The channels context's public entry (docs/server-modules.md, "Boundaries"): what other contexts may import. */
// The storefront channel of a request (mini-site, live domain, partner link) and the query that names it.
export { ChannelScope } from './channel-scope';
export { channelQuery } from './channels.queries';
export type { ChannelQuery } from './channels.queries';
// A cancellation gives a mini-site's balance back.
export { giveBackMiniSiteBalances } from './sale-channel';
// The services the commit's channel check (orders/channel-check.ts) asks: mini-site scope and balance, partner links.
export { IntegrationService } from './integration.service';
export { MiniSiteService } from './mini-site.service';
// The live domain's allocation rule read from a seat layout (the commit's channel check).
export { allocationOf } from './seat-allocation';

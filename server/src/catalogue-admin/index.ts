/** Catalogue administration's public entry: the one way to write venues, seat plans, events and dates (the seed uses it). */
export { insertSeatPlan, insertVenue } from './venue-writer';
export { insertFeature, insertPresentation } from './event-writer';

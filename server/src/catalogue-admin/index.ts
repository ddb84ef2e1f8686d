/** Catalogue administration's public entry: the one way to write a venue and a seat-plan version (the seed uses it). */
export { insertSeatPlan, insertVenue } from './venue-writer';

/**
 * The seat-plan designer's model and pure tools. Importable from the browser: nothing here (or in what it imports)
 * touches node's fs or path, unlike @hotline/seatmaps's file loader. The client imports it as
 * `@hotline/seatmaps/designer` (an alias in client/vite.config.ts and client/tsconfig.json).
 */
export * from './model';
export * from './shape';
export * from './decor';
export {
  fromVenueDocument,
  toVenueDocument,
  planToJson,
  sectionBox,
  namesFromLocalized,
  localizedFromNames,
} from './convert';
export { toVenueJson } from '../venue-json';
export { venueDocumentToApiSeatplan, apiStageOf } from '../api-seatplan';
export { validateVenue, SeatmapValidationError, type SeatmapIssue } from '../validate-venue';
export { describeVenueIssue } from '../venue-issue-text';
export type * from '../format';
export * from './layout';
export * from './transform';
export * from './snap';
export * from './numbering';
export * from './validate-plan';
export * from './problem-text';
export * from './templates';
export * from './diff';
export * from './api-view';
export * from './patch';

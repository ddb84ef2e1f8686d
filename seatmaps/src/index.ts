/** @hotline/seatmaps: the venue seat-plan format, its validator, and the demo venue generators. */
export * from './format';
export {
  validateVenue,
  loadVenueFile,
  venueSchema,
  SeatmapValidationError,
  VENUE_SCHEMA_PATH,
  publishProblems,
  type SeatmapIssue,
  type PublishProblem,
} from './validate';
export { describePlanProblem, PLAN_PROBLEM_TEXT, type ProblemLocale } from './designer/problem-text';
export {
  applySeatPlanPatch,
  isSeatPlanPatch,
  seatPlanPatch,
  type SeatPlanPatch,
  type SeatPlanPatchRefusal,
} from './designer/patch';
export { describeVenueIssue, VENUE_ISSUE_TEXT, VENUE_ISSUE_CODES, type VenueIssueCode } from './venue-issue-text';
export * from './geometry';
export { venueDocumentToApiSeatplan, apiStageOf, apiDecorOf } from './api-seatplan';
export { serializeVenue, toVenueJson, writeVenueFile, type SerializeOptions } from './serialize';
export { venueStats, type VenueStats } from './stats';
export { renderVenueSvg } from './preview';
export {
  generateCinema,
  generateTheatre,
  generateArena,
  generateStadium,
  CINEMA_LAYOUT,
  THEATRE_LAYOUT,
  ARENA_LAYOUT,
  STADIUM_LAYOUT,
  STADIUM_SEATS,
} from './generators';
export {
  SEATMAPS_ROOT,
  VENUES_DIR,
  GENERATED_DIR,
  VENUE_GENERATORS,
  COMMITTED_VENUES,
  GENERATED_VENUES,
  listVenueFiles,
  ensureGeneratedVenues,
  regenerateVenues,
  writeVenues,
  type VenueName,
  type GeneratedVenueReport,
} from './files';

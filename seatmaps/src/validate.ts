/** Venue validation for node: the browser-safe validator (validate-venue.ts) and the file loader. */
import fs from 'node:fs';
import path from 'node:path';
import type { VenueDocument } from './format';
import { SeatmapValidationError, validateVenue, venueIssue } from './validate-venue';

export * from './validate-venue';

/** Absolute path of the JSON Schema (from src/ under jest, from dist/ when built). */
export const VENUE_SCHEMA_PATH = path.join(__dirname, '..', 'schema', 'venue.schema.json');

/** The raw JSON Schema object (for tools and tests). */
export function venueSchema(): object {
  return JSON.parse(fs.readFileSync(VENUE_SCHEMA_PATH, 'utf8')) as object;
}

/** Reads, parses and validates one venue file. Errors name `filePath` as given. */
export function loadVenueFile(filePath: string): VenueDocument {
  const text = fs.readFileSync(filePath, 'utf8');
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new SeatmapValidationError(filePath, [venueIssue('/', 'INVALID_JSON', { detail: (err as Error).message })]);
  }
  return validateVenue(doc, filePath);
}

import fs from 'node:fs';
import { VENUE_SCHEMA_CHECK_PATH, venueSchemaCheckSource } from '../venue-schema-check-source';

test('the generated schema check is the JSON Schema as it is now', () => {
  const fresh = venueSchemaCheckSource();
  if (process.env.UPDATE_VENUE_SCHEMA_CHECK === '1') fs.writeFileSync(VENUE_SCHEMA_CHECK_PATH, fresh);
  expect(fs.readFileSync(VENUE_SCHEMA_CHECK_PATH, 'utf8')).toBe(fresh);
});

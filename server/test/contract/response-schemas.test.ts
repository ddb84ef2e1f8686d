import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateResponseSchemas } from './support/response-schemas';

const GENERATED = path.resolve(__dirname, '../../src/api-docs/response-schemas.generated.json');

/**
 * The document's response schemas are generated from the controllers' return types (support/response-schemas.ts).
 * This fails when a handler's return type changed and the generated file was not regenerated:
 *   UPDATE_API_SCHEMAS=1 node scripts/test.mjs --only=jest -- server/test/contract/response-schemas.test.ts
 */
test('the response schemas in the OpenAPI document are those of the handlers as they are now', () => {
  const now = `${JSON.stringify(generateResponseSchemas(), null, 2)}\n`;
  if (process.env.UPDATE_API_SCHEMAS === '1') writeFileSync(GENERATED, now);
  expect(JSON.parse(readFileSync(GENERATED, 'utf8'))).toEqual(JSON.parse(now));
});

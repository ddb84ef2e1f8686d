import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { appConfigSchema } from '../../src/config/app-config';
import {
  configurationDoc,
  NPM_START_VALUES,
  PRODUCTION_REFUSALS,
  refusedInProduction,
  setByNpmStart,
  settings,
} from './support/configuration-doc';

const DOC = path.resolve(__dirname, '../../../docs/configuration.md');

/**
 * docs/configuration.md is generated from the config schema (support/configuration-doc.ts). This fails when a setting
 * was added, changed or described anew and the doc was not regenerated:
 *   UPDATE_CONFIG_DOC=1 node scripts/test.mjs --only=jest -- server/test/config/configuration-doc.test.ts
 */
test('docs/configuration.md is the table of the config schema as it is now', () => {
  const now = configurationDoc();
  if (process.env.UPDATE_CONFIG_DOC === '1') writeFileSync(DOC, now);
  expect(readFileSync(DOC, 'utf8')).toEqual(now);
});

test('every setting of the schema is in the table, once, with a description', () => {
  const all = settings();
  expect(all.map((s) => s.name).sort()).toEqual(Object.keys(appConfigSchema.shape).sort());
  expect(all.filter((s) => s.description === '').map((s) => s.name)).toEqual([]);
});

test('what npm start sets and what production refuses are each said in words', () => {
  expect(setByNpmStart().filter((n) => !NPM_START_VALUES[n])).toEqual([]);
  expect(Object.keys(NPM_START_VALUES).filter((n) => !setByNpmStart().includes(n))).toEqual([]);
  expect(refusedInProduction().filter((n) => !PRODUCTION_REFUSALS[n])).toEqual([]);
  expect(Object.keys(PRODUCTION_REFUSALS).filter((n) => !refusedInProduction().includes(n))).toEqual([]);
});

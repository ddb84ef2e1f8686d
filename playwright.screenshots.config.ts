import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * The screenshots (`node scripts/screenshots.mjs`, docs/testing.md): the e2e run's browser and settings, but only the
 * `e2e/*.shots.ts` files, which `npm test` never runs. The script starts the server and names it in E2E_BASE_URL.
 */
export default defineConfig({
  ...base,
  testMatch: /\.shots\.ts$/,
  outputDir: './.tmp/screenshots-output',
  timeout: 180_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
});

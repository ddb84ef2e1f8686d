import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests in Debian's Chromium (never a downloaded browser). The server
 * under test is started by scripts/test.mjs, which passes its URL in E2E_BASE_URL.
 */
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * scripts/test.mjs gives every Playwright worker a server, database and Redis of its own (NAME_<parallel index>); the
 * config is loaded in each worker, so the specs' plain names point at their worker's stack from here on.
 */
const slot = process.env.TEST_PARALLEL_INDEX;
if (slot !== undefined && process.env[`E2E_BASE_URL_${slot}`]) {
  for (const name of ['E2E_BASE_URL', 'E2E_DATABASE_URL', 'E2E_REDIS_URL'])
    process.env[name] = process.env[`${name}_${slot}`];
}

export default defineConfig({
  testDir: './e2e',
  outputDir: './.tmp/playwright-output',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  fullyParallel: false,
  // One spec file per worker at a time; scripts/test.mjs passes --workers to match the stacks it started.
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://localhost:3000',
    browserName: 'chromium',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
    trace: 'off',
    screenshot: 'only-on-failure',
    locale: 'he-IL',
    timezoneId: 'Asia/Jerusalem',
  },
});

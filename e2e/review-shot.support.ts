import type { Locator, Page } from '@playwright/test';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * A picture for a person to look through (`.tmp/shots/`, a test's output folder), which no test reads: taken only with
 * E2E_SHOTS=1. Each shot made Chromium copy, encode and hand over the page (a whole-page one lays the page out again at
 * its full height): 0.05-0.1 CPU-s a viewport, 0.17-0.28 a whole page, from 30 places, some in loops (docs/testing.md,
 * "2026-12-01: Chromium's CPU in the e2e run"). A shot a test compares (seat-plan-designer) is taken as before; a
 * failing test still gets Playwright's own screenshot.
 */
export async function reviewShot(target: Page | Locator, file: string, options: { fullPage?: boolean } = {}) {
  if (process.env.E2E_SHOTS !== '1') return;
  await mkdir(path.dirname(file), { recursive: true });
  if ('goto' in target) await target.screenshot({ path: file, ...options });
  else await target.screenshot({ path: file });
}

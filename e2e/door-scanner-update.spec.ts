import { expect, test, type Page } from '@playwright/test';
import { expectAxeClean, signInAdmin } from './back-office.support';
import {
  deployNewScannerVersion,
  scannerWorkerVersion,
  startOwnBuildServer,
  type OwnBuildServer,
} from './own-build.support';

/**
 * Updating the scanner (docs/door-checkin.md, "Opening offline", Versions) end to end: a deployment's new
 * `scan-sw.js` is a different file on the server, and Chromium's update check for a worker script does not pass
 * through Playwright's routing, so this spec has a server of its own serving its own copy of the build
 * (own-build.support.ts) and "deploys" a new version into that copy. The scanner opened under the first version;
 * reopened after the deployment it says a new version is ready; "Update now" lets the new version take over and
 * reloads the page into it (the old version's cache gone, the new one's in charge).
 */
let server: OwnBuildServer;
test.beforeAll(async () => {
  server = await startOwnBuildServer();
});
test.afterAll(async () => {
  const undeclared = server?.undeclaredAnswers() ?? [];
  await server?.stop();
  expect(undeclared).toEqual([]);
});

/** The scanner's caches, one per version (shell-rules.ts: `hotline-scan-<version>`). */
function scannerCaches(page: Page): Promise<string[]> {
  return page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('hotline-scan-')).sort());
}

/** The registration's workers once the browser's own check for a new `scan-sw.js` has finished. */
function workersAfterCheck(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    await registration.update();
    const installing = registration.installing;
    if (installing)
      await new Promise<void>((done) =>
        installing.addEventListener('statechange', () => installing.state !== 'installing' && done()),
      );
    return {
      active: registration.active?.state ?? null,
      waiting: registration.waiting?.state ?? null,
      controlled: navigator.serviceWorker.controller !== null,
    };
  });
}

test('a new version of the scanner is offered, and "Update now" reloads the page into it', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  try {
    await signInAdmin(page, 'presentations-report', 'en');
    await page.goto('/scan?lang=en');
    await expect(page.getByRole('button', { name: 'Start scanning' })).toBeVisible();
    // The first install: active and in charge of the page (its activate claims it), nothing to offer.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller)
        await new Promise((done) => navigator.serviceWorker.addEventListener('controllerchange', done, { once: true }));
    });
    const first = scannerWorkerVersion(server.dist);
    expect(await scannerCaches(page)).toEqual([`hotline-scan-${first}`]);
    const offer = page.locator('.scan-update');

    // Control: reopened with nothing new on the server, the browser's check finds no new version and nothing is
    // offered.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Start scanning' })).toBeVisible();
    expect(await workersAfterCheck(page)).toEqual({ active: 'activated', waiting: null, controlled: true });
    await expect(offer).toHaveCount(0);

    // A deployment: the server now sends another scan-sw.js. Reopened (in Hebrew, on a phone), the browser installs
    // it beside the running version, which keeps the page (no skipWaiting), and the page offers it.
    const second = deployNewScannerVersion(server.dist);
    expect(second).not.toBe(first);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/scan?lang=he');
    await expect(offer).toContainText('גרסה חדשה של הסורק מוכנה.', { timeout: 15_000 });
    await expect(offer).toHaveAttribute('role', 'status');
    expect(await workersAfterCheck(page)).toEqual({ active: 'activated', waiting: 'installed', controlled: true });
    expect(await scannerCaches(page)).toEqual([`hotline-scan-${first}`, `hotline-scan-${second}`].sort());
    await expectAxeClean(page, 'scanner, new version offered (he, 390 px)');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    // "Update now": the new version takes over, then the page reloads (a page of the old build is gone).
    await page.evaluate(() => Object.assign(window, { oldBuildPage: true }));
    const reloaded = page.waitForEvent('load');
    await offer.getByRole('button', { name: 'לעדכן עכשיו' }).click();
    await reloaded;
    expect(await page.evaluate(() => 'oldBuildPage' in window)).toBe(false);
    await expect(page.getByRole('button', { name: 'התחלת סריקה' })).toBeVisible();
    // The new version controls the page and has deleted the old one's cache; nothing more to offer.
    expect(await workersAfterCheck(page)).toEqual({ active: 'activated', waiting: null, controlled: true });
    expect(await scannerCaches(page)).toEqual([`hotline-scan-${second}`]);
    await expect(offer).toHaveCount(0);
  } finally {
    await context.close();
  }
});

import { expect, test } from '@playwright/test';

/**
 * A buyer whose network drops while a page's code is still loading keeps the app's own error page (translated, with
 * "try again"), not the browser's "no internet" page: offline, a failed chunk is not a stale one, so the app does not
 * reload for it (client/src/lib/lazy.ts). Found as a door-scanner spec whose page reloaded under it when the
 * network went away mid-load (fresh clone with a burner, 2026-12-01); without the fix this page goes to chrome-error.
 */
test('going offline while the booking page loads shows the app error page, no reload', async ({ page, context }) => {
  let held = 0;
  // The booking page's code is held back until the network is gone, so it fails the way a dropped connection fails.
  await page.route(/\/assets\/BookingPage-[^/]*\.js$/, async (route) => {
    held += 1;
    await expect.poll(async () => page.evaluate(() => navigator.onLine)).toBe(false);
    await route.abort('internetdisconnected');
  });
  const navigations: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations.push(frame.url());
  });
  await page.goto('/booking?lang=en', { waitUntil: 'commit' });
  await expect.poll(() => held).toBeGreaterThan(0);
  await context.setOffline(true);
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reload page' })).toBeVisible();
  expect(navigations.filter((url) => !url.startsWith('http'))).toEqual([]);
});

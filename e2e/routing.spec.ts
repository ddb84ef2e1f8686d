import { axeFor } from './axe.support';
import { expect, test } from '@playwright/test';
import { DEFAULT_TITLE, waitForFeatures } from './helpers';

test.describe('routes', () => {
  test('/ redirects to /booking, keeping ?lang=', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/booking$/);
    await page.goto('/?lang=en');
    await expect(page).toHaveURL(/\/booking\?lang=en$/);
    await waitForFeatures(page);
  });

  test('an unknown page shows the translated 404', async ({ page }) => {
    const response = await page.goto('/nope');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'לא מצאנו את העמוד הזה' })).toBeVisible();
    await expect(page).toHaveTitle(DEFAULT_TITLE);

    await page.goto('/nope?lang=en');
    await expect(
      page.getByRole('heading', { level: 1, name: 'This page could not be found', exact: true }),
    ).toBeVisible();
  });

  test('the 404 page passes contrast: the big "404" too, though it is decorative', async ({ page }) => {
    await page.goto('/nope?lang=en');
    const code = page.locator('.status-page__code');
    await expect(code).toHaveText('404');
    // WCAG contrast of the digits' colour against the page behind them (large text needs 3:1; we hold 4.5:1).
    const ratio = await code.evaluate((el) => {
      const rgb = (c: string) => (c.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number);
      const lum = ([r, g, b]: number[]) => {
        const f = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
        return 0.2126 * f(r!) + 0.7152 * f(g!) + 0.0722 * f(b!);
      };
      let bg = 'rgba(0, 0, 0, 0)';
      for (let n: Element | null = el; n && /rgba\(0, 0, 0, 0\)|transparent/.test(bg); n = n.parentElement)
        bg = getComputedStyle(n).backgroundColor;
      if (/rgba\(0, 0, 0, 0\)|transparent/.test(bg)) bg = getComputedStyle(document.body).backgroundColor;
      const [a, b] = [lum(rgb(getComputedStyle(el).color)), lum(rgb(bg))];
      return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    });
    expect(ratio).toBeGreaterThanOrEqual(4.5);
  });

  test('every route of the spec leads to a working page inside the layout: none says "coming soon"', async ({
    page,
  }) => {
    for (const path of [
      '/order',
      '/mini-site/demo-company',
      '/PRES-live',
      '/PRES-live-v1',
      '/memberships',
      '/membership',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.locator('main h1').first()).toBeVisible({ timeout: 15_000 });
      await expect(page.getByText('בקרוב', { exact: true })).toHaveCount(0);
    }
  });

  test('/booking has no serious accessibility violations (axe, WCAG 2.1 AA)', async ({ page }) => {
    await page.goto('/booking');
    await waitForFeatures(page);
    const results = await axeFor(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });

  test('skip link moves keyboard users to the main content', async ({ page }) => {
    await page.goto('/booking');
    await waitForFeatures(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'דילוג לתוכן הראשי' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#main$/);
  });
});

test('a path starting with /http sends the window to the embedded address', async ({ page }) => {
  await page.route('https://tickets.example.org/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>external</title><p>external page</p>' }),
  );
  await page.goto('/https://tickets.example.org/show/7?ref=hotline');
  await expect(page).toHaveURL('https://tickets.example.org/show/7?ref=hotline');
  await expect(page.getByText('external page')).toBeVisible();
});

import { expect, test } from '@playwright/test';
import { DEFAULT_TITLE, SEEDED, expectDocumentLocale, waitForFeatures } from './helpers';

test.describe('booking entry (/booking)', () => {
  test('lists seeded features in Hebrew, right to left, with the hotline title and no-index', async ({ page }) => {
    await page.goto('/booking');
    await waitForFeatures(page);

    await expect(page.getByRole('heading', { level: 1, name: 'הזמנת כרטיסים' })).toBeVisible();
    for (const name of [SEEDED.desertLight.he, SEEDED.dybbuk.he, SEEDED.summerConcert.he]) {
      await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    }
    await expectDocumentLocale(page, 'he', 'rtl');
    await expect(page).toHaveTitle(DEFAULT_TITLE);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  });

  test('shows prices in shekels with two decimals and times as links to the order page', async ({ page }) => {
    await page.goto('/booking');
    await waitForFeatures(page);
    // Whichever seeded feature has shows on sale (the demo programme varies by day).
    const card = page.locator('article.feature-card', { has: page.locator('a.time-chip') }).first();
    const name = (await card.getByRole('heading', { level: 2 }).innerText()).trim();
    await expect(card.locator('.price-from')).toHaveText(/^החל מ־.*\d+\.\d{2}.*₪/);
    const times = card.locator('a.time-chip');
    await expect(times.first()).toHaveAttribute('href', /^\/order\/\d+$/);
    await expect(times.first()).toHaveText(/^\d{2}:\d{2}/);
    // The accessible name carries feature, day, time and place, not just "19:30".
    await expect(times.first()).toHaveAccessibleName(new RegExp(`^${name}, .+ בשעה \\d{2}:\\d{2}, .+: בחירת מקומות$`));
  });

  test('a presentation link opens /order/:id with the feature name and the seat-map region', async ({ page }) => {
    await page.goto('/booking');
    await waitForFeatures(page);
    const card = page.locator('article.feature-card', { has: page.locator('a.time-chip') }).first();
    const name = (await card.getByRole('heading', { level: 2 }).innerText()).trim();
    expect([
      SEEDED.desertLight.he,
      SEEDED.dybbuk.he,
      SEEDED.summerConcert.he,
      'לילות תל אביב',
      'הגלקסיה של הילדים',
      'דרבי הבירה',
    ]).toContain(name);
    const link = card.locator('a.time-chip').first();
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/order\/\d+$/);
    await link.click();

    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('region', { name: 'מפת המושבים' })).toBeVisible();
    await expect(page.getByText('מתי', { exact: true })).toBeVisible();
    await expect(page.locator('time')).toHaveText(/\d{2}:\d{2}/);
    await expect(page).toHaveTitle(DEFAULT_TITLE);
  });

  test('?lang=en order page shows the English feature name', async ({ page }) => {
    await page.goto('/booking?lang=en');
    await waitForFeatures(page);
    const link = page.locator('a.time-chip').first();
    const card = page.locator('article.feature-card', { has: page.locator('a.time-chip') }).first();
    const name = (await card.getByRole('heading', { level: 2 }).innerText()).trim();
    expect(name).toMatch(/^[A-Za-z ]+$/);
    await link.click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Seat map' })).toBeVisible();
  });

  test("the feature page lists that feature's presentations by day", async ({ page }) => {
    await page.goto('/booking');
    await waitForFeatures(page);
    const card = page.locator('article.feature-card', { has: page.locator('a.time-chip') }).first();
    const heading = card.getByRole('heading', { level: 2 });
    const name = (await heading.innerText()).trim();
    await heading.getByRole('link').click();

    await expect(page).toHaveURL(/\/booking\/features\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'מועדים' })).toBeVisible();
    await expect(page.locator('.show-row').first()).toBeVisible();
    await expect(page.locator('.day-block__title').first()).toBeVisible();
    await expect(page.getByRole('link', { name: /בחירת מקומות$/ }).first()).toHaveAttribute('href', /^\/order\/\d+$/);
  });

  test('an order page for a presentation that does not exist says so', async ({ page }) => {
    await page.goto('/order/999999999');
    await expect(page.getByText('המופע לא נמצא', { exact: false })).toBeVisible();
  });

  test('every API call carries the visitor uuid header and the uuid is kept', async ({ page }) => {
    const seen: (string | undefined)[] = [];
    page.on('request', (request) => {
      // API calls made by the app (fetch); <img src="/api/…"> requests are plain browser loads.
      if (request.resourceType() === 'fetch' && new URL(request.url()).pathname.startsWith('/api/')) {
        seen.push(request.headers()['uuid']);
      }
    });
    await page.goto('/booking');
    await waitForFeatures(page);
    await page.reload();
    await waitForFeatures(page);

    const stored = await page.evaluate(() => localStorage.getItem('uuid'));
    expect(stored).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    // The very first call may go without one (the server issues it); every later call sends the same uuid.
    const later = seen.slice(1);
    expect(later.length).toBeGreaterThan(1);
    for (const uuid of later) expect(uuid).toBe(stored);
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'uuid')?.value).toBe(stored);
  });

  test('works at 360 px wide without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/booking');
    await waitForFeatures(page);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(page.getByRole('combobox')).toBeVisible();
  });
});

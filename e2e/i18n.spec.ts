import { expect, test } from '@playwright/test';
import { SEEDED, expectDocumentLocale, waitForFeatures } from './helpers';
import { holdReservedSeatsIn, saveHeldCart, presetVisitorId } from './booking-flow.support';

test.describe('languages', () => {
  test('?lang=en shows English names, left to right', async ({ page }) => {
    await page.goto('/booking?lang=en');
    await waitForFeatures(page);
    await expect(page.getByRole('heading', { level: 2, name: SEEDED.desertLight.en })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Book tickets' })).toBeVisible();
    await expectDocumentLocale(page, 'en', 'ltr');
    await expect(page).toHaveTitle('*9080 Hotline Tickets');
    await expect(page.locator('.price-from').first()).toHaveText(/^From ₪\d+\.\d{2}$/);
  });

  test('?lang=ar is right to left with Arabic interface text', async ({ page }) => {
    await page.goto('/booking?lang=ar');
    await waitForFeatures(page);
    await expectDocumentLocale(page, 'ar', 'rtl');
    await expect(page.getByRole('heading', { level: 1, name: 'حجز التذاكر' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'الفعاليات', exact: true })).toBeVisible();
    await expect(page).toHaveTitle('*9080 هوتلاين للتذاكر');
  });

  test('?lang=ru is left to right with Russian interface text', async ({ page }) => {
    await page.goto('/booking?lang=ru');
    await waitForFeatures(page);
    await expectDocumentLocale(page, 'ru', 'ltr');
    await expect(page.getByRole('heading', { level: 1, name: 'Заказ билетов' })).toBeVisible();
  });

  test('an unsupported ?lang= gives the 404 sentence', async ({ page }) => {
    const response = await page.goto('/booking?lang=xx');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'This page could not be found.' })).toBeVisible();
    // The visitor's own language (default Hebrew) also explains it, and offers the real languages.
    await expect(page.getByText('לא מצאנו את העמוד הזה.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'English' })).toHaveAttribute('href', '/booking?lang=en');
    await expect(page.locator('article.feature-card')).toHaveCount(0);
  });

  test('the language switcher changes language and direction and is remembered', async ({ page }) => {
    await page.goto('/booking');
    await waitForFeatures(page);
    await expectDocumentLocale(page, 'he', 'rtl');

    const switcher = page.getByRole('combobox', { name: 'שפה' });
    await expect(switcher.locator('option')).toHaveText(['עברית', 'English', 'Русский', 'العربية']);
    await switcher.selectOption('en');
    await expectDocumentLocale(page, 'en', 'ltr');
    await expect(page.getByRole('heading', { level: 2, name: SEEDED.desertLight.en })).toBeVisible();
    await expect(page).toHaveTitle('*9080 Hotline Tickets');

    await page.goto('/booking');
    await waitForFeatures(page);
    await expectDocumentLocale(page, 'en', 'ltr');
    await expect(page.getByRole('combobox', { name: 'Language' })).toHaveValue('en');
  });

  test('a ?lang= in the address wins over the stored choice and becomes the new choice', async ({ page }) => {
    await page.goto('/booking?lang=ru');
    await waitForFeatures(page);
    await page.goto('/booking?lang=he');
    await waitForFeatures(page);
    await expectDocumentLocale(page, 'he', 'rtl');
    await page.goto('/booking');
    await waitForFeatures(page);
    await expectDocumentLocale(page, 'he', 'rtl');
  });
});

test.describe('the demo catalogue in Russian and Arabic', () => {
  test('features, categories and venues show their Russian and Arabic names, tagged with their language', async ({
    page,
  }) => {
    await page.goto('/booking?lang=ru');
    await waitForFeatures(page);
    await expect(page.getByRole('heading', { level: 2, name: 'Свет в пустыне' })).toBeVisible();
    await expect(page.locator('bdi[lang="ru"]', { hasText: 'Свет в пустыне' }).first()).toBeVisible();
    await expect(page.getByText('Desert Light')).toHaveCount(0);
    await page.goto('/booking?lang=ar');
    await waitForFeatures(page);
    await expect(page.getByRole('heading', { level: 2, name: 'نور في الصحراء' })).toBeVisible();
    await expect(page.locator('bdi[lang="ar"][dir="rtl"]', { hasText: 'نور في الصحراء' }).first()).toBeVisible();
  });

  test('the cart shows price groups, ticket types and products in Arabic and Russian', async ({ page, request }) => {
    const uuid = await presetVisitorId(page);
    const held = await holdReservedSeatsIn(
      request,
      uuid,
      (p) => p.seatingMode === 'reserved' && p.seatingPolicyId !== 3 && /Hadar/.test(p.venueNameEn),
      1,
    );
    const resId = await saveHeldCart(request, uuid, held);
    await page.goto(`/cart/${resId}?lang=ar`);
    const line = page.getByTestId('seat-line').first();
    await expect(line).toBeVisible({ timeout: 15_000 });
    await expect(line.getByRole('combobox').locator('option', { hasText: 'عادية' })).toHaveCount(1);
    await expect(page.locator('.ticket-group__title').first()).toContainText(/عادي|أرائك للأزواج/);
    await expect(page.getByTestId('product-card').filter({ hasText: 'فشار كبير' })).toHaveCount(1);
    await expect(page.getByTestId('order-summary')).toContainText('سينما هدار');
    await page.goto(`/cart/${resId}?lang=ru`);
    await expect(
      page.getByTestId('seat-line').first().getByRole('combobox').locator('option', { hasText: 'Обычный' }),
    ).toHaveCount(1);
    await expect(page.getByTestId('product-card').filter({ hasText: 'Большой попкорн' })).toHaveCount(1);
    await expect(page.getByTestId('order-summary')).toContainText('Кинотеатр «Адар»');
  });
});

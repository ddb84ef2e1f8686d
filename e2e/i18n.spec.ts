import { expect, test } from '@playwright/test';
import { SEEDED, expectDocumentLocale, waitForFeatures } from './helpers';

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
    await expect(page.getByRole('link', { name: 'الفعاليات' })).toBeVisible();
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

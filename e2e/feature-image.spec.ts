import { adminTest as test, openBackOffice } from './admin-session.support';
import { expectAxeClean } from './back-office.support';
import { withSql } from './sql.support';
import { expect, type APIResponse, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * An event's image from the back office (permission 291): the administrator picks a file on the events screen; a text
 * file named as a PNG and a PNG named .jpg are refused with the server's sentence in the screen's language (English,
 * Hebrew) and change nothing; a WebP is taken, shown on the screen, and is the image buyers see on the event's page,
 * served from its content-hash address, then removed (buyers see the generated placeholder again). Each test makes an event of its own through the API and makes it visible to
 * buyers by its publication instant (no dates needed for the event's page); afterAll hides them again. axe finds
 * nothing with the image and with a refusal shown, in English at 1280 px and Hebrew at 390 px.
 */
const fixture = (name: string) => readFileSync(path.join(__dirname, '../server/test/catalogue-admin/fixtures', name));
const WEBP = fixture('poster.webp');
const PNG = fixture('poster.png');
const made: number[] = [];

async function created<T>(response: APIResponse, status = 201): Promise<T> {
  expect(response.status(), await response.text()).toBe(status);
  return (await response.json()) as T;
}

/** An event of business 1, made through the admin API, shown to buyers (its page needs no date). */
async function apiEvent(page: Page): Promise<{ id: number; en: string; he: string }> {
  const tag = `${Date.now().toString(36)}-${Math.floor(Math.random() * 1e4)}`;
  const names = { he: `כרזה ${tag}`, en: `Poster ${tag}`, ru: `Афиша ${tag}`, ar: `ملصق ${tag}` };
  const feature = await created<{ id: number }>(
    await page.request.post('/api/admin/features?lang=en', {
      data: {
        businessId: 1,
        name: names,
        description: { he: '', en: '', ru: '', ar: '' },
        categoryId: 2,
        durationMinutes: 90,
        ageLimit: null,
      },
    }),
  );
  made.push(feature.id);
  await withSql((sql) => sql.query('UPDATE feature SET published_at = now() WHERE id = $1', [feature.id]));
  return { id: feature.id, en: names.en, he: names.he };
}

async function showEvent(page: Page, featureId: number, lang: 'en' | 'he', button: RegExp): Promise<void> {
  await openBackOffice(page, 'events', lang);
  await expect(page.locator('.bo-event-table').first()).toBeVisible({ timeout: 15_000 });
  await page.getByTestId(`bo-event-${featureId}`).getByRole('button', { name: button }).click();
  await expect(page.getByTestId('bo-event-image')).toBeVisible();
}

/** Picks a file in the image picker and waits for the upload's answer. */
async function pick(page: Page, file: { name: string; mimeType: string; buffer: Buffer }): Promise<number> {
  const answer = page.waitForResponse((r) => /\/api\/admin\/features\/\d+\/image/.test(r.url()));
  await page.getByTestId('bo-event-image-input').setInputFiles(file);
  return (await answer).status();
}

test.afterAll(async () => {
  if (made.length)
    await withSql((sql) => sql.query('UPDATE feature SET published_at = NULL WHERE id = ANY($1)', [made]));
});

test('a WebP is taken after a text file posing as a PNG is refused, and buyers see it on the event page', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const event = await apiEvent(page);
  await showEvent(page, event.id, 'en', /^Show the dates/);
  await expect(page.getByTestId('bo-event-image')).toContainText('No image yet');

  expect(await pick(page, { name: 'poster.png', mimeType: 'image/png', buffer: Buffer.from('not an image\n') })).toBe(
    415,
  );
  await expect(page.getByTestId('bo-event-refusal')).toContainText('Only JPEG, PNG or WebP images can be uploaded.');
  await expect(page.getByTestId('bo-event-image-preview')).toHaveCount(0);

  expect(await pick(page, { name: 'poster.webp', mimeType: 'image/webp', buffer: WEBP })).toBe(200);
  await expect(page.getByTestId('bo-event-notice')).toContainText(`The image of ${event.en} was saved.`);
  const preview = page.getByTestId('bo-event-image-preview');
  await expect(preview).toHaveAttribute('src', /^\/api\/media\/[0-9a-f]{64}\.webp$/);
  const url = (await preview.getAttribute('src'))!;
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(60);
  await expect(page.getByTestId('bo-event-image').getByText('Replace the image')).toBeVisible();
  await expectAxeClean(page, 'events screen with an image, en 1280');

  // Buyers: the event's page shows the uploaded image, decoded, from its immutable address.
  await page.goto(`/booking/features/${event.id}?lang=en`);
  const hero = page.locator('img.feature-hero__poster');
  await expect(hero).toHaveAttribute('src', url);
  await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalHeight)).toBe(90);
  const served = await page.request.get(url);
  expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(served.headers()['x-content-type-options']).toBe('nosniff');
  expect(served.headers()['content-type']).toBe('image/webp');

  // Removed from the back office: the screen says buyers see the placeholder, and the event's page shows it.
  await showEvent(page, event.id, 'en', /^Show the dates/);
  const removal = page.waitForResponse(
    (r) => r.request().method() === 'DELETE' && /\/api\/admin\/features\/\d+\/image/.test(r.url()),
  );
  await page.getByTestId('bo-event-image-remove').click();
  expect((await removal).status()).toBe(200);
  await expect(page.getByTestId('bo-event-notice')).toContainText(`The image of ${event.en} was removed`);
  await expect(page.getByTestId('bo-event-image-preview')).toHaveCount(0);
  await expect(page.getByTestId('bo-event-image')).toContainText('No image yet');
  await expect(page.getByTestId('bo-event-image-remove')).toHaveCount(0);
  await page.goto(`/booking/features/${event.id}?lang=en`);
  await expect(page.locator('img.feature-hero__poster')).toHaveAttribute(
    'src',
    `/api/features/${event.id}/placeholderImage`,
  );
});

test('in Hebrew on a phone: a PNG named .jpg is refused in Hebrew and changes nothing; axe-clean', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const event = await apiEvent(page);
  await showEvent(page, event.id, 'he', /^הצגת המועדים/);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  expect(await pick(page, { name: 'poster.jpg', mimeType: 'image/jpeg', buffer: PNG })).toBe(415);
  await expect(page.getByTestId('bo-event-refusal')).toContainText('תוכן הקובץ הוא PNG, אבל הוא נשלח כ־image/jpeg');
  await expect(page.getByTestId('bo-event-image-preview')).toHaveCount(0);
  await expectAxeClean(page, 'events screen with an image refused, he 390');
  const stored = await withSql((sql) => sql.query('SELECT image_name FROM feature WHERE id = $1', [event.id]));
  expect(stored.rows[0].image_name).toBeNull();
});

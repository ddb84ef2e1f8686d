import { openAsAdmin } from './admin-session.support';
import { expectAxeClean } from './back-office.support';
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { withSql } from './sql.support';

/**
 * The back-office screen for venues and seat plans (permission 291): the administrator creates a
 * venue named in four languages, uploads a broken plan (each problem is shown at its place in the file), then the
 * real theatre plan (a draft with its seat count), and publishes it. axe finds nothing in Hebrew and Arabic, at
 * 390 px, 1280 px and 2560 px. The venues it makes have codes of their own; no other spec reads them.
 */
const THEATRE = readFileSync(path.join(__dirname, '../seatmaps/venues/theatre.json'), 'utf8');
const THEATRE_SEATS = (JSON.parse(THEATRE) as { sections: { groups: { rows: { seats: unknown[] }[] }[] }[] }).sections
  .flatMap((s) => s.groups)
  .flatMap((g) => g.rows)
  .flatMap((r) => r.seats).length;

const uniqueCode = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e4)}`;

test('the administrator creates a venue, sees a broken plan refused at its places, uploads the theatre and publishes it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openAsAdmin(page, 'venues', 'en');
  await expect(page.locator('nav.bo-menu a.active')).toHaveText('Venues and seat plans');
  await expect(page.getByRole('heading', { level: 2, name: 'Venues and seat plans' })).toBeVisible();

  // A required field left empty is named, and focused.
  await page.getByRole('button', { name: 'Create the venue' }).click();
  await expect(page.locator('#bo-venue-code')).toBeFocused();
  await expect(page.locator('#bo-venue-code')).toHaveAttribute('aria-invalid', 'true');

  const code = uniqueCode('e2e-hall');
  await page.locator('#bo-venue-code').fill(code);
  await page.locator('#bo-venue-he').fill('אולם הבדיקות');
  await page.locator('#bo-venue-en').fill('Test Hall');
  await page.locator('#bo-venue-ru').fill('Тестовый зал');
  await page.locator('#bo-venue-ar').fill('قاعة الاختبار');
  await page.locator('#bo-venue-address').fill('Rothschild Blvd 1, Tel Aviv');
  await page.getByRole('button', { name: 'Create the venue' }).click();
  await expect(page.getByTestId('bo-venue-notice')).toHaveText('The venue Test Hall was created.');
  const row = page.getByTestId(`bo-venue-${code}`);
  await expect(row).toContainText('No seat plan yet.');

  // A broken plan: the server's refusal in English, each problem at its JSON path.
  const broken = JSON.parse(THEATRE) as { sections: { groups: { rows: { seats: { zone: string }[] }[] }[] }[] };
  broken.sections[1]!.groups[0]!.rows[0]!.seats[0]!.zone = 'NO-SUCH-ZONE';
  await row.locator('input[type=file]').setInputFiles({
    name: 'broken.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(broken)),
  });
  const refusal = page.getByTestId('bo-venue-refusal');
  await expect(refusal).toContainText('Problems found in the seat plan: 1.');
  await expect(refusal.locator('li code')).toHaveText(['/sections/1/groups/0/rows/0/seats/0/zone']);
  await expect(refusal).toBeFocused();
  await expect(row).toContainText('No seat plan yet.');

  // The theatre: a draft with every seat, then published.
  await row.locator('input[type=file]').setInputFiles({
    name: 'theatre.json',
    mimeType: 'application/json',
    buffer: Buffer.from(THEATRE),
  });
  await expect(page.getByTestId('bo-venue-notice')).toContainText(
    `main-hall, version 1 was saved as a draft: ${THEATRE_SEATS.toLocaleString('en')} seats.`,
  );
  const plan = row.getByTestId('bo-plan-main-hall-1');
  await expect(plan).toContainText('Draft');
  await plan.getByRole('button', { name: /^Publish ?:/ }).click();
  await expect(page.getByTestId('bo-venue-notice')).toContainText('is published');
  await expect(plan).toContainText('Published');
  await expect(plan.getByRole('button')).toHaveCount(0);
  const stored = await withSql((sql) =>
    sql.query(
      `SELECT sp.seat_count, sp.published_at IS NOT NULL AS published FROM seatplan sp JOIN venue v ON v.id = sp.venue_id
        WHERE v.code = $1`,
      [code],
    ),
  );
  expect(stored.rows).toEqual([{ seat_count: THEATRE_SEATS, published: true }]);
});

test('axe-clean in Hebrew and Arabic, at 390 px, 1280 px and 2560 px', async ({ page }) => {
  test.setTimeout(120_000);
  for (const [lang, title] of [
    ['he', 'אולמות ומפות מושבים'],
    ['ar', 'القاعات ومخططات المقاعد'],
  ] as const) {
    await page.setViewportSize({ width: 390, height: 844 });
    await openAsAdmin(page, 'venues', lang);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
    await expect(page.locator('.bo-venues-table')).toBeVisible({ timeout: 15_000 });
    // Nothing wider than the phone's screen but the table's own scroller.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAxeClean(page, `venues (${lang}, 390 px)`);
    for (const width of [1280, 2560]) {
      await page.setViewportSize({ width, height: 1000 });
      await expectAxeClean(page, `venues (${lang}, ${width} px)`);
    }
  }
});

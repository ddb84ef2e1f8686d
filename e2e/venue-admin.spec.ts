import { openAsAdmin } from './admin-session.support';
import { expectAxeClean } from './back-office.support';
import { expect, test, type Locator } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { withSql } from './sql.support';

/**
 * The back-office screen for venues and seat plans (permission 291): the administrator creates a
 * venue named in four languages, chooses a broken plan (checked in the browser by the shared validator: each problem
 * is shown at its place in the file in the screen's language, nothing is sent), then the real theatre plan, which is drawn by the storefront's
 * seat-map renderer before it is uploaded, confirms it (a draft with its seat count), and publishes it. axe finds
 * nothing in Hebrew and Arabic, at 390 px, 1280 px and 2560 px, with a plan drawn for confirmation too. The venues it
 * makes have codes of their own; no other spec reads them.
 */
const THEATRE = readFileSync(path.join(__dirname, '../seatmaps/venues/theatre.json'), 'utf8');
const THEATRE_SEATS = (JSON.parse(THEATRE) as { sections: { groups: { rows: { seats: unknown[] }[] }[] }[] }).sections
  .flatMap((s) => s.groups)
  .flatMap((g) => g.rows)
  .flatMap((r) => r.seats).length;

/** Pixels of the preview's canvases painted in a seat-like colour (not the background, not white, not grey). */
function seatPixels(host: Locator): Promise<number> {
  return host.evaluate((el) => {
    let n = 0;
    for (const canvas of el.querySelectorAll('canvas')) {
      const ctx = canvas.getContext('2d');
      if (!ctx || canvas.width === 0 || canvas.height === 0) continue;
      const d = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
      for (let i = 0; i < d.length; i += 4) {
        const [r, g, b, a] = [d[i]!, d[i + 1]!, d[i + 2]!, d[i + 3]!];
        if (a > 200 && Math.max(r, g, b) - Math.min(r, g, b) > 40) n++;
      }
    }
    return n;
  });
}

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

  // A broken plan: refused in the browser in English, each problem at its JSON path; nothing sent to the server.
  const broken = JSON.parse(THEATRE) as { sections: { groups: { rows: { seats: { zone: string }[] }[] }[] }[] };
  broken.sections[1]!.groups[0]!.rows[0]!.seats[0]!.zone = 'NO-SUCH-ZONE';
  const uploads: string[] = [];
  page.on('request', (r) => {
    if (r.method() !== 'GET' && r.url().includes('/seat-plans')) uploads.push(r.url());
  });
  await row.locator('input[type=file]').setInputFiles({
    name: 'broken.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(broken)),
  });
  const refusal = page.getByTestId('bo-venue-refusal');
  await expect(refusal).toContainText('Problems in the seat-plan format in broken.json: 1. Nothing was uploaded.');
  await expect(refusal.locator('li code')).toHaveText(['/sections/1/groups/0/rows/0/seats/0/zone']);
  await expect(refusal.locator('li')).toHaveText([
    '/sections/1/groups/0/rows/0/seats/0/zone unknown zone "NO-SUCH-ZONE"',
  ]);
  await expect(refusal).toBeFocused();
  await expect(page.getByTestId('bo-venue-preview')).toHaveCount(0);
  expect(uploads).toEqual([]);
  await expect(row).toContainText('No seat plan yet.');

  // The theatre: drawn by the storefront's renderer with every seat, nothing sent until confirmed.
  await row.locator('input[type=file]').setInputFiles({
    name: 'theatre.json',
    mimeType: 'application/json',
    buffer: Buffer.from(THEATRE),
  });
  const preview = page.getByTestId('bo-venue-preview');
  await expect(preview.getByRole('heading', { level: 3 })).toBeFocused();
  await expect(preview).toContainText(`theatre.json: plan main-hall, ${THEATRE_SEATS.toLocaleString('en')} seats`);
  const drawn = preview.getByRole('img', { name: 'Seat plan main-hall as buyers will see it on the storefront' });
  await expect(drawn).toHaveAttribute('data-seats', String(THEATRE_SEATS));
  await expect.poll(() => seatPixels(drawn), { timeout: 15_000 }).toBeGreaterThan(1000);
  expect(uploads).toEqual([]);
  await expectAxeClean(page, 'venues with a plan drawn for confirmation (en, 1280 px)');
  await preview.getByRole('button', { name: 'Upload this seat plan' }).click();
  await expect(page.getByTestId('bo-venue-notice')).toContainText(
    `main-hall, version 1 was saved as a draft: ${THEATRE_SEATS.toLocaleString('en')} seats.`,
  );
  await expect(preview).toHaveCount(0);
  expect(uploads).toHaveLength(1);
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
  const broken = JSON.parse(THEATRE) as { sections: { groups: { rows: { seats: { zone: string }[] }[] }[] }[] };
  broken.sections[1]!.groups[0]!.rows[0]!.seats[0]!.zone = 'NO-SUCH-ZONE';
  for (const [lang, title, unknownZone] of [
    ['he', 'אולמות ומפות מושבים', 'אזור מחיר לא מוכר "NO-SUCH-ZONE"'],
    ['ar', 'القاعات ومخططات المقاعد', 'منطقة سعر غير معروفة "NO-SUCH-ZONE"'],
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
    // A broken plan: its problem said in the screen's language, at its JSON path.
    await page
      .locator('.bo-venues-table input[type=file]')
      .first()
      .setInputFiles({
        name: 'broken.json',
        mimeType: 'application/json',
        buffer: Buffer.from(JSON.stringify(broken)),
      });
    const refusal = page.getByTestId('bo-venue-refusal');
    await expect(refusal.locator('li code')).toHaveText(['/sections/1/groups/0/rows/0/seats/0/zone']);
    await expect(refusal.locator('li')).toContainText([unknownZone]);
    await expectAxeClean(page, `venues with a plan refused (${lang}, 390 px)`);
    // A plan chosen (the theatre, on the first venue): checked and drawn for confirmation, then put away unsent.
    await page
      .locator('.bo-venues-table input[type=file]')
      .first()
      .setInputFiles({
        name: 'theatre.json',
        mimeType: 'application/json',
        buffer: Buffer.from(THEATRE),
      });
    const preview = page.getByTestId('bo-venue-preview');
    await expect(preview.getByRole('img')).toHaveAttribute('data-seats', String(THEATRE_SEATS));
    await expectAxeClean(page, `venues with a plan drawn (${lang}, 390 px)`);
    await page.setViewportSize({ width: 2560, height: 1000 });
    await expectAxeClean(page, `venues with a plan drawn (${lang}, 2560 px)`);
    await preview.getByRole('button').last().click();
    await expect(preview).toHaveCount(0);
    await page.setViewportSize({ width: 390, height: 844 });
    for (const width of [1280, 2560]) {
      await page.setViewportSize({ width, height: 1000 });
      await expectAxeClean(page, `venues (${lang}, ${width} px)`);
    }
  }
});

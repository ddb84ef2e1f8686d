import { openAsAdmin } from './admin-session.support';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type APIResponse, type Page } from '@playwright/test';
import { expectAxeClean } from './back-office.support';

/**
 * A seat plan's next version in the designer: started from the published version, the draft shows what it changes
 * against it (a removed seat marked on the map where it was, counted in the legend, named in the list and in a
 * sentence for screen readers), and publishing it asks first because seats of the published version would go.
 * axe finds nothing in English and Hebrew.
 */
const THEATRE = readFileSync(path.join(__dirname, '../seatmaps/venues/theatre.json'), 'utf8');
const SEAT_PLAN_MEDIA_TYPE = 'application/vnd.hotline.seat-plan+json';
const uniqueCode = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e4)}`;

// window.__designer (the screen's ?test hook) is declared in seat-plan-designer.spec.ts.

async function ok<T>(response: APIResponse, status = 200): Promise<T> {
  expect(response.status(), await response.text()).toBe(status);
  return (await response.json()) as T;
}

/** The drawn canvas's colour at a plan point: [r, g, b]. */
async function pixel(page: Page, x: number, y: number): Promise<number[]> {
  return page.evaluate(
    ([px, py]) => {
      const at = window.__designer!.toPage(px!, py!);
      const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="designer-canvas"] canvas')!;
      const r = canvas.getBoundingClientRect();
      const dpr = canvas.width / r.width;
      const d = canvas
        .getContext('2d')!
        .getImageData(Math.round((at.x - r.left) * dpr), Math.round((at.y - r.top) * dpr), 1, 1);
      return [d.data[0]!, d.data[1]!, d.data[2]!];
    },
    [x, y],
  );
}
/** The removed seat's mark (#cf222e): red, not the sheet, the section or a seat. */
const reddish = ([r, g, b]: number[]) => r! > 150 && g! < 110 && b! < 110;

test('a next version shows what it changes against the published one and asks before removing seats', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openAsAdmin(page, 'venues', 'en');
  const code = uniqueCode('e2e-designer-versions');
  const venue = await ok<{ id: number }>(
    await page.request.post('/api/admin/venues?lang=en', {
      data: {
        businessId: 1,
        code,
        name: { he: `אולם ${code}`, en: `Hall ${code}`, ru: `Зал ${code}`, ar: `قاعة ${code}` },
        address: 'Herzl 1, Haifa',
        kind: 'hall',
      },
    }),
    201,
  );
  const v1 = await ok<{ id: number; revision: number }>(
    await page.request.post(`/api/admin/venues/${venue.id}/seat-plans?lang=en`, {
      headers: { 'content-type': SEAT_PLAN_MEDIA_TYPE },
      data: THEATRE,
    }),
    201,
  );
  await ok(
    await page.request.post(`/api/admin/seat-plans/${v1.id}/publish?lang=en`, { data: { revision: v1.revision } }),
  );

  // The published version, read only, starts the next one.
  await page.goto(`/backoffice/seat-plans/${v1.id}?lang=en&test`);
  await page.getByTestId('designer-new-version').click();
  await expect(page.getByTestId('designer-changes-summary')).toHaveText(
    'Against published version 1: seats added 0, removed 0, renumbered 0, moved 0.',
  );

  // A seat removed: counted, listed, and marked on the map where it was.
  const seats = () => page.evaluate(() => window.__designer!.seats());
  const before = await seats();
  const first = before[0]!;
  const seatOnPage = () => page.evaluate(([x, y]) => window.__designer!.toPage(x!, y!), [first.x, first.y]);
  // Zoomed in about it first: the whole theatre fitted draws a seat a few pixels wide.
  const far = await seatOnPage();
  await page.mouse.move(far.x, far.y);
  await page.mouse.wheel(0, -600);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const at = await seatOnPage();
  await page.mouse.click(at.x, at.y);
  await expect(page.getByTestId('designer-properties')).toContainText('Selected: seats 1, sections 0.');
  await page.keyboard.press('Delete');
  await expect(page.getByTestId('designer-changes-removed')).toHaveAttribute('data-count', '1');
  // The seat the click picked (the one nearest the pointer).
  const after = new Set((await seats()).map((s) => `${s.row}/${s.name}/${s.x}/${s.y}`));
  const seat = before.find((s) => !after.has(`${s.row}/${s.name}/${s.x}/${s.y}`))!;
  await expect(page.getByTestId('designer-changes-summary')).toContainText('removed 1,');
  await expect(
    page.getByTestId('designer-changes').getByRole('button', { name: `row ${seat.row}, seat ${seat.name}` }),
  ).toBeVisible();
  await expect.poll(async () => reddish(await pixel(page, seat.x, seat.y))).toBe(true);
  // Not drawn when switched off (the counts stay).
  await page.getByTestId('designer-changes-show').uncheck();
  await expect.poll(async () => reddish(await pixel(page, seat.x, seat.y))).toBe(false);
  await page.getByTestId('designer-changes-show').check();
  await expectAxeClean(page, 'designer, changes against version 1, en');

  // Saved: the next version of the plan code. Opened again in Hebrew, the comparison is loaded with it.
  await page.getByTestId('designer-save-now').click();
  await expect(page.getByTestId('designer-save')).toHaveText('All changes saved');
  await expect(page).toHaveURL(/\/backoffice\/seat-plans\/\d+/);
  const v2 = Number(/seat-plans\/(\d+)/.exec(page.url())![1]);
  expect(v2).not.toBe(v1.id);
  await page.goto(`/backoffice/seat-plans/${v2}?lang=he`);
  await expect(page.getByTestId('designer-changes-removed')).toHaveAttribute('data-count', '1');
  await expect(page.getByTestId('designer-changes-summary')).toContainText('שהוסרו 1');
  await expectAxeClean(page, 'designer, changes against version 1, he');

  // Publishing asks first; "keep editing" is where the focus goes and changes nothing.
  await page.getByTestId('designer-publish').click();
  const confirm = page.getByTestId('designer-publish-confirm');
  await expect(confirm).toContainText('גרסה 1');
  await expect(confirm.getByRole('button', { name: 'להמשיך לערוך' })).toBeFocused();
  await expectAxeClean(page, 'designer, publish confirmation, he');
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden();
  const draft = await ok<{ status: string }>(await page.request.get(`/api/admin/seat-plans/${v2}?lang=en`));
  expect(draft.status).toBe('draft');
  await page.getByTestId('designer-publish').click();
  await page.getByTestId('designer-publish-anyway').click();
  await expect(page.getByTestId('designer-message')).toContainText('2');
  const published = await ok<{ status: string; version: number }>(
    await page.request.get(`/api/admin/seat-plans/${v2}?lang=en`),
  );
  expect(published).toMatchObject({ status: 'published', version: 2 });
});

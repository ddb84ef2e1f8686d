import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIResponse, type Page, type TestInfo } from '@playwright/test';
import { adminTest as test } from './admin-session.support';
import { expectAxeClean } from './back-office.support';
import { withSql } from './sql.support';
import { clickSeat, openSeatMap } from './seatmap-support';
import { solidPng } from './png.support';

/**
 * The seat-plan designer (permission 291): a staff member draws a small theatre on an empty canvas, by mouse and by
 * keyboard (a stage and a block of curved rows by keys; a second block, a balcony numbered from the right, by mouse;
 * two categories; a wheelchair seat and its companion), sees the problems the plan has while it is incomplete, fixes
 * them (one through the problem's own button), saves and publishes. A date is then made on the plan through the admin
 * API and a buyer picks a balcony seat whose label is the one drawn. On the way a floor plan (a generated PNG) is
 * uploaded, drawn under the plan, made fainter, scaled from two points measured by keyboard, locked, removed and
 * brought back, and is still there, locked, when the draft is reopened. axe finds nothing in English, Hebrew, Russian
 * and Arabic; the screen is photographed at 1280 and 2560 px in English and Hebrew.
 */
const DAY_MS = 86_400_000;
const THEATRE = readFileSync(path.join(__dirname, '../seatmaps/venues/theatre.json'), 'utf8');
/** The theatre without its demo decor (exits, a sound desk): the decor test draws and counts its own. */
const THEATRE_WITHOUT_DECOR = JSON.stringify({ ...(JSON.parse(THEATRE) as object), decor: undefined });
const SEAT_PLAN_MEDIA_TYPE = 'application/vnd.hotline.seat-plan+json';
const SHOTS = path.join(__dirname, '../test-results/seat-plan-designer');
const uniqueCode = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e4)}`;
const jerusalemDay = (days: number) =>
  new Date(Date.now() + days * DAY_MS).toLocaleDateString('en-CA', { timeZone: 'Asia/Jerusalem' });

declare global {
  interface Window {
    __designer?: {
      toPage(x: number, y: number): { x: number; y: number };
      seats(): { row: string; name: string; x: number; y: number; features: number[] }[];
      background(): { opacity: number; scale: number; offset: { x: number; y: number }; locked: boolean } | null;
      shapes(): {
        kind: string;
        points: { x: number; y: number }[];
        label: Record<string, string> | null;
        fill: string | null;
      }[];
    };
  }
}

/**
 * The designer's copy of a plan on this device as JSON ('' when none), read in the page from IndexedDB as
 * persistence.ts keeps it (database hotline-designer, store drafts, by key); self-contained: it runs in the page.
 */
function deviceCopy(key: string): Promise<string> {
  return new Promise((resolve) => {
    const open = indexedDB.open('hotline-designer', 1);
    open.onupgradeneeded = () => open.result.createObjectStore('drafts');
    open.onerror = () => resolve('');
    open.onsuccess = () => {
      const get = open.result.transaction('drafts').objectStore('drafts').get(key);
      get.onsuccess = () => {
        open.result.close();
        resolve(JSON.stringify(get.result ?? ''));
      };
      get.onerror = () => resolve('');
    };
  });
}

async function created<T>(response: APIResponse, status = 201): Promise<T> {
  expect(response.status(), await response.text()).toBe(status);
  return (await response.json()) as T;
}

const toPage = (page: Page, x: number, y: number) =>
  page.evaluate(([px, py]) => window.__designer!.toPage(px!, py!), [x, y]);

async function drag(page: Page, from: [number, number], to: [number, number]) {
  const a = await toPage(page, ...from);
  const b = await toPage(page, ...to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: 6 });
  await page.mouse.up();
}

async function clickPlan(page: Page, x: number, y: number) {
  const p = await toPage(page, x, y);
  await page.mouse.click(p.x, p.y);
}

const background = (page: Page) => page.evaluate(() => window.__designer!.background());

/** The drawn canvas's colour at a plan point: [r, g, b]. */
async function pixel(page: Page, x: number, y: number): Promise<number[]> {
  const at = await toPage(page, x, y);
  return page.evaluate(
    ([px, py]) => {
      const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="designer-canvas"] canvas')!;
      const r = canvas.getBoundingClientRect();
      const dpr = canvas.width / r.width;
      const d = canvas
        .getContext('2d')!
        .getImageData(Math.round((px! - r.left) * dpr), Math.round((py! - r.top) * dpr), 1, 1);
      return [d.data[0]!, d.data[1]!, d.data[2]!];
    },
    [at.x, at.y],
  );
}

async function press(page: Page, key: string, times = 1) {
  for (let i = 0; i < times; i++) await page.keyboard.press(key);
}

async function setOption(page: Page, testId: string, value: string) {
  const input = page.getByTestId(testId);
  await input.fill(value);
  await input.press('Enter');
}

async function shoot(page: Page, info: TestInfo, name: string, width: number) {
  await page.setViewportSize({ width, height: width > 2000 ? 1300 : 900 });
  // The whole plan, from the top of the page: a jump to a problem may have zoomed in and scrolled the canvas up.
  await page.getByTestId('designer-fit').click();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  // In test-results/ for the lead to look at, and attached to the report.
  const body = await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: false });
  await info.attach(`${name}-${width}`, { body, contentType: 'image/png' });
}

test.afterAll(async () => {
  await withSql((sql) =>
    sql.query(
      `UPDATE presentation SET cancelled_at = now()
        WHERE cancelled_at IS NULL AND venue_id IN (SELECT id FROM venue WHERE code LIKE 'e2e-designer%')`,
    ),
  );
});

/** A hall of this test's own, made through the API (the worker's staff session), named in four languages. */
async function newHall(page: Page): Promise<{ id: number; code: string }> {
  const code = uniqueCode('e2e-designer');
  const venue = await created<{ id: number }>(
    await page.request.post('/api/admin/venues?lang=en', {
      data: {
        businessId: 1,
        code,
        name: { he: `אולם ${code}`, en: `Hall ${code}`, ru: `Зал ${code}`, ar: `قاعة ${code}` },
        address: 'Herzl 1, Haifa',
        kind: 'hall',
      },
    }),
  );
  return { id: venue.id, code };
}

test('a theatre drawn from an empty canvas by mouse and keyboard, checked, published and sold', async ({
  page,
  browser,
}, info) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const venue = await newHall(page);

  // From the venues screen: "Draw a new seat plan", this venue, an empty canvas.
  await page.goto('/backoffice/venues?lang=en');
  await page.getByTestId('bo-draw-new-plan').click();
  await expect(page).toHaveURL(/\/backoffice\/seat-plans\/new/);
  await page.goto('/backoffice/seat-plans/new?lang=en&test');
  await page.getByTestId('designer-venue').selectOption(String(venue.id));
  await page.getByRole('radio', { name: 'An empty canvas' }).check();
  await page.getByTestId('designer-start').click();
  await expect(page.getByRole('application', { name: 'Seat-plan drawing' })).toBeVisible();

  // An empty plan cannot be published: the problems say why.
  const problems = page.getByTestId('designer-problems');
  await expect(problems.locator('[data-problem]')).toHaveText([
    'The plan has no category.',
    'The plan has no section.',
  ]);
  await expect(page.getByTestId('designer-publish')).toHaveAttribute('aria-disabled', 'true');

  // Two categories.
  await page.getByTestId('add-category').click();
  await page.getByTestId('add-category').click();
  await expect(page.getByTestId('designer-categories').getByRole('radio')).toHaveCount(2);

  // By keyboard: the stage, then the right-hand block of the stalls (3 curved rows of 6).
  await page.getByTestId('tool-block').click();
  await setOption(page, 'opt-rows', '3');
  await setOption(page, 'opt-seats', '6');
  await setOption(page, 'opt-curvature', '0.5');
  const canvas = page.getByTestId('designer-canvas');
  await canvas.focus();
  await page.keyboard.press('s');
  await expect(page.getByTestId('tool-stage')).toHaveAttribute('aria-pressed', 'true');
  // The cursor starts at the middle of the view (the plan's centre, 500 x 350); Shift moves it 50 units, alone 10.
  await press(page, 'Shift+ArrowUp', 6);
  await press(page, 'Shift+ArrowLeft', 3);
  await page.keyboard.press('Enter');
  await press(page, 'Shift+ArrowRight', 6);
  await press(page, 'ArrowDown', 3);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('designer-live')).toHaveText('Done: stage.');
  await page.keyboard.press('b');
  await press(page, 'Shift+ArrowLeft', 2);
  await press(page, 'Shift+ArrowDown', 1);
  await press(page, 'ArrowDown', 2);
  await page.keyboard.press('Enter');
  await press(page, 'Shift+ArrowRight', 5);
  await press(page, 'Shift+ArrowDown', 2);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('designer-live')).toHaveText('Done: new block of rows.');

  // By mouse: the left-hand block, then the balcony in the second category (2 rows of 10), numbered from the right.
  await drag(page, [150, 150], [400, 250]);
  await expect(page.getByTestId('designer-live')).toHaveText('Done: new block of rows.');
  await page.getByTestId('designer-categories').getByRole('radio').nth(1).check();
  await setOption(page, 'opt-rows', '2');
  await setOption(page, 'opt-seats', '10');
  await setOption(page, 'opt-curvature', '0.3');
  await drag(page, [200, 400], [750, 470]);
  await page.getByTestId('scheme-from').selectOption('right');
  await page.getByTestId('scheme-rows').selectOption('letters');
  await page.getByTestId('renumber').click();
  await expect(page.getByTestId('designer-live')).toHaveText('Done: renumbering.');
  const seats = await page.evaluate(() => window.__designer!.seats());
  expect(seats).toHaveLength(6 * 3 * 2 + 20);
  const balconyA = seats.filter((s) => s.row === 'A').sort((a, b) => a.x - b.x);
  expect(balconyA.map((s) => s.name)).toEqual(['10', '9', '8', '7', '6', '5', '4', '3', '2', '1']);

  // A wheelchair space and its companion seat: the two leftmost seats of the front row of the stalls.
  const front = seats.filter((s) => s.row === '1').sort((a, b) => a.x - b.x);
  await page.getByTestId('tool-select').click();
  await clickPlan(page, front[0]!.x, front[0]!.y);
  await page.getByTestId('feature-wheelchair').click();
  await clickPlan(page, front[1]!.x, front[1]!.y);
  await page.getByTestId('feature-companion').click();
  await expect(page.getByTestId('feature-companion')).toHaveAttribute('aria-pressed', 'true');

  // A section with no seats is a problem; its button selects it, Delete removes it; undo and redo go through it.
  await page.getByTestId('tool-rect').click();
  await drag(page, [820, 500], [950, 650]);
  await expect(problems.locator('[data-problem]')).toHaveText(['Section 4 has no seats.']);
  await expect(page.getByTestId('designer-publish-reason')).toHaveText('Fix the problems first (1).');
  await page.getByTestId('tool-select').click();
  await page.keyboard.press('Escape');
  await problems.locator('[data-problem="emptySection"]').click();
  await expect(canvas).toBeFocused();
  // Selected alone, it has handles: its bottom-right square resizes it from the top-left corner.
  await drag(page, [950, 650], [980, 680]);
  await expect(page.getByTestId('designer-live')).toHaveText('Done: section resized.');
  await expect(page.getByTestId('section-width')).toHaveValue('160');
  await canvas.focus();
  await page.keyboard.press('Delete');
  await expect(page.getByTestId('designer-no-problems')).toBeVisible();
  await page.keyboard.press('Control+z');
  await expect(problems.locator('[data-problem]')).toHaveCount(1);
  await page.keyboard.press('Control+Shift+z');
  await expect(page.getByTestId('designer-no-problems')).toBeVisible();

  // A floor plan to trace: a file that is not an image is refused; a 200 x 100 px blue PNG is drawn under the plan at
  // half opacity across the plan's width (1,000 units: 5 units a pixel).
  const file = page.getByTestId('background-file');
  await file.setInputFiles({ name: 'plan.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await expect(page.getByTestId('background-error')).toHaveText('Choose a PNG, JPEG or WebP image.');
  await file.setInputFiles({ name: 'floor.png', mimeType: 'image/png', buffer: solidPng(200, 100, [0, 0, 255]) });
  await expect(page.getByTestId('designer-live')).toHaveText('Done: floor plan added.');
  expect(await background(page)).toEqual({ opacity: 0.5, scale: 5, offset: { x: 0, y: 0 }, locked: false });
  // Blue at half opacity over the white sheet, where nothing else is drawn (the whole plan in view).
  await page.getByTestId('designer-fit').click();
  const faint = async (low: number, high: number) => {
    const [r, , b] = await pixel(page, 60, 450);
    return r! >= low && r! <= high && b! >= 240;
  };
  await expect.poll(() => faint(115, 140)).toBe(true);
  await setOption(page, 'background-opacity', '20');
  await expect.poll(() => faint(195, 215)).toBe(true);
  // Scaled from two points measured by keyboard (100 units apart) that are really 250 apart: 2.5 times larger.
  await page.getByTestId('background-measure').click();
  await expect(page.getByTestId('background-measure')).toHaveAttribute('aria-pressed', 'true');
  await canvas.focus();
  await page.keyboard.press('Enter');
  await press(page, 'Shift+ArrowRight', 2);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('background-measured')).toHaveText('Measured: 100 plan units.');
  await page.getByTestId('background-distance').fill('250');
  await page.getByTestId('background-apply-scale').click();
  await expect(page.getByTestId('designer-live')).toHaveText('Done: floor plan scaled.');
  expect((await background(page))!.scale).toBeCloseTo(12.5, 6);
  // Locked: its place and scale can no longer be changed. Removed, and back with undo.
  await page.getByTestId('background-locked').check();
  await expect(page.getByTestId('background-x')).toBeDisabled();
  await expect(page.getByTestId('background-measure')).toBeDisabled();
  await page.getByTestId('background-remove').click();
  expect(await background(page)).toBeNull();
  await page.getByTestId('undo').click();
  expect(await background(page)).toMatchObject({ opacity: 0.2, locked: true });
  await page.getByTestId('tool-select').click();

  await expectAxeClean(page, 'designer, en');
  await shoot(page, info, 'designer-en', 1280);
  await shoot(page, info, 'designer-en', 2560);
  await page.setViewportSize({ width: 1280, height: 900 });

  // The same design through the storefront's own renderer.
  await page.getByTestId('designer-preview-toggle').click();
  await expect(
    page.getByRole('img', { name: 'The plan as buyers will see it on the storefront' }).locator('canvas').first(),
  ).toBeVisible();
  await shoot(page, info, 'designer-preview-en', 1280);
  await page.getByTestId('designer-preview-toggle').click();
  await expect(canvas).toBeVisible();

  // Saved as a draft (its address becomes the plan's), opened again in Hebrew, published there.
  const saved = page.waitForResponse((r) => r.url().includes('/seat-plans') && r.request().method() === 'POST');
  await page.getByTestId('designer-save-now').click();
  expect((await saved).status()).toBe(201);
  await expect(page).toHaveURL(/\/backoffice\/seat-plans\/\d+/);
  await expect(page.getByTestId('designer-save')).toHaveText('All changes saved');
  const planId = Number(/seat-plans\/(\d+)/.exec(page.url())![1]);

  // The saved draft, with its floor plan, in Russian and in Arabic (right to left).
  for (const [lang, name, dir] of [
    ['ru', 'Рисунок схемы зала', 'ltr'],
    ['ar', 'رسم مخطط المقاعد', 'rtl'],
  ] as const) {
    await page.goto(`/backoffice/seat-plans/${planId}?lang=${lang}&test`);
    await expect(page.getByRole('application', { name })).toBeVisible();
    await expect(page.getByTestId('designer-no-problems')).toBeVisible();
    await expect(page.getByTestId('background-locked')).toBeChecked();
    await expect(page.locator('html')).toHaveAttribute('dir', dir);
    await expectAxeClean(page, `designer, ${lang}`);
  }

  await page.goto(`/backoffice/seat-plans/${planId}?lang=he&test`);
  await expect(page.getByRole('application', { name: 'שרטוט מפת ההושבה' })).toBeVisible();
  await expect(page.getByTestId('designer-no-problems')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // The floor plan was saved with the draft, locked where it was traced.
  expect(await background(page)).toMatchObject({ opacity: 0.2, locked: true });
  expect((await background(page))!.scale).toBeCloseTo(12.5, 6);
  await expectAxeClean(page, 'designer, he');
  await shoot(page, info, 'designer-he', 1280);
  await shoot(page, info, 'designer-he', 2560);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectAxeClean(page, 'designer, he, 390 px');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.keyboard.press('?');
  await expect(page.getByTestId('designer-help')).toBeVisible();
  await expectAxeClean(page, 'designer shortcuts, he');
  await page.keyboard.press('Escape');
  await page.getByTestId('designer-publish').click();
  await expect(page.getByTestId('designer-message')).toHaveText(/גרסה 1 פורסמה/);
  await expect(page.getByTestId('designer-save')).toHaveText('פורסם: לקריאה בלבד');

  // A date on the plan, through the admin API, every category priced.
  const feature = await created<{ id: number }>(
    await page.request.post('/api/admin/features?lang=en', {
      data: {
        businessId: 1,
        name: {
          he: `הצגה ${venue.code}`,
          en: `Play ${venue.code}`,
          ru: `Пьеса ${venue.code}`,
          ar: `مسرحية ${venue.code}`,
        },
        description: { he: '', en: '', ru: '', ar: '' },
        categoryId: 2,
        durationMinutes: 100,
        ageLimit: null,
      },
    }),
  );
  const { zones } = await created<{ zones: { id: number }[] }>(
    await page.request.get(`/api/admin/seat-plans/${planId}/zones?lang=en`),
    200,
  );
  expect(zones).toHaveLength(2);
  const ticket = {
    name: { he: 'רגיל', en: 'Regular', ru: 'Обычный', ar: 'عادي' },
    priceAgorot: 10_000,
    serviceChargeAgorot: 0,
  };
  const { presentations } = await created<{ presentations: { id: number; revision: number }[] }>(
    await page.request.post('/api/admin/presentations?lang=en', {
      data: {
        featureId: feature.id,
        seatPlanId: planId,
        firstDate: jerusalemDay(60 + Math.floor(Math.random() * 200)),
        time: '20:30',
        everyDays: 7,
        count: 1,
        maxSeatsPerOrder: 6,
        prices: zones.map((z) => ({ zoneId: z.id, tickets: [ticket] })),
      },
    }),
  );
  const date = presentations[0]!;
  await created(
    await page.request.post(`/api/admin/presentations/${date.id}/publish?lang=en`, {
      data: { revision: date.revision },
    }),
    200,
  );

  // The buyer: the balcony's leftmost seat is seat 10 (numbered from the right), the accessible pair is there too.
  const buyerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const buyer = await buyerContext.newPage();
  await openSeatMap(buyer, date.id, 'lang=en');
  const marked = await buyer.evaluate(() =>
    window
      .__seatmap!.featureSeats()
      .map((s) => s.name)
      .sort(),
  );
  expect(marked).toEqual(['1', '2']);
  const row = await buyer.evaluate(() => window.__seatmap!.freeRow(10));
  expect(row, 'a balcony row of 10').not.toBeNull();
  await clickSeat(buyer, row![0]!);
  await expect(buyer.getByTestId('selected-seats')).toContainText(/Row [AB], seat 10/);
  await buyerContext.close();
});

test('two people on one draft: the later save is refused, nothing is overwritten, and the change waits on the device', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const venue = await newHall(page);
  const plan = await created<{ id: number; revision: number }>(
    await page.request.post(`/api/admin/venues/${venue.id}/seat-plans?lang=en`, {
      headers: { 'content-type': SEAT_PLAN_MEDIA_TYPE },
      data: THEATRE,
    }),
  );
  const zonesBefore = JSON.parse(THEATRE).zones.length as number;

  // Both open the draft; the first adds a category and saves.
  const other = await context.newPage();
  await other.setViewportSize({ width: 1280, height: 900 });
  await other.goto(`/backoffice/seat-plans/${plan.id}?lang=en`);
  await page.goto(`/backoffice/seat-plans/${plan.id}?lang=en`);
  await expect(page.getByTestId('designer-save')).toHaveText('All changes saved');
  await page.getByTestId('add-category').click();
  await page.getByTestId('designer-save-now').click();
  await expect(page.getByTestId('designer-save')).toHaveText('All changes saved');

  // The second, still on the old revision, makes the plan wider and saves: refused, said so, nothing overwritten.
  await expect(other.getByTestId('designer-save')).toHaveText('All changes saved');
  await other.getByLabel('Plan width').fill('4000');
  await other.getByLabel('Plan width').press('Enter');
  await other.getByTestId('designer-save-now').click();
  await expect(other.getByTestId('designer-conflict')).toContainText('Someone else saved this draft');
  await expect(other.getByTestId('designer-save')).toHaveText('Not saved: someone else saved this draft');
  const stored = await created<{ zones: unknown[] }>(
    await page.request.get(`/api/admin/seat-plans/${plan.id}/document`),
    200,
  );
  expect(stored.zones).toHaveLength(zonesBefore + 1);

  // The tab is closed and opened again: its change is offered back from this device.
  await expect.poll(() => other.evaluate(deviceCopy, `hotline.designer.plan.${plan.id}`)).toContain('4000');
  // Leaving with unsaved changes asks first ("leave the page?"): yes.
  other.on('dialog', (d) => void d.accept());
  await other.reload();
  await expect(other.getByTestId('designer-restore')).toBeVisible();
  await other.getByRole('button', { name: 'Restore', exact: true }).click();
  await expect(other.getByLabel('Plan width')).toHaveValue('4000');
  await expectAxeClean(other, 'designer, restored copy, en');
});

test('decor drawn on a plan: a stage, a text in four languages, shapes by mouse and keyboard; saved, reopened in Hebrew and Arabic', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const venue = await newHall(page);
  const plan = await created<{ id: number }>(
    await page.request.post(`/api/admin/venues/${venue.id}/seat-plans?lang=en`, {
      headers: { 'content-type': SEAT_PLAN_MEDIA_TYPE },
      data: THEATRE_WITHOUT_DECOR,
    }),
  );
  await page.goto(`/backoffice/seat-plans/${plan.id}?lang=en&test`);
  const canvas = page.getByTestId('designer-canvas');
  await expect(canvas).toBeVisible();
  await expect(page.getByTestId('designer-save')).toHaveText('All changes saved');
  const live = page.getByTestId('designer-live');
  const shapes = () => page.evaluate(() => window.__designer!.shapes());

  // A stage, dragged where the theatre's stage is.
  await page.getByTestId('tool-stage').click();
  await drag(page, [1400, 40], [2200, 250]);
  await expect(live).toHaveText('Done: stage.');

  // An ellipse by mouse, left of the stalls (the theatre leaves room there).
  await canvas.focus();
  await page.keyboard.press('d');
  await expect(page.getByTestId('tool-shape')).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('opt-shape-kind').selectOption('ellipse');
  await drag(page, [100, 900], [400, 1100]);
  await expect(live).toHaveText('Done: new shape.');
  // Drawn selected: its label in four languages, in the properties panel.
  for (const [lang, text] of [
    ['he', 'עמוד'],
    ['en', 'Pillar'],
    ['ru', 'Колонна'],
    ['ar', 'عمود'],
  ] as const)
    await setOption(page, `shape-label-${lang}`, text);
  expect((await shapes())[0]).toMatchObject({
    kind: 'ellipse',
    label: { he: 'עמוד', en: 'Pillar', ru: 'Колонна', ar: 'عمود' },
  });

  // A polygon by keyboard: a corner per Enter from the view's middle, Shift+Enter closes it.
  await page.getByTestId('opt-shape-kind').selectOption('polygon');
  await canvas.focus();
  await page.keyboard.press('Enter');
  await press(page, 'Shift+ArrowRight', 2);
  await page.keyboard.press('Enter');
  await press(page, 'Shift+ArrowDown', 2);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Shift+Enter');
  await expect(live).toHaveText('Done: new shape.');
  expect((await shapes()).map((d) => [d.kind, d.points.length])).toEqual([
    ['ellipse', 2],
    ['polygon', 3],
  ]);

  // Selected by a click, moved by arrows, deleted and brought back by undo: each one command.
  await page.keyboard.press('v');
  await clickPlan(page, 250, 1000);
  const before = (await shapes())[0]!.points[0]!;
  await canvas.focus();
  await page.keyboard.press('Shift+ArrowRight');
  await expect(live).toHaveText('Done: move.');
  expect((await shapes())[0]!.points[0]!.x).toBeGreaterThan(before.x);
  await page.keyboard.press('Delete');
  await expect(live).toHaveText('Done: delete.');
  expect(await shapes()).toHaveLength(1);
  await page.keyboard.press('Control+z');
  await expect(live).toHaveText('Undone: delete.');
  expect(await shapes()).toHaveLength(2);

  // A text, then its four languages.
  await page.getByTestId('tool-text').click();
  await page.getByRole('textbox', { name: 'Text', exact: true }).fill('Exit');
  await page.getByRole('textbox', { name: 'Text', exact: true }).press('Enter');
  await clickPlan(page, 250, 1300);
  await expect(live).toHaveText('Done: new text.');
  for (const [lang, text] of [
    ['he', 'יציאה'],
    ['en', 'Exit'],
    ['ru', 'Выход'],
    ['ar', 'مخرج'],
  ] as const)
    await setOption(page, `text-name-${lang}`, text);
  await expect(page.getByTestId('designer-no-problems')).toBeVisible();

  // A floor plan, placed by dragging it with the mouse and then by arrow keys; each move one command.
  await page
    .getByTestId('background-file')
    .setInputFiles({ name: 'floor.png', mimeType: 'image/png', buffer: solidPng(200, 100, [0, 0, 255]) });
  await expect(live).toHaveText('Done: floor plan added.');
  await page.getByTestId('background-place').click();
  await expect(page.getByTestId('background-place')).toHaveAttribute('aria-pressed', 'true');
  await drag(page, [1800, 2400], [1900, 2450]);
  const dragged = (await background(page))!.offset;
  // Snapped to the 5-unit grid; a screen pixel is about 3 plan units at this zoom.
  expect(Math.abs(dragged.x - 100)).toBeLessThanOrEqual(10);
  expect(Math.abs(dragged.y - 50)).toBeLessThanOrEqual(10);
  await canvas.focus();
  await page.keyboard.press('ArrowRight');
  await expect(live).toHaveText(`Floor plan at ${dragged.x + 5}, ${dragged.y}.`);
  await page.keyboard.press('Shift+ArrowDown');
  expect((await background(page))!.offset).toEqual({ x: dragged.x + 5, y: dragged.y + 50 });
  await page.keyboard.press('Control+z');
  await expect(live).toHaveText('Undone: floor plan moved.');
  expect((await background(page))!.offset).toEqual({ x: dragged.x + 5, y: dragged.y });
  // Locked, it stays put: the arrows only say so.
  await page.getByTestId('background-locked').check();
  await canvas.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(live).toHaveText('The floor plan is locked: unlock it to move it.');
  expect((await background(page))!.offset).toEqual({ x: dragged.x + 5, y: dragged.y });
  await page.keyboard.press('v');

  // Saved: the venue file's decor has them.
  await page.getByTestId('designer-save-now').click();
  await expect(page.getByTestId('designer-save')).toHaveText('All changes saved');
  const stored = await created<{
    seatplan: { stage: { x: number } };
    decor?: {
      shapes?: { kind: string; label: { en: string } | null }[];
      texts?: { text: Record<string, string> }[];
      background?: { offset: { x: number; y: number } };
    };
  }>(await page.request.get(`/api/admin/seat-plans/${plan.id}/document`), 200);
  expect(stored.seatplan.stage.x).toBe(1400);
  // The ellipse comes back last: undoing its deletion put it back on top.
  expect(stored.decor?.shapes?.map((d) => [d.kind, d.label?.en ?? null]).sort()).toEqual([
    ['ellipse', 'Pillar'],
    ['polygon', null],
  ]);
  expect(stored.decor?.texts?.map((t) => t.text)).toEqual([{ he: 'יציאה', en: 'Exit', ru: 'Выход', ar: 'مخرج' }]);
  expect(stored.decor?.background?.offset).toEqual({ x: dragged.x + 5, y: dragged.y });

  // Reopened in Hebrew and Arabic (right to left): the shape is there, selected by a click, its panel in the language.
  for (const [lang, name, label] of [
    ['he', 'שרטוט מפת ההושבה', 'כיתוב על הצורה'],
    ['ar', 'رسم مخطط المقاعد', 'تسمية على الشكل'],
  ] as const) {
    await page.goto(`/backoffice/seat-plans/${plan.id}?lang=${lang}&test`);
    await expect(page.getByRole('application', { name })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    expect(await shapes()).toHaveLength(2);
    // The canvas fits the plan to its size once laid out: clicked again until the click lands on the laid-out plan.
    await expect(async () => {
      await clickPlan(page, 260, 1000);
      await expect(page.getByRole('group', { name: label })).toBeVisible({ timeout: 1000 });
    }).toPass();
    await expect(page.getByTestId(`shape-label-${lang}`)).toHaveValue(lang === 'he' ? 'עמוד' : 'عمود');
    await expectAxeClean(page, `designer, a shape selected, ${lang}`);
    await canvas.focus();
    await page.keyboard.press('d');
    await expect(page.getByTestId('opt-shape-kind')).toBeVisible();
    await expectAxeClean(page, `designer, shape tool, ${lang}`);
  }
});

/** Konva nodes under the designer's stage (the stage itself counted), read from Konva's own list of stages. */
async function konvaNodes(page: Page): Promise<number> {
  return page.evaluate(() => {
    interface KonvaNode {
      getChildren?: () => KonvaNode[];
      container?: () => HTMLElement;
    }
    const konva = (window as unknown as { Konva?: { stages: KonvaNode[] } }).Konva;
    const stage = konva?.stages.find((s) => s.container!().closest('[data-testid="designer-canvas"]'));
    if (!stage) return -1;
    const count = (n: KonvaNode): number => 1 + (n.getChildren?.() ?? []).reduce((a, c) => a + count(c), 0);
    return count(stage);
  });
}

test('the editing canvas is the storefront renderer: 5,000 seats drawn, and not one Konva node per seat', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const venue = await newHall(page);
  await page.goto('/backoffice/seat-plans/new?lang=en&test');
  await page.getByTestId('designer-venue').selectOption(String(venue.id));
  await page.getByRole('radio', { name: 'An empty canvas' }).check();
  await page.getByTestId('designer-start').click();
  await expect(page.getByRole('application', { name: 'Seat-plan drawing' })).toBeVisible();
  // The stage, its two layers and their four shapes (the plan, the seats, the marks; the overlay).
  await expect.poll(() => konvaNodes(page)).toBe(7);

  // A block of 50 rows of 100 seats in one drag, in the first category.
  await page.getByTestId('add-category').click();
  await page.getByTestId('tool-block').click();
  await setOption(page, 'opt-rows', '50');
  await setOption(page, 'opt-seats', '100');
  await drag(page, [20, 20], [980, 680]);
  await expect(page.getByTestId('designer-live')).toHaveText('Done: new block of rows.');
  const seats = await page.evaluate(() => window.__designer!.seats());
  expect(seats).toHaveLength(5000);
  expect(await konvaNodes(page)).toBe(7);

  // The seats are on the canvas in their category's colour (#1f6feb), drawn by that one shape.
  await page.getByTestId('designer-fit').click();
  const seat = seats[2500]!;
  await expect
    .poll(async () => {
      const [r, g, b] = await pixel(page, seat.x, seat.y);
      return Math.abs(r! - 31) < 20 && Math.abs(g! - 111) < 20 && Math.abs(b! - 235) < 20;
    })
    .toBe(true);
  // Selected (the overlay rings them): still no node more.
  await page.getByTestId('designer-canvas').focus();
  await page.keyboard.press('Control+a');
  await expect(page.getByTestId('designer-properties')).toContainText('sections 1');
  expect(await konvaNodes(page)).toBe(7);
  await expectAxeClean(page, 'designer, 5,000 seats selected, en');
});

/**
 * The rows a bar's items sit in, as a person sees it wrap: an item that starts below the bottom of the row so far
 * starts a new row (items of one row may be of different heights, centred).
 */
const rowsOf = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluate((bar) => {
    const boxes = [...bar.children]
      .filter((c) => (c as HTMLElement).offsetParent !== null && !c.classList.contains('visually-hidden'))
      .map((c) => c.getBoundingClientRect())
      .sort((a, b) => a.top - b.top);
    let rows = 0;
    let bottom = -Infinity;
    for (const box of boxes) {
      if (box.top >= bottom - 1) rows++;
      bottom = box.top >= bottom - 1 ? box.bottom : Math.max(bottom, box.bottom);
    }
    return rows;
  });

test('the bar and the drawing tools fit in two rows at 1280 px in every language; the icons have names, the menu works by keyboard', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const venue = await newHall(page);
  const plan = await created<{ id: number }>(
    await page.request.post(`/api/admin/venues/${venue.id}/seat-plans?lang=en`, {
      headers: { 'content-type': SEAT_PLAN_MEDIA_TYPE },
      data: THEATRE,
    }),
  );
  // English last: the menu below is tried on its page, not on the same page loaded again.
  for (const lang of ['he', 'ru', 'ar', 'en'] as const) {
    await page.goto(`/backoffice/seat-plans/${plan.id}?lang=${lang}`);
    await expect(page.getByTestId('designer-canvas')).toBeVisible();
    const bar = await rowsOf(page, 'designer-bar');
    const toolbar = await rowsOf(page, 'designer-tools');
    expect([lang, bar + toolbar]).toEqual([lang, 2]);
    // Each icon button is named (its tooltip's text), e.g. the arc tool with its key.
    const arc = page.getByTestId('tool-arc');
    await expect(arc).toHaveAttribute('aria-label', /\S/);
    await arc.focus();
    await expect(page.locator('.designer-icon-wrap', { has: arc }).locator('.designer-tip')).toBeVisible();
    await expectAxeClean(page, `designer bar, ${lang}`);
  }

  // The "More" menu by keyboard (English): ArrowDown opens it on its first item, arrows move, Escape closes it back on
  // the button; the shortcuts' help opens from it as a dialog.
  const more = page.getByTestId('designer-more');
  await more.focus();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Export JSON' })).toBeFocused();
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  await expectAxeClean(page, 'designer, the More menu open');
  await page.keyboard.press('ArrowUp');
  await expect(page.getByRole('menuitem', { name: 'Keyboard shortcuts (?)' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(more).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('designer-help')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('designer-help')).toBeHidden();
  await expect(more).toBeFocused();
  // The tools keep their names for a screen reader, and their keys.
  await expect(
    page.getByRole('toolbar', { name: 'Drawing tools' }).getByRole('button', { name: 'Arc sector' }),
  ).toHaveAttribute('aria-keyshortcuts', 'A');
});

test('the arena template (15,000 seats) is offered and saved compressed: gzip on the wire, every seat on the server; a later save sends what changed', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const venue = await newHall(page);
  await page.goto('/backoffice/seat-plans/new?lang=en&test');
  await page.getByTestId('designer-venue').selectOption(String(venue.id));
  // The stadium is offered too: its copy on this device is in IndexedDB, and later saves are patches.
  await expect(page.getByRole('radio', { name: /^A stadium template/ })).toBeVisible();
  await page.getByRole('radio', { name: /^An arena template/ }).check();
  const saved = page.waitForRequest(
    (r) => r.method() === 'POST' && r.url().includes(`/api/admin/venues/${venue.id}/seat-plans`),
  );
  await page.getByTestId('designer-start').click();
  await expect(page.getByTestId('designer-canvas')).toBeVisible();
  await page.getByTestId('designer-save-now').click();
  const request = await saved;
  expect(request.headers()['content-encoding']).toBe('gzip');
  const answer = (await (await request.response())!.json()) as { id: number; seatCount: number };
  expect(answer.seatCount).toBeGreaterThan(14_000);
  await expect(page.getByTestId('designer-save')).toHaveClass(/designer-save--saved/);
  // What the server kept is every seat the editor has.
  expect(answer.seatCount).toBe(await page.evaluate(() => window.__designer!.seats().length));

  // The plan made wider and saved: a patch of the saved revision (no section changed: every one by its code).
  const later = page.waitForRequest(
    (r) => r.method() === 'PUT' && r.url().includes(`/api/admin/seat-plans/${answer.id}`),
  );
  const width = Number(await page.getByLabel('Plan width').inputValue()) + 100;
  await page.getByLabel('Plan width').fill(String(width));
  await page.getByLabel('Plan width').press('Enter');
  await page.getByTestId('designer-save-now').click();
  const patch = (await later).postDataJSON() as { patch: number; sections: unknown[]; seatplan: { width: number } };
  expect([patch.patch, patch.seatplan.width, patch.sections.every((s) => typeof s === 'string')]).toEqual([
    1,
    width,
    true,
  ]);
  await expect(page.getByTestId('designer-save')).toHaveClass(/designer-save--saved/);
  const stored = await created<{ seatplan: { width: number }; sections: unknown[] }>(
    await page.request.get(`/api/admin/seat-plans/${answer.id}/document`),
    200,
  );
  expect(stored.seatplan.width).toBe(width);
  const summary = await created<{ seatCount: number; revision: number }>(
    await page.request.get(`/api/admin/seat-plans/${answer.id}`),
    200,
  );
  expect([summary.seatCount, summary.revision]).toEqual([answer.seatCount, 2]);
});

import { axeFor } from './axe.support';
import { expect, test, type Page } from '@playwright/test';
import { expectDocumentLocale } from './helpers';
import {
  availableSeat,
  clickSeat,
  findPresentation,
  framesDrawn,
  openSeatMap,
  seatPixel,
  serverStatus,
  visitorId,
} from './seatmap-support';

/**
 * The seat map on canvas (docs/seat-map.md): locking through the real seat
 * engine, the live room, refusals, keyboard-only use, touch pinch, axe, and
 * right-to-left chrome. Runs against the e2e server's demo data.
 */
test.describe.configure({ mode: 'serial' });

let cinema: { id: number };

test.beforeAll(async ({ request }) => {
  cinema = await findPresentation(request, 'Desert Light');
});

const isGrey = (rgba: number[]) => Math.abs(rgba[0]! - rgba[1]!) < 14 && Math.abs(rgba[1]! - rgba[2]!) < 14;

test('a click on a seat locks it on the server, and a second visitor sees it taken within a second', async ({
  page,
  browser,
  request,
}) => {
  const other = await browser.newContext();
  const watcher = await other.newPage();
  try {
    await openSeatMap(page, cinema.id);
    await openSeatMap(watcher, cinema.id);
    const seat = await availableSeat(page);
    expect(await watcher.evaluate((s) => window.__seatmap!.seatStatus(s.sectionId, s.x, s.y), seat)).toBe(1);
    const before = await seatPixel(watcher, seat);
    expect(isGrey(before)).toBe(false);

    const locked = page.waitForResponse(
      (r) => r.url().includes('/api/seats/lock-seat') && r.request().method() === 'PUT',
    );
    await clickSeat(page, seat);
    // Selected at once, before the server answers.
    expect(await page.evaluate((s) => window.__seatmap!.isSelected(s.sectionId, s.x, s.y), seat)).toBe(true);
    const response = await locked;
    expect(response.status()).toBe(200);
    const lockedAt = Date.now();

    // The server holds it for this visitor: status 2 in their own seats-status.
    expect(await serverStatus(request, cinema.id, await visitorId(page), seat)).toBe(2);

    // The other visitor's map turns it taken through the live room, without reloading.
    await watcher.waitForFunction((s) => window.__seatmap!.seatStatus(s.sectionId, s.x, s.y) !== 1, seat, {
      timeout: 1000,
      polling: 20,
    });
    expect(Date.now() - lockedAt).toBeLessThan(1000);
    await expect.poll(async () => isGrey(await seatPixel(watcher, seat)), { timeout: 1000 }).toBe(true);

    await expect(page.getByTestId('selected-seats')).toContainText(String(seat.x));
    await expect(page.getByTestId('order-timer')).toBeVisible();
    await expect(page.getByTestId('seatmap-announcer')).toContainText('נבחר');
  } finally {
    await other.close();
  }
});

test('a lock the server refuses (another visitor got there first) is unselected and its message shown', async ({
  page,
  browser,
}) => {
  // This visitor's page gets no live updates, so it still shows the seat free when it clicks.
  await page.routeWebSocket(/socket\.io/, () => undefined);
  await openSeatMap(page, cinema.id);
  const seat = await availableSeat(page);

  const rival = await browser.newContext();
  try {
    const rivalPage = await rival.newPage();
    await openSeatMap(rivalPage, cinema.id);
    const rivalLock = rivalPage.waitForResponse((r) => r.url().includes('/api/seats/lock-seat'));
    await clickSeat(rivalPage, seat);
    expect((await rivalLock).status()).toBe(200);

    expect(await page.evaluate((s) => window.__seatmap!.seatStatus(s.sectionId, s.x, s.y), seat)).toBe(1);
    const refused = page.waitForResponse((r) => r.url().includes('/api/seats/lock-seat'));
    await clickSeat(page, seat);
    const response = await refused;
    expect(response.status()).toBeGreaterThanOrEqual(400);
    const { message } = (await response.json()) as { message: string };
    expect(message).toBeTruthy();

    await expect(page.getByTestId('seatmap-toast')).toHaveText(message);
    await expect
      .poll(() => page.evaluate((s) => window.__seatmap!.isSelected(s.sectionId, s.x, s.y), seat))
      .toBe(false);
    await expect(page.getByTestId('seatmap-announcer')).toContainText(message);
    // Toast: 3 seconds, then gone.
    await expect(page.getByTestId('seatmap-toast')).toBeHidden({ timeout: 4500 });
  } finally {
    await rival.close();
  }
});

test('keyboard only: Tab into the map, arrows move between seats, Enter selects, +/- zoom, Escape leaves', async ({
  page,
  request,
}) => {
  await openSeatMap(page, cinema.id, 'lang=en');
  const grid = page.getByRole('grid');
  for (let k = 0; k < 40 && !(await grid.evaluate((el) => el === document.activeElement)); k++)
    await page.keyboard.press('Tab');
  await expect(grid).toBeFocused();
  const first = await page.evaluate(() => window.__seatmap!.focusedSeat());
  expect(first).not.toBeNull();

  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  const moved = await page.evaluate(() => window.__seatmap!.focusedSeat());
  expect(moved).not.toEqual(first);
  // The screen-reader grid names the focused seat.
  const active = await grid.getAttribute('aria-activedescendant');
  expect(active).toBeTruthy();
  await expect(page.locator(`#${active}`)).toHaveText(/Row \d+, seat \d+/);

  // Walk to an available seat if this one is not: along the row, then down and back the other way (earlier specs buy
  // runs of seats, so a whole stretch of a row may be taken).
  const focused = async () => (await page.evaluate(() => window.__seatmap!.focusedSeat()))!;
  let along = 'ArrowRight';
  for (let k = 0; k < 400; k++) {
    const f = await focused();
    if ((await page.evaluate((s) => window.__seatmap!.seatStatus(s.sectionId, s.x, s.y), f)) === 1) break;
    await page.keyboard.press(along);
    if (JSON.stringify(await focused()) !== JSON.stringify(f)) continue;
    await page.keyboard.press('ArrowDown');
    along = along === 'ArrowRight' ? 'ArrowLeft' : 'ArrowRight';
  }
  expect(
    await page.evaluate(async () => {
      const f = window.__seatmap!.focusedSeat()!;
      return window.__seatmap!.seatStatus(f.sectionId, f.x, f.y);
    }),
    'the walk reached an available seat',
  ).toBe(1);
  const target = (await page.evaluate(() => window.__seatmap!.focusedSeat()))!;
  const locked = page.waitForResponse((r) => r.url().includes('/api/seats/lock-seat'));
  await page.keyboard.press('Enter');
  expect((await locked).status()).toBe(200);
  await expect(page.getByTestId('seatmap-announcer')).toContainText('Selected');
  expect(await serverStatus(request, cinema.id, await visitorId(page), target)).toBe(2);
  await expect(page.locator(`#${await grid.getAttribute('aria-activedescendant')}`)).toHaveAttribute(
    'aria-selected',
    'true',
  );

  const scale = await page.evaluate(() => window.__seatmap!.scale());
  await page.keyboard.press('+');
  await expect.poll(() => page.evaluate(() => window.__seatmap!.scale())).toBeGreaterThan(scale * 1.2);
  await page.keyboard.press('-');
  await expect.poll(() => page.evaluate(() => window.__seatmap!.scale())).toBeLessThan(scale * 1.2);

  await page.keyboard.press('Escape');
  await expect(grid).not.toBeFocused();
  expect(await page.evaluate(() => document.activeElement?.closest('.seatmap__panel') !== null)).toBe(true);
});

async function pinch(page: Page, cx: number, cy: number, from: number, to: number) {
  const cdp = await page.context().newCDPSession(page);
  const points = (d: number) => [
    { x: cx - d / 2, y: cy, id: 0, radiusX: 4, radiusY: 4, force: 1 },
    { x: cx + d / 2, y: cy, id: 1, radiusX: 4, radiusY: 4, force: 1 },
  ];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: points(from) });
  const steps = 12;
  for (let k = 1; k <= steps; k++) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: points(from + ((to - from) * k) / steps),
    });
    // One move per drawn frame, as a finger's moves come.
    await framesDrawn(page, 1);
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test('touch: pinching with two fingers zooms about the fingers', async ({ browser }) => {
  const context = await browser.newContext({
    hasTouch: true,
    isMobile: true,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
  });
  const page = await context.newPage();
  try {
    await openSeatMap(page, cinema.id);
    const box = (await page.getByTestId('seatmap-viewport').boundingBox())!;
    await page.evaluate(() => window.scrollTo(0, 0));
    const cx = box.x + box.width / 2;
    const cy = Math.min(box.y + box.height / 2, 700);
    const before = await page.evaluate(() => window.__seatmap!.scale());
    await pinch(page, cx, cy, 80, 240);
    const after = await page.evaluate(() => window.__seatmap!.scale());
    expect(after).toBeGreaterThan(before * 1.5);
    // Zoomed in, the canvas owns touch gestures: the page does not scroll or zoom under the fingers.
    await expect(page.locator('.seatmap__viewport')).toHaveCSS('touch-action', 'none');
    await pinch(page, cx, cy, 240, 100);
    expect(await page.evaluate(() => window.__seatmap!.scale())).toBeLessThan(after);
  } finally {
    await context.close();
  }
});

test('axe finds no serious or critical violations on the seat page', async ({ page }) => {
  await openSeatMap(page, cinema.id);
  await page.getByRole('grid').focus();
  await page.keyboard.press('ArrowRight');
  const results = await axeFor(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});

for (const lang of ['he', 'ar'] as const) {
  test(`the seat page chrome is right to left in ${lang === 'he' ? 'Hebrew' : 'Arabic'}, the venue is not mirrored`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openSeatMap(page, cinema.id, `lang=${lang}`);
    await expectDocumentLocale(page, lang, 'rtl');
    const zoomIn = lang === 'he' ? 'הגדלה' : 'تكبير';
    await expect(page.getByRole('button', { name: zoomIn })).toBeVisible();
    await expect(
      page.getByRole('heading', { name: lang === 'he' ? 'מחירים ומקרא' : 'الأسعار ودليل الرموز' }),
    ).toBeVisible();
    const stage = (await page.locator('.seatmap__stage').boundingBox())!;
    const panel = (await page.locator('.seatmap__panel').boundingBox())!;
    const tools = (await page.locator('.seatmap-toolbar').boundingBox())!;
    // Mirrored chrome: the panel sits left of the map, the zoom buttons in the map's left corner.
    expect(panel.x + panel.width).toBeLessThanOrEqual(stage.x + 1);
    expect(tools.x - stage.x).toBeLessThan(stage.x + stage.width - (tools.x + tools.width));
    // The venue keeps its geometry: a seat's right-hand neighbour (next XCoordinate) is still to its right.
    const seat = (await page.evaluate(() => window.__seatmap!.findSeat(1)))!;
    const [a, b] = await page.evaluate(
      (s) => [
        window.__seatmap!.seatScreenPosition(s.sectionId, s.x, s.y),
        window.__seatmap!.seatScreenPosition(s.sectionId, s.x + 1, s.y) ??
          window.__seatmap!.seatScreenPosition(s.sectionId, s.x - 1, s.y),
      ],
      seat,
    );
    expect(b).not.toBeNull();
    expect(Math.sign(b!.x - a!.x)).toBe(
      await page.evaluate((s) => (window.__seatmap!.seatScreenPosition(s.sectionId, s.x + 1, s.y) ? 1 : -1), seat),
    );
  });
}

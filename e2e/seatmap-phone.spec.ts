import { expect, test, type Page } from '@playwright/test';
import { findPresentation, framesDrawn, openSeatMap } from './seatmap-support';

/**
 * Phone first (390x844, touch): the map must not trap the page. A one-finger swipe that starts on the map
 * scrolls the page while the whole venue is in view; zoomed in, the same swipe moves the map instead.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 1 });

async function swipe(page: Page, x: number, y0: number, y1: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const point = (y: number) => [{ x, y, id: 0, radiusX: 4, radiusY: 4, force: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(y0) });
  const steps = 12;
  for (let k = 1; k <= steps; k++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(y0 + ((y1 - y0) * k) / steps) });
    // One move per drawn frame, as a finger's moves come.
    await framesDrawn(page, 1);
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

let cinemaId: number;
test.beforeAll(async ({ request }) => {
  cinemaId = (await findPresentation(request, 'Desert Light')).id;
});

test('phone: a one-finger swipe that starts on the map scrolls the page (whole venue in view)', async ({ page }) => {
  await openSeatMap(page, cinemaId);
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = (await page.getByTestId('seatmap-viewport').boundingBox())!;
  const x = box.x + box.width / 2;
  const y0 = Math.min(box.y + box.height - 40, 780);
  expect(y0, 'the swipe starts on the map').toBeGreaterThan(box.y + 20);
  const cameraBefore = await page.evaluate(() => window.__seatmap!.scale());
  await swipe(page, x, y0, y0 - 300);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  expect(await page.evaluate(() => window.__seatmap!.scale())).toBe(cameraBefore);
});

test('phone: zoomed in, a one-finger swipe moves the map, not the page', async ({ page }) => {
  await openSeatMap(page, cinemaId);
  await page.evaluate(() => {
    window.__seatmap!.setView(4);
    window.__seatmap!.flush();
  });
  await expect(page.getByTestId('seatmap-viewport')).toHaveCSS('touch-action', 'none');
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = (await page.getByTestId('seatmap-viewport').boundingBox())!;
  const x = box.x + box.width / 2;
  const y0 = Math.min(box.y + box.height - 40, 780);
  const seatsTop = await page.evaluate(() => window.__seatmap!.seatsOnPage().top);
  await swipe(page, x, y0, y0 - 200);
  // The swipe has been handled once the map has moved; by then a page scroll would have happened too.
  await expect.poll(() => page.evaluate(() => window.__seatmap!.seatsOnPage().top)).not.toBe(seatsTop);
  expect(await page.evaluate(() => window.scrollY)).toBeLessThan(5);
});

test('phone: the header does not cover the map, and the zoom controls are on the first screen', async ({ page }) => {
  await openSeatMap(page, cinemaId);
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = (await page.getByTestId('seatmap-viewport').boundingBox())!;
  // The map starts on the first screen, near the top.
  expect(box.y).toBeLessThan(844 * 0.45);
  // Scrolled so the map's top is at the window's top, nothing (a sticky header) lies over it.
  await page.evaluate((top) => window.scrollTo(0, top + window.scrollY), box.y);
  const covered = await page.evaluate(() => {
    const vp = document.querySelector('[data-testid="seatmap-viewport"]')!;
    const r = vp.getBoundingClientRect();
    const el = document.elementFromPoint(r.left + r.width / 2, Math.max(r.top, 0) + 10);
    return el ? !vp.contains(el) && !el.closest('.seatmap__stage') : true;
  });
  expect(covered).toBe(false);
  await page.evaluate(() => window.scrollTo(0, 0));
  const zoomIn = page.getByRole('button', { name: /zoom in|הגדלה|הגדל/i });
  await expect(zoomIn).toBeInViewport();
});

test('phone: the legend, prices and the selection live in a bottom sheet that is pulled up over the map', async ({
  page,
}) => {
  await openSeatMap(page, cinemaId, 'lang=en');
  await page.evaluate(() => window.scrollTo(0, 0));
  const handle = page.getByTestId('seatmap-sheet-handle');
  const legend = page.getByRole('heading', { name: 'Prices and key' });
  // Closed: the handle sits at the bottom of the first screen, the legend is not laid out below the canvas.
  await expect(handle).toBeInViewport();
  await expect(handle).toHaveAttribute('aria-expanded', 'false');
  const closed = (await handle.boundingBox())!;
  expect(closed.y + closed.height).toBeGreaterThan(844 - 4);
  await expect(legend).toBeHidden();
  const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  const viewport = (await page.getByTestId('seatmap-viewport').boundingBox())!;
  expect(pageHeight - (viewport.y + viewport.height), 'no panel column under the map').toBeLessThan(400);

  // Pulled up with a finger: the sheet opens over the map, the legend and prices are on screen.
  const x = closed.x + closed.width / 2;
  const y = closed.y + closed.height / 2;
  const cdp = await page.context().newCDPSession(page);
  const at = (py: number) => [{ x, y: py, id: 0, radiusX: 4, radiusY: 4, force: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(y) });
  for (let k = 1; k <= 8; k++)
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(y - k * 30) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
  await expect(handle).toHaveAttribute('aria-expanded', 'true');
  await legend.scrollIntoViewIfNeeded();
  await expect(legend).toBeInViewport();
  await expect(page.getByText('Prices include per-ticket fees.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your seats' })).toBeVisible();

  // Escape (or a tap on the handle) closes it again, and focus stays on the handle.
  await handle.focus();
  await page.keyboard.press('Escape');
  await expect(handle).toHaveAttribute('aria-expanded', 'false');
  await expect(handle).toBeFocused();
  await handle.tap();
  await expect(handle).toHaveAttribute('aria-expanded', 'true');
});

test('wider than a phone, the panel stays beside or below the map and has no sheet handle', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openSeatMap(page, cinemaId, 'lang=en');
  await expect(page.getByTestId('seatmap-sheet-handle')).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Prices and key' })).toBeVisible();
});

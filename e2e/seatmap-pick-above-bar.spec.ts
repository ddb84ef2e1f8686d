import { expect, test, type Page } from '@playwright/test';
import { findPresentation, openSeatMap, seatPoint, type SeatRef } from './seatmap-support';
import { reviewShot } from './review-shot.support';

/**
 * A seat picked near the bottom of a phone's map stays in sight: the bar that appears with the
 * first pick used to cover it, and the next tap, meant to release it, landed on the bar. The map now pans up just
 * enough, and again when the bar settles at its height.
 */
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 1 });

/** The top of what covers the bottom of the map (the phone's bar, the closed sheet), in page pixels. */
const coveredFrom = (page: Page) =>
  page.evaluate(() =>
    Math.min(
      window.innerHeight,
      ...[...document.querySelectorAll('[data-map-overlay="bottom"]')].map((o) => o.getBoundingClientRect().top),
    ),
  );

/** Zoomed so seats are about 30 px apart, with `seat` 20 px above what covers the map's bottom before any pick. */
async function seatNearTheBottom(page: Page): Promise<SeatRef> {
  const row = await page.evaluate(() => window.__seatmap!.freeRow(6));
  expect(row, 'a free row of at least 6 seats').not.toBeNull();
  const seat = row![2]!;
  const pos = (s: SeatRef) => page.evaluate((q) => window.__seatmap!.seatPlanPosition(q.sectionId, q.x, q.y), s);
  const [a, b, p] = [await pos(row![0]!), await pos(row![1]!), await pos(seat)];
  const pitch = Math.hypot(b!.x - a!.x, b!.y - a!.y);
  const fit = await page.evaluate(() => window.__seatmap!.fitScale());
  const rel = 30 / (pitch * fit);
  await page.evaluate(({ rel, x, y }) => window.__seatmap!.setView(rel, x, y), { rel, x: p!.x, y: p!.y });
  // Just above what already covers the map's bottom before any pick (the closed sheet's handle, on a phone).
  const bottom = (await coveredFrom(page)) - 20;
  const now = await seatPoint(page, seat);
  const scale = await page.evaluate(() => window.__seatmap!.scale());
  const y = p!.y - (bottom - now.y) / scale;
  await page.evaluate(({ rel, x, y }) => window.__seatmap!.setView(rel, x, y), { rel, x: p!.x, y });
  expect(Math.abs((await seatPoint(page, seat)).y - bottom)).toBeLessThan(2);
  return seat;
}

/** The seat's place on screen once the map has stopped moving (the same place on two readings in a row). */
async function settled(page: Page, seat: SeatRef): Promise<{ x: number; y: number }> {
  await page.waitForFunction(
    (q) => {
      const p = window.__seatmap!.seatScreenPosition(q.sectionId, q.x, q.y)!;
      const w = window as unknown as { __lastSeatPoint?: { x: number; y: number } };
      const still =
        w.__lastSeatPoint !== undefined && Math.hypot(w.__lastSeatPoint.x - p.x, w.__lastSeatPoint.y - p.y) < 0.5;
      w.__lastSeatPoint = p;
      return still;
    },
    seat,
    { polling: 100 },
  );
  return seatPoint(page, seat);
}

for (const [name, lang] of [
  ['The Dybbuk', 'he'],
  ['The Summer Concert', 'ar'],
] as const) {
  test(`${name} (${lang}), 390x844: a seat picked just above the bottom edge ends above the bar, and a second tap releases it`, async ({
    page,
    request,
  }) => {
    const show = await findPresentation(request, name);
    await openSeatMap(page, show.id, `lang=${lang}`);
    const seat = await seatNearTheBottom(page);
    const locked = page.waitForResponse((r) => r.url().includes('/api/seats/lock-seat'));
    const before = await seatPoint(page, seat);
    await page.touchscreen.tap(before.x, before.y);
    expect((await locked).status()).toBe(200);
    const bar = page.getByTestId('seatmap-mobilebar');
    await expect(bar).toBeVisible();
    const at = await settled(page, seat);
    // Above everything that covers the map's bottom now: the bar and the closed sheet's handle above it.
    const top = await coveredFrom(page);
    await reviewShot(page, test.info().outputPath(`picked-above-bar-${lang}-390.png`));
    expect(at.y, `seat at ${at.y}, covered from ${top}`).toBeLessThan(top - 8);
    // The second tap lands on the seat, not on the bar: it is released.
    const unlocked = page.waitForResponse((r) => r.url().includes('/api/seats/unlock-seat'));
    await page.touchscreen.tap(at.x, at.y);
    expect((await unlocked).status()).toBe(200);
    await expect(bar).toHaveCount(0);
  });
}

import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import {
  clickSeat,
  lockAs,
  lockBodies,
  openSeatMap,
  seatPoint,
  statusOf,
  theatreShow,
  zoomToRow,
  type SeatRef,
} from './seatmap-support';

/**
 * A seat the map already shows as taken is refused at the tap: said in the buyer's language, and
 * no lock is sent (before, every such tap sent PUT /api/seats/lock-seat, got 409 and logged a console error).
 */
const REFUSED = {
  he: 'אי אפשר לבחור את המקום הזה',
  en: 'This seat cannot be selected',
} as const;

/** A free row with one seat taken by another visitor (the map shows it taken: status 5); answers the undo. */
async function takenSeat(
  page: Page,
  request: Parameters<typeof lockBodies>[0],
  show: Awaited<ReturnType<typeof theatreShow>>,
) {
  const row = await page.evaluate(() => window.__seatmap!.freeRow(6));
  expect(row, 'a free row of at least 6 seats').not.toBeNull();
  const seat = row![2]!;
  const release = await lockAs(request, randomUUID(), await lockBodies(request, show, [seat]));
  await page.waitForFunction((q) => window.__seatmap!.seatStatus(q.sectionId, q.x, q.y) === 5, seat, { polling: 50 });
  return { row: row!, seat, release };
}

function watchLocks(page: Page): { locks: string[]; errors: string[] } {
  const seen = { locks: [] as string[], errors: [] as string[] };
  page.on('request', (r) => {
    if (r.url().includes('/api/seats/lock-seat')) seen.locks.push(r.url());
  });
  page.on('console', (m) => {
    if (m.type() === 'error') seen.errors.push(m.text());
  });
  return seen;
}

async function refusedAtTheTap(page: Page, seat: SeatRef, lang: keyof typeof REFUSED, tap: () => Promise<void>) {
  const seen = watchLocks(page);
  await tap();
  await expect(page.getByText(REFUSED[lang]).first()).toBeVisible();
  expect(await statusOf(page, seat)).toBe(5);
  expect(await page.evaluate((s) => window.__seatmap!.isSelected(s.sectionId, s.x, s.y), seat)).toBe(false);
  expect(seen.locks).toEqual([]);
  expect(seen.errors).toEqual([]);
}

test('en, 1280x800: a click on a taken seat says so and sends no lock', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const show = await theatreShow(request);
  await openSeatMap(page, show.id, 'lang=en');
  const { row, seat, release } = await takenSeat(page, request, show);
  try {
    await zoomToRow(page, row);
    await refusedAtTheTap(page, seat, 'en', () => clickSeat(page, seat));
  } finally {
    await release();
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 1 });

  test('he, 390x844: a tap on a taken seat says so and sends no lock', async ({ page, request }) => {
    const show = await theatreShow(request);
    await openSeatMap(page, show.id, 'lang=he');
    const { row, seat, release } = await takenSeat(page, request, show);
    try {
      await zoomToRow(page, row);
      await refusedAtTheTap(page, seat, 'he', async () => {
        const p = await seatPoint(page, seat);
        await page.touchscreen.tap(p.x, p.y);
      });
    } finally {
      await release();
    }
  });
});

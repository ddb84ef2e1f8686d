import { expect, test, type Page } from '@playwright/test';
import { findPresentation, openSeatMap, type SeatRef } from './seatmap-support';

/**
 * Labels and looks, where a person would notice: zoomed in, row names stay readable at the map's edges
 * (pinned) and never run together; on a phone the bottom bar never hides the last rows.
 */

type Label = { kind: string; text: string; x: number; y: number; px: number };

const labels = (page: Page) => page.evaluate(() => window.__seatmap!.labels() as Label[]);

/** Two row names overlap (their text boxes, 0.6 em per character is generous for digits). */
function overlapping(rows: Label[]): [Label, Label] | null {
  const box = (l: Label) => ({
    x0: l.x - l.text.length * l.px * 0.3,
    x1: l.x + l.text.length * l.px * 0.3,
    h: l.px * 0.45,
  });
  for (let p = 0; p < rows.length; p++)
    for (let q = p + 1; q < rows.length; q++) {
      const a = box(rows[p]!);
      const b = box(rows[q]!);
      if (a.x0 < b.x1 && b.x0 < a.x1 && Math.abs(rows[p]!.y - rows[q]!.y) < a.h + b.h) return [rows[p]!, rows[q]!];
    }
  return null;
}

let cinemaId: number;
test.beforeAll(async ({ request }) => {
  cinemaId = (await findPresentation(request, 'Desert Light')).id;
});

test.describe('desktop', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('zoomed in past the row ends, row names are pinned to both edges of the map, on their rows', async ({
    page,
  }) => {
    await openSeatMap(page, cinemaId, 'lang=en');
    const map = (await page.getByTestId('seatmap-viewport').boundingBox())!;
    // As close as the map goes (or three map-widths of venue across the view), centred on the venue: the rows run
    // off both edges. (setView centres for the asked scale; the camera clamps to the zoom limit, so centre again.)
    await page.evaluate((mapWidth) => {
      const h = window.__seatmap!;
      const b = h.planBounds();
      const cx = (b.minX + b.maxX) / 2;
      const cy = (b.minY + b.maxY) / 2;
      h.setView((3 * mapWidth) / ((b.maxX - b.minX) * h.fitScale()), cx, cy);
      h.setView(h.scale() / h.fitScale(), cx, cy);
      h.flush();
    }, map.width);
    const all = await labels(page);
    const pinned = all.filter((l) => l.kind === 'rowPinned');
    const left = pinned.filter((l) => l.x < map.x + map.width / 2);
    const right = pinned.filter((l) => l.x > map.x + map.width / 2);
    expect(left.length, 'row names pinned at the left edge').toBeGreaterThan(2);
    expect(right.map((l) => l.text).sort()).toEqual(left.map((l) => l.text).sort());
    for (const l of left) expect(l.x - map.x).toBeLessThan(40);
    for (const l of right) expect(map.x + map.width - l.x).toBeLessThan(40);
    // A person sees them: the name sits on a light plate drawn over the seats at the edge.
    for (const l of [left[0]!, right[0]!]) {
      const pixel = await page.evaluate((label) => {
        const canvas = document.querySelector<HTMLCanvasElement>('.seatmap__canvas canvas')!;
        const r = canvas.getBoundingClientRect();
        const ratio = canvas.width / r.width;
        // Beside the text, inside the plate.
        const x = label.x - label.text.length * label.px * 0.3 - label.px * 0.2;
        const d = canvas
          .getContext('2d')!
          .getImageData(Math.round((x - r.left) * ratio), Math.round((label.y - r.top) * ratio), 1, 1).data;
        return [d[0]!, d[1]!, d[2]!, d[3]!];
      }, l);
      expect(pixel[3], 'the plate is drawn').toBeGreaterThan(200);
      expect(Math.min(pixel[0]!, pixel[1]!, pixel[2]!), `light plate under row ${l.text}`).toBeGreaterThan(180);
    }
    expect(overlapping(pinned), 'pinned row names never overlap').toBeNull();
  });

  test('zoomed in to read seat numbers, a seat with a feature glyph still shows its number', async ({ page }) => {
    await openSeatMap(page, cinemaId, 'lang=en');
    const seats = await page.evaluate(() => window.__seatmap!.featureSeats());
    expect(seats.length, 'the demo hall has feature seats').toBeGreaterThan(0);
    const seat = seats[0]!;
    // Seats 28 px across (numbers are drawn from 18 px), centred on that seat.
    await page.evaluate((s) => {
      const h = window.__seatmap!;
      const p = h.seatPlanPosition(s.sectionId, s.x, s.y)!;
      h.setView((28 / h.seatPx()) * (h.scale() / h.fitScale()), p.x, p.y);
      h.flush();
    }, seat);
    const at = (await page.evaluate((s) => window.__seatmap!.seatScreenPosition(s.sectionId, s.x, s.y), seat))!;
    const numbers = (await labels(page)).filter((l) => l.kind === 'seatNumber');
    const mine = numbers.find((l) => Math.abs(l.x - at.x) < 2 && Math.abs(l.y - at.y) < 2);
    expect(mine?.text, 'the feature seat shows its number').toBe(seat.name);
  });

  test('row names never run together, at any zoom', async ({ page }) => {
    await openSeatMap(page, cinemaId, 'lang=en');
    for (const relative of [1, 1.5, 2, 3, 5, 8]) {
      await page.evaluate((r) => {
        window.__seatmap!.setView(r);
        window.__seatmap!.flush();
      }, relative);
      const rows = (await labels(page)).filter((l) => l.kind === 'row' || l.kind === 'rowPinned');
      expect(overlapping(rows), `row names overlap at ${relative}x`).toBeNull();
    }
  });
});

test.describe('big plan', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('seen whole, every section wide enough for a name is named, all in one size and one form', async ({
    page,
    request,
  }) => {
    const arena = await findPresentation(request, 'The Summer Concert');
    await openSeatMap(page, arena.id, 'lang=en');
    // Seats as specks (under 4 px), as on a big plan seen whole: names sit inside their sections.
    const seatPx = await page.evaluate(() => window.__seatmap!.seatPx());
    if (seatPx >= 4)
      await page.evaluate((k) => {
        window.__seatmap!.setView(k);
        window.__seatmap!.flush();
      }, 3.5 / seatPx);
    const names = (await labels(page)).filter((l) => l.kind === 'section' || l.kind === 'sectionSoldOut');
    expect(names.length).toBeGreaterThan(3);
    expect(new Set(names.map((l) => l.px)).size, 'one size').toBe(1);
    const sections = await page.evaluate(() => window.__seatmap!.sectionsOnScreen());
    const wide = sections.filter((x) => x.reserved && x.onScreen && x.right - x.left >= 60);
    expect(wide.length).toBeGreaterThan(3);
    const forms = new Set<string>();
    for (const sec of wide) {
      const mine = names.filter(
        (l) => l.x >= sec.left && l.x <= sec.right && l.y >= sec.top && l.y <= sec.bottom && sec.name.includes(l.text),
      );
      expect(mine.length, `section ${sec.name} is named`).toBeGreaterThan(0);
      // Which form: the whole name, the name on two lines, or its short (numbered) part.
      forms.add(mine.length === 2 ? 'two lines' : mine[0]!.text === sec.name ? 'full' : 'short');
    }
    expect([...forms], 'one level of shortening for every section').toHaveLength(1);
  });
});

test.describe('sections with nothing left', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('seen whole, a sold-out section keeps its name even where its "Sold out" caption has no room', async ({
    page,
    request,
  }) => {
    // Every other section sold out, as the live feed tells it: on this map 108 and 120 lost their names to the
    // caption that did not fit under them.
    const arena = await findPresentation(request, 'The Summer Concert');
    const status = await request.get(`/api/seats/seats-status?presentationId=${arena.id}`, {
      headers: { uuid: crypto.randomUUID() },
    });
    const seats = ((await status.json()) as { seats: number[][] }).seats;
    await openSeatMap(page, arena.id, 'lang=en');
    const ids = [...new Set(seats.map((r) => r[0]!))];
    const soldOut = new Set(ids.filter((_, i) => i % 2 === 1));
    await page.evaluate(
      ({ pid, rows }) => {
        const h = window.__seatmap!;
        const v = h.version();
        h.applyDelta({ presentationId: pid, fromVersion: v, toVersion: v + 1, rows: rows as never });
        h.flush();
      },
      { pid: arena.id, rows: seats.filter((r) => soldOut.has(r[0]!)).map((r) => [...r.slice(0, 6), 4]) },
    );
    const names = (await labels(page)).filter((l) => l.kind === 'section' || l.kind === 'sectionSoldOut');
    const wide = (await page.evaluate(() => window.__seatmap!.sectionsOnScreen())).filter(
      (x) => x.reserved && x.onScreen && x.right - x.left >= 60,
    );
    expect(wide.length).toBeGreaterThan(10);
    const unnamed = wide.filter(
      (sec) =>
        !names.some(
          (l) =>
            l.x >= sec.left && l.x <= sec.right && l.y >= sec.top && l.y <= sec.bottom && sec.name.includes(l.text),
        ),
    );
    expect(unnamed.map((x) => x.name)).toEqual([]);
    expect(names.filter((l) => l.kind === 'sectionSoldOut').length, 'sold-out names are drawn grey').toBeGreaterThan(5);
  });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 1 });
  // The seat picked below is given back, so a repeat (or a later spec) finds the same seat free.
  test.afterEach(async ({ page }) => {
    await page.evaluate(() => window.__seatmap?.releaseAll());
  });

  test('the bottom bar never hides the last rows: the whole-venue view keeps them above it', async ({ page }) => {
    await openSeatMap(page, cinemaId, 'lang=en');
    await page.evaluate(() => window.scrollTo(0, 0));
    // Pick a seat (zoomed in on it, so a tap picks, not zooms): the bar appears.
    const seat = (await page.evaluate(() => window.__seatmap!.findSeat(1))) as SeatRef;
    await page.evaluate((s) => {
      const h = window.__seatmap!;
      const at = h.seatPlanPosition(s.sectionId, s.x, s.y)!;
      h.setView(3, at.x, at.y);
      h.flush();
    }, seat);
    const p = (await page.evaluate((s) => window.__seatmap!.seatScreenPosition(s.sectionId, s.x, s.y), seat))!;
    await page.touchscreen.tap(p.x, p.y);
    const bar = page.getByTestId('seatmap-mobilebar');
    await expect(bar).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.__seatmap!.bottomInset())).toBeGreaterThan(0);
    // Back to the whole venue: its last row ends above the bar.
    await page.getByRole('button', { name: 'Show the whole venue' }).click();
    // Once the move has settled: the last row's bottom edge is above the bar's top (both measured at the same time,
    // the page may have scrolled), and the whole venue width is still in view.
    const fits = () =>
      page.evaluate(() => {
        const bar = document.querySelector('[data-testid="seatmap-mobilebar"]')!.getBoundingClientRect();
        const map = document.querySelector('[data-testid="seatmap-viewport"]')!.getBoundingClientRect();
        const seats = window.__seatmap!.seatsOnPage();
        return {
          aboveBar: seats.bottom < bar.top,
          wholeWidth: seats.left >= map.left - 1 && seats.right <= map.right + 1,
        };
      });
    await expect.poll(fits, { timeout: 5000 }).toEqual({ aboveBar: true, wholeWidth: true });
  });
});

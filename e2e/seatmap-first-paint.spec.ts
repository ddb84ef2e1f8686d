import { expect, test, type Page } from '@playwright/test';
import { axeFor } from './axe.support';
import { findPresentation } from './seatmap-support';

/**
 * The first-paint picture (client/src/first-paint/): the order page draws its seats from the seat map's data before
 * the seat map's own code has run, and the map replaces the picture when it draws. Here the seat map's chunk is held
 * back: the seats must be on screen without it (so the picture owes nothing to React's map, Konva or that chunk),
 * the page stays axe-clean meanwhile, and once the chunk is let through the map's first frame leaves one set of
 * canvases (Konva's) and no picture, each answer downloaded once (the preloads of the SPA fallback included).
 * The picture's code is in the entry chunk (a chunk of its own cost the order page a round trip, decision 036): every
 * other script but the status worker is held until the seats are drawn, React's app chunks included. While the
 * picture covers the window a screen reader hears a status (in Hebrew here) that goes when the map takes over.
 */
const SEATMAP_CHUNK = /\/assets\/seatmap-[^/]*\.js$/;
const SCRIPT = /\/assets\/[^/]*\.js$/;
// The entry, the bundler's runtime it imports, and the worker it starts to parse the statuses.
const ENTRY_FILES = /\/assets\/(index|rolldown-runtime|status-worker)-[^/]*\.js$/;
const LOADING = 'טוענים את מפת המושבים…';

/** Pixels of the picture's canvas that are neither its background nor transparent (seats, floors, the stage). */
async function picturePixels(page: Page): Promise<{ painted: number; colours: number }> {
  return page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('canvas[data-testid="first-paint"], .first-paint canvas');
    if (!canvas || canvas.width === 0) return { painted: 0, colours: 0 };
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    const background = `${data[0]},${data[1]},${data[2]}`;
    const colours = new Set<string>();
    let painted = 0;
    for (let k = 0; k < data.length; k += 4 * 7) {
      const rgb = `${data[k]},${data[k + 1]},${data[k + 2]}`;
      if (data[k + 3] === 0 || rgb === background) continue;
      painted++;
      colours.add(rgb);
    }
    return { painted, colours: colours.size };
  });
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 2560, height: 1440 },
]) {
  test(`the seats are drawn before the seat map's code runs, and the map replaces them (${viewport.width} px, he)`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(viewport);
    const p = await findPresentation(request, 'Desert Light');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let chunkAsked = false;
    await page.route(SEATMAP_CHUNK, async (route) => {
      chunkAsked = true;
      await held;
      await route.continue();
    });
    // Every other script (React, the router, the app's code, the order page's) waits until the picture is drawn: the
    // entry alone draws it. Routes registered later are matched first: the seat map's chunk keeps its own hold.
    let releaseApp!: () => void;
    const appHeld = new Promise<void>((resolve) => (releaseApp = resolve));
    const heldScripts = new Set<string>();
    await page.route(SCRIPT, async (route) => {
      if (!ENTRY_FILES.test(route.request().url())) {
        heldScripts.add(new URL(route.request().url()).pathname);
        await appHeld;
      }
      await route.fallback();
    });
    // The anonymous requests the picture and the map draw from (the booking steps' catalogue asks the ticket groups
    // again later with the visitor's id, as before; that one is its own).
    const asked = new Map<string, number>();
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (/\/seatplan$|\/seats-status$|\/ticketGroups$/.test(url.pathname) && !r.headers().uuid)
        asked.set(url.pathname + url.search, (asked.get(url.pathname + url.search) ?? 0) + 1);
    });

    // Once the document's headers are in (its load waits for the held scripts).
    const served = await page.goto(`/order/${p.id}?test&lang=he`, { waitUntil: 'commit' });
    // The SPA fallback preloads the plan, ticket groups and statuses with the page (server/src/common/order-page-preload.ts),
    // and no code: the picture's is in the entry, which index.html names.
    expect(served!.headers().link).toContain(`/api/presentations/${p.id}/seatplan?format=columnar&lang=he`);
    expect(served!.headers().link).not.toContain('modulepreload');
    // The picture is on screen with seats in it while every script but the entry's is still held.
    await expect.poll(async () => (await picturePixels(page)).painted, { timeout: 20_000 }).toBeGreaterThan(50);
    expect(
      [...heldScripts].some((f) => /\/assets\/app-[^/]*\.js$/.test(f)),
      `React's app chunk was asked for and held (${[...heldScripts].join(', ')})`,
    ).toBe(true);
    // The rest of the page's code through, but the seat map's chunk: React lays the page out under the picture.
    releaseApp();
    await expect.poll(() => chunkAsked, { message: 'the page asked for the seat map chunk (held back)' }).toBe(true);
    await expect(page.locator('#root main')).toHaveCount(1);
    expect(await page.locator('.konvajs-content').count(), "the map's own canvas is not there yet").toBe(0);
    // Seats of more than one colour: available by price zone, taken in grey, on the floors' colour.
    expect((await picturePixels(page)).colours).toBeGreaterThan(1);
    // A picture only: out of the accessibility tree, nothing to focus; the page stays axe-clean.
    const picture = page.locator('[data-testid="first-paint"]').first();
    await expect(picture).toHaveAttribute('aria-hidden', 'true');
    // Over the window nothing under it can be reached: it takes taps itself, and the page under it is inert.
    const box = (await picture.boundingBox())!;
    expect(
      await page.evaluate(
        ([x, y]) => document.elementFromPoint(x!, y!)?.closest('[data-testid="first-paint"]') !== null,
        [box.x + box.width / 2, box.y + 20],
      ),
    ).toBe(true);
    expect(await page.evaluate(() => document.getElementById('root')!.inert)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    // The status a screen reader reads while the page is inert under the picture: outside the page, in Hebrew.
    const status = page.getByRole('status').filter({ hasText: LOADING });
    await expect(status).toHaveCount(1);
    expect(await status.evaluate((el) => el.closest('[inert]') === null && el.closest('[aria-hidden]') === null)).toBe(
      true,
    );
    const results = await axeFor(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    release();
    await page.waitForFunction(() => window.__seatmap?.ready() === true, null, { timeout: 30_000 });
    await page.evaluate(() => window.__seatmap!.firstFrame());
    // One set of canvases: Konva's, in the map's frame; the picture is gone.
    expect(await page.locator('[data-testid="first-paint"]').count()).toBe(0);
    expect(await page.evaluate(() => document.getElementById('root')!.inert)).toBe(false);
    await expect(page.getByTestId('first-paint-status')).toHaveCount(0);
    const canvases = await page.evaluate(() => ({
      all: document.querySelectorAll('canvas').length,
      konva: document.querySelectorAll('.seatmap__canvas .konvajs-content canvas').length,
    }));
    expect(canvases.konva).toBeGreaterThan(0);
    expect(canvases.all).toBe(canvases.konva);
    // Every answer the picture and the map drew from was downloaded once.
    expect(
      [...asked.values()].every((n) => n === 1),
      JSON.stringify([...asked]),
    ).toBe(true);
    expect(asked.size).toBe(3);
  });
}

import { expect, test } from '@playwright/test';
import { axeFor } from './axe.support';
import { findPresentation, framesDrawn, openSeatMap } from './seatmap-support';

/**
 * The plan's decor on the storefront's map: the demo theatre (The Dybbuk) has a stage at the top and a sound desk
 * behind the balcony (seatmaps/src/generators/theatre.ts). The canvas is hidden from screen readers, so where the
 * stage is is said in the map's description; the sound desk is read from the canvas's pixels at its place, in a
 * right-to-left and a left-to-right page. The floor-plan image (a designer's tracing aid) never reaches buyers: the
 * plan the page loads has no such field.
 */
const SOUND_DESK = { fill: [0xe5, 0xe7, 0xeb], inside: { x: 1600, y: 2480 } };

const CASES = [
  { lang: 'he', dir: 'rtl', stage: 'במה: בראש המפה.' },
  { lang: 'en', dir: 'ltr', stage: 'Stage: at the top of the map.' },
] as const;

let theatreId: number;
test.beforeAll(async ({ request }) => {
  theatreId = (await findPresentation(request, 'The Dybbuk')).id;
});

for (const c of CASES) {
  test(`${c.lang}: the theatre's map says where the stage is and draws its decor under the seats`, async ({ page }) => {
    const plans: string[] = [];
    page.on('response', (r) => {
      // The order page asks for the plan by presentation; other callers by venue and plan: the same document.
      if (/\/api\/(seats|presentations\/\d+)\/seatplan/.test(r.url())) plans.push(r.url());
    });
    await openSeatMap(page, theatreId, `lang=${c.lang}`);
    await expect(page.locator('html')).toHaveAttribute('dir', c.dir);

    const grid = page.locator('.seatmap-grid');
    await expect(grid).toHaveAccessibleDescription(new RegExp(c.stage.replace('.', '\\.')));
    await expect(page.getByTestId('seatmap-stage-words')).toHaveText(c.stage);

    // The sound desk's fill, a little way in from its corner (its label is in the middle), at the whole-venue view.
    await framesDrawn(page);
    const pixel = await page.evaluate(({ x, y }) => {
      const hook = window.__seatmap!;
      hook.flush();
      const p = hook.planPointOnPage(x, y)!;
      const canvas = document.querySelector<HTMLCanvasElement>('.seatmap__canvas canvas')!;
      const r = canvas.getBoundingClientRect();
      const ratio = canvas.width / r.width;
      const data = canvas
        .getContext('2d')!
        .getImageData(Math.round((p.x - r.left) * ratio), Math.round((p.y - r.top) * ratio), 1, 1).data;
      return Array.from(data);
    }, SOUND_DESK.inside);
    expect(pixel[3], 'the sound desk is painted').toBe(255);
    pixel.slice(0, 3).forEach((v, k) => expect(Math.abs(v - SOUND_DESK.fill[k]!)).toBeLessThanOrEqual(3));

    // What the page loaded is the plan buyers get: decor without the designer's floor plan.
    expect(plans.length).toBeGreaterThan(0);
    const plan = await page.request.get(plans[0]!);
    const text = await plan.text();
    expect(text).toContain('"Decor"');
    expect(text).not.toContain('background');

    const results = await axeFor(page)
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
      .analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)).toEqual([]);
  });
}

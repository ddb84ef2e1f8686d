import { expect, test, type APIRequestContext } from '@playwright/test';
import { findPresentations } from './booking-flow.support';
import { buyOneSeat } from './customer-area.support';
import { findPresentation, openSeatMap } from './seatmap-support';

/**
 * Russian and Arabic: the words the seat map draws and lists (the cinema's screen label, its section name,
 * its price groups) and the e-ticket's names come in the visitor's language, not in Hebrew or English. The map draws
 * on a canvas: the labels are read from the test hook's record of what was drawn, the section name from the
 * accessible grid that mirrors the map.
 */
const CASES = [
  {
    lang: 'ru',
    screen: 'Экран',
    hall: 'Зал',
    group: 'Стандарт',
    feature: 'Свет в пустыне',
    ticket: 'Обычный',
    venue: 'Кинотеатр «Адар»',
  },
  {
    lang: 'ar',
    screen: 'الشاشة',
    hall: 'القاعة',
    group: 'عادي',
    feature: 'نور في الصحراء',
    ticket: 'عادية',
    venue: 'سينما هدار',
  },
] as const;

/**
 * One seat bought on the LAST Desert Light show in the cinema that still has a free row: earlier specs of the full
 * suite fill the first shows, and this test is about names, not about which show.
 */
async function buyDesertLightSeat(request: APIRequestContext): Promise<{ documentKey: string }> {
  const shows = await findPresentations(
    request,
    (p) => p.featureNameEn === 'Desert Light' && /Cinema/.test(p.venueNameEn),
  );
  for (const p of shows.reverse()) {
    const bought = await buyOneSeat(request, p.id, { mobile: '0521234567' }).catch((error: Error) => {
      if (/no free row/.test(error.message)) return null;
      throw error;
    });
    if (bought) return bought;
  }
  throw new Error('no Desert Light show in the cinema has a free row');
}

let cinemaId: number;
test.beforeAll(async ({ request }) => {
  cinemaId = (await findPresentation(request, 'Desert Light', /Cinema/)).id;
});

for (const c of CASES) {
  test(`${c.lang}: the seat map's screen label, section name and price groups are in ${c.lang}`, async ({ page }) => {
    await openSeatMap(page, cinemaId, `lang=${c.lang}`);
    const labels = await page.evaluate(() => window.__seatmap!.labels());
    const stage = labels.filter((l) => l.kind === 'stage' || l.kind === 'stageInside').map((l) => l.text);
    expect(stage).toEqual([c.screen]);
    await expect(page.getByRole('grid')).toHaveAttribute('aria-label', new RegExp(`: ${c.hall}$`));
    const sections = await page.evaluate(() => window.__seatmap!.sectionsOnScreen().map((s) => s.name));
    expect(sections).toEqual([c.hall]);
    await expect(page.locator('.seatmap-legend__name').first()).toHaveText(c.group);
  });

  test(`${c.lang}: the e-ticket names the show, venue, section and ticket type in ${c.lang}`, async ({
    page,
    request,
  }) => {
    const { documentKey } = await buyDesertLightSeat(request);
    await page.goto(`/edocument/${documentKey}?lang=${c.lang}`);
    const ticket = page.getByTestId('eticket').first();
    await expect(ticket).toBeVisible({ timeout: 15_000 });
    await expect(ticket.locator('.eticket__title')).toHaveText(c.feature);
    await expect(ticket).toContainText(c.venue);
    await expect(ticket).toContainText(c.hall);
    await expect(ticket).toContainText(c.ticket);
  });
}

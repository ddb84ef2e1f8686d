import { expect, test } from '@playwright/test';
import { buyOneSeat } from './customer-area.support';
import { findPresentation, openSeatMap } from './seatmap-support';

/**
 * Issue 8, Russian and Arabic: the words the seat map draws and lists (the cinema's screen label, its section name,
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
    const { documentKey } = await buyOneSeat(request, cinemaId, { mobile: '0521234567' });
    await page.goto(`/edocument/${documentKey}?lang=${c.lang}`);
    const ticket = page.getByTestId('eticket').first();
    await expect(ticket).toBeVisible({ timeout: 15_000 });
    await expect(ticket.locator('.eticket__title')).toHaveText(c.feature);
    await expect(ticket).toContainText(c.venue);
    await expect(ticket).toContainText(c.hall);
    await expect(ticket).toContainText(c.ticket);
  });
}

import { expect, test, type Page } from '@playwright/test';
import { availableSeat, clickSeat, findPresentation, openSeatMap } from './seatmap-support';

/**
 * Prices and availability up front: the section overview tells the price range and the seats left, and
 * every price on the map is all-in (per-ticket fee included), equal to the per-ticket total at checkout.
 */
const shekels = (text: string | null): number => {
  const m = (text ?? '').replace(/,/g, '').match(/\d+(?:\.\d+)?/);
  expect(m, `a price in ${JSON.stringify(text)}`).not.toBeNull();
  return Number(m![0]);
};

test('zoomed out, hovering a section shows its price range and the seats left', async ({ page, request }) => {
  const arena = await findPresentation(request, 'The Summer Concert');
  await openSeatMap(page, arena.id, 'lang=en');
  const section = await page.evaluate(() => window.__seatmap!.reservedSectionOnScreen());
  expect(section, 'a reserved section on screen').not.toBeNull();
  await page.mouse.move(section!.x, section!.y);
  const card = page.getByTestId('section-card');
  await expect(card).toBeVisible();
  await expect(card).toContainText(section!.name);
  // ₪a – ₪b (or one price when the section has one price category).
  await expect(card.getByTestId('section-card-prices')).toHaveText(/₪\s?\d+(\.\d+)?(\s–\s₪\s?\d+(\.\d+)?)?/);
  await expect(card.getByTestId('section-card-left')).toHaveText(`${section!.available} seats left`);
});

async function mapPriceOfFirstSelectedSeat(page: Page): Promise<number> {
  const price = page.getByTestId('selected-seats').locator('.seatmap-summary__price').first();
  await expect(price).toHaveText(/\d/);
  return shekels(await price.textContent());
}

test('the all-in price on the map equals the per-ticket total at checkout (price + per-ticket fee)', async ({
  page,
  request,
}) => {
  const cinema = await findPresentation(request, 'Desert Light');
  await openSeatMap(page, cinema.id, 'lang=en');
  const seat = await availableSeat(page);
  // The seat card (hover) shows the same all-in price as the panel after selecting.
  await clickSeat(page, seat);
  await expect(page.getByTestId('order-timer')).toBeVisible({ timeout: 15_000 });
  const onMap = await mapPriceOfFirstSelectedSeat(page);
  await expect(page.getByTestId('legend-all-in')).toBeVisible();

  await page.getByRole('button', { name: 'Continue' }).first().click();
  await expect(page).toHaveURL(/step=tickets/);
  const line = page.getByTestId('seat-line').first();
  await expect(line).toBeVisible();
  const amount = shekels(await line.locator('.seat-line__amount').textContent());
  const feeText = (await line.locator('.seat-line__fee').count())
    ? await line.locator('.seat-line__fee').textContent()
    : '0';
  const fee = shekels(feeText);
  expect(fee, 'the demo cinema tickets carry a per-ticket fee').toBeGreaterThan(0);
  expect(onMap).toBeCloseTo(amount + fee, 2);
});

test('the accessible-seats filter rings the free wheelchair and companion seats and says how many', async ({
  page,
  request,
}) => {
  const cinema = await findPresentation(request, 'Desert Light');
  await openSeatMap(page, cinema.id, 'lang=en');
  const expected = await page.evaluate(() => {
    const hook = window.__seatmap!;
    return hook.accessibleFree();
  });
  expect(expected, 'the demo cinema has free wheelchair / companion seats').toBeGreaterThan(0);
  await page.getByTestId('filter-accessible').check();
  await expect(page.getByTestId('filter-count')).toHaveText(
    `${expected} free seat${expected === 1 ? '' : 's'} marked on the map`,
  );
  await page.getByTestId('filter-accessible').uncheck();
  await expect(page.getByTestId('filter-count')).toHaveText('');
});

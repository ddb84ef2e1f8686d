import { expect, test } from '@playwright/test';
import type { PresentationsResponse, TicketGroupsResponse } from '@hotline/shared';
import { findPresentation, openSeatMap } from './seatmap-support';

/**
 * Prices and availability up front: the order-level handling fee is said on the seat step, before the
 * buyer leaves the map; the catalogue marks "last seats" and sold-out presentations as the server says
 * (server/test/catalogue-availability.medium.ts covers how the server decides).
 */

test('the seat step says whether an order handling fee is added, and how much', async ({ page, request }) => {
  const show = await findPresentation(request, 'Desert Light');
  await openSeatMap(page, show.id, 'lang=en');
  // The demo configures none, and says so.
  await expect(page.getByTestId('handling-fee-note')).toHaveText('No handling fee is added to the order.');

  // A deployment with a fixed fee per order: the same words the totals will use, before Continue.
  await page.route(/\/api\/presentations\/\d+\/ticketGroups/, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as TicketGroupsResponse;
    body.serviceCharge = { name: 'handling fee', amountPerOrder: 5, percentRatePerOrder: null };
    await route.fulfill({ response, json: body });
  });
  await openSeatMap(page, show.id, 'lang=en');
  await expect(page.getByTestId('handling-fee-note')).toHaveText('Plus a handling fee of ₪5.00 per order.');
  await openSeatMap(page, show.id, 'lang=he');
  await expect(page.getByTestId('handling-fee-note')).toContainText('דמי טיפול');
});

test('the catalogue marks last seats and sold-out presentations the server marked', async ({ page }) => {
  let last: number | null = null;
  let gone: number | null = null;
  await page.route(/\/api\/presentations\/\?/, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as PresentationsResponse;
    const onSale = body.presentations.filter((p) => !p.soldout && Date.parse(p.dateTime) > Date.now());
    last = onSale[0]!.id;
    gone = onSale[1]!.id;
    for (const p of body.presentations) {
      if (p.id === last) p.availability = 'lastSeats';
      if (p.id === gone) p.availability = 'soldOut';
    }
    await route.fulfill({ response, json: body });
  });
  await page.goto('/booking?lang=en');
  await expect(page.locator('article.feature-card').first()).toBeVisible({ timeout: 15_000 });
  const lastLink = page.locator(`a[data-presentation-id="${last}"]`);
  await expect(lastLink).toContainText('Last seats');
  await expect(lastLink).toHaveAccessibleName(/: last seats, choose seats$/);
  // Sold out: not a link, said in words.
  await expect(page.locator(`a[data-presentation-id="${gone}"]`)).toHaveCount(0);
  await expect(page.getByText(/: sold out$/).first()).toBeAttached();
});

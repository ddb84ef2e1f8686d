import { expect, test } from '@playwright/test';
import type { RestoreCartResponse } from '@hotline/shared';
import { holdPlainReservedSeats, saveHeldCart, seatStatus, visitorIdOf } from './booking-flow.support';

/**
 * The order timer's real client path: it counts down each second from the
 * server's lock expiry, and at zero releases the seats (unlock on the server)
 * and shows the hold-expired page ("your seats were released", start again).
 *
 * The page's clock is Playwright's fake clock, so fifteen minutes pass in a
 * moment (the server's timer answers are shifted to match). The server's locks
 * keep their real TTL (LOCK_TTL_SECONDS, 900 s by default), so that the seats
 * are free right after the hold-expired page shows the CLIENT released them. The server's own expiry (sweeper, lock TTL) is covered by the
 * seat engine's tests; an end-to-end run of it would need a server started with
 * a short LOCK_TTL_SECONDS.
 */
test.describe('order timer', () => {
  test.setTimeout(90_000);

  test('counts down each second; at zero the seats are released and a page says so, with a way to start again', async ({
    page,
    request,
  }) => {
    await page.clock.install();
    await page.goto('/booking');
    const uuid = await visitorIdOf(page);
    const held = await holdPlainReservedSeats(request, uuid, 2);
    const resId = await saveHeldCart(request, uuid, held);

    await page.goto(`/cart/${resId}`);
    const timer = page.getByRole('timer');
    await expect(timer).toHaveText(/^1[0-4]:\d{2}$/);
    await expect(timer).toHaveAccessibleName(/^המקומות שמורים עבורכם עוד \d+ דקות ו־\d+ שניות$/);
    const first = await timer.innerText();
    await page.clock.runFor(3_000);
    await expect(timer).not.toHaveText(first);
    for (const seat of held) expect(await seatStatus(request, seat)).not.toBe(1);

    // The timer is on every step: also on the customer-details page.
    await page.getByRole('button', { name: 'המשך לפרטים האישיים' }).click();
    await expect(page).toHaveURL(/\/booking\/checkout$/);
    await expect(page.getByRole('timer')).toBeVisible();

    // Fifteen minutes pass for the page; the server's timer answers are shifted by the same
    // fifteen minutes, as its real clock would be by then (its locks keep their real TTL).
    await page.route('**/api/presentations/timer/**', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { timer: Record<string, { timeInSeconds: number }> };
      for (const entry of Object.values(body.timer)) entry.timeInSeconds = Math.max(0, entry.timeInSeconds - 900);
      await route.fulfill({ response, json: body });
    });
    await page.clock.fastForward('15:00');
    // Not a silent jump to the catalogue: a page that says the seats were released, with a way to start again.
    await expect(page).toHaveURL(/\/booking\/hold-expired\?show=\d+$/, { timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'המקומות שלכם שוחררו' })).toBeFocused();
    await expect(page.getByTestId('hold-expired')).toContainText('לא בוצע חיוב');
    await expect(page.getByRole('link', { name: 'בחירת מקומות מחדש' })).toHaveAttribute(
      'href',
      `/order/${held[0]!.presentation.id}`,
    );
    for (const seat of held) await expect.poll(() => seatStatus(request, seat), { timeout: 10_000 }).toBe(1);

    // The saved cart no longer holds them either.
    const saved = await request.get(`/api/reservations/${resId}`, { headers: { uuid } });
    expect(((await saved.json()) as RestoreCartResponse).cart.seats).toEqual([]);
  });
});

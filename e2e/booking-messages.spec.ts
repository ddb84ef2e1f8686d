import { expect, test, type Page } from '@playwright/test';
import {
  holdPlainReservedSeats,
  payWithCard,
  saveHeldCart,
  presetVisitorId,
  type HeldSeat,
} from './booking-flow.support';
import { availableSeat, clickSeat, findPresentation as findShow, openSeatMap } from './seatmap-support';

/**
 * Honest messages: offline explained in the visitor's language and never the browser's offline page in
 * the payment dialog, a timeout whose words agree with the button, the coupon box without a real code, the terms
 * box linking real translated policies, no raw "Failed to fetch", and a confirmation that names what was bought.
 */

/** Seats held through the API with the page's uuid, saved as its cart, and the details form filled in, in English. */
async function toPaymentInEnglish(
  page: Page,
  request: Parameters<typeof holdPlainReservedSeats>[0],
): Promise<HeldSeat[]> {
  const uuid = await presetVisitorId(page);
  const held = await holdPlainReservedSeats(request, uuid, 2);
  const resId = await saveHeldCart(request, uuid, held);
  await page.goto(`/cart/${resId}?lang=en`);
  await expect(page.getByTestId('seat-line')).toHaveCount(2);

  // The coupon box shows no example code: an example would be read as a real code (HOTLINE10 is one).
  const coupon = page.getByRole('textbox', { name: 'Coupon or voucher code' });
  await expect(coupon).toBeVisible();
  expect(await coupon.getAttribute('placeholder')).toBeNull();

  await page.getByRole('button', { name: 'Continue to your details' }).click();
  await expect(page).toHaveURL(/\/booking\/checkout$/);
  await page.getByRole('textbox', { name: 'First name', exact: true }).fill('Noa');
  await page.getByRole('textbox', { name: 'Last name', exact: true }).fill('Levi');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('noa@example.com');
  await page.getByRole('textbox', { name: 'Mobile phone', exact: true }).fill('052-7654321');
  await page.getByRole('textbox', { name: 'Confirm mobile phone', exact: true }).fill('0527654321');

  // The terms box links the terms and the cancellation policy, each opening in a new tab (the form is kept).
  const terms = page.getByRole('link', { name: 'terms of use (opens in a new tab)' });
  const policy = page.getByRole('link', { name: 'cancellation policy (opens in a new tab)' });
  await expect(terms).toHaveAttribute('href', '/booking/terms');
  await expect(policy).toHaveAttribute('href', '/booking/cancellation-policy');
  await expect(terms).toHaveAttribute('target', '_blank');
  await page.getByRole('checkbox', { name: /^I have read and accept the terms of use/ }).check();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/booking\/checkout\/payment$/);
  return held;
}

test.describe('honest messages in the booking flow', () => {
  test.setTimeout(150_000);

  test('offline is explained and the card dialog never frames the offline page; a timeout agrees with its button; the confirmation names the show', async ({
    page,
    context,
    request,
  }) => {
    const held = await toPaymentInEnglish(page, request);
    const p = held[0]!.presentation;
    const due = (await page.getByTestId('pay-total').innerText()).trim();
    const failure = page.getByTestId('payment-failure');
    const status = page.getByTestId('connection-status');

    // Offline: said at once, in English, and the card page is not opened at all.
    await context.setOffline(true);
    await expect(status).toContainText('You are offline.');
    await page.getByRole('button', { name: `Pay ${due}` }).click();
    await expect(failure).toContainText(
      'You are offline, so the secure payment page cannot open. Nothing was charged.',
    );
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await context.setOffline(false);
    await expect(status).toContainText('You are back online.');

    // Online: the card page opens. The connection drops while it is open: our message, not the browser's page.
    await page.getByRole('button', { name: `Try paying ${due} again` }).click();
    const dialog = page.getByRole('dialog', { name: 'Secure card payment' });
    await expect(dialog).toBeVisible({ timeout: 15_000 });
    await expect(dialog.locator('iframe')).toHaveCount(1);
    await context.setOffline(true);
    await expect(dialog.getByTestId('payment-offline')).toHaveText(
      'The connection dropped. Nothing was charged. The payment form opens again by itself when you are back online.',
    );
    await expect(dialog.locator('iframe')).toHaveCount(0);
    await context.setOffline(false);
    await expect(dialog.locator('iframe')).toHaveCount(1);
    await expect(dialog.getByTestId('payment-offline')).toHaveCount(0);

    // The gateway times out: the words say "try again" and so does the button (not "refresh the page").
    await test.step('the gateway times out', async () => {
      await payWithCard(page, '4000000000000119');
      await expect(failure).toContainText('The card company did not answer in time. You were not charged.', {
        timeout: 30_000,
      });
    });
    await expect(failure).toContainText(
      'Your seats are still held. You can try again, with the same card or another one.',
    );
    await expect(failure).not.toContainText(/refresh/i);
    await expect(failure).not.toContainText(/[A-Z]+_[A-Z]+/);
    await page.getByRole('button', { name: `Try paying ${due} again` }).click();
    await expect(dialog).toBeVisible({ timeout: 15_000 });
    await payWithCard(page, '4580000000000000');

    // The confirmation: show, date, venue, seats and total.
    const confirmation = page.getByTestId('confirmation');
    await expect(confirmation).toBeVisible({ timeout: 30_000 });
    const show = confirmation.getByTestId('confirmation-show');
    await expect(show).toContainText(p.featureNameEn);
    await expect(show).toContainText(p.venueNameEn);
    await expect(show.locator('time')).toHaveAttribute('datetime', p.dateTime);
    for (const h of held) await expect(show).toContainText(`Row ${h.rowName}, seat ${h.seatName}`);
    await expect(confirmation).toContainText('Order total');
    await expect(confirmation).toContainText(due);
    // A reload still shows it all (kept with the order).
    await page.reload();
    await expect(page.getByTestId('confirmation-show')).toContainText(p.featureNameEn);
  });

  test('the seat map: when the hold runs out, a page says the seats were released, with a way to start again', async ({
    page,
    request,
  }) => {
    const show = await findShow(request, 'Desert Light');
    // The server's timer answers say three seconds are left (its locks keep their real TTL).
    await page.route(/\/api\/presentations\/timer\//, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { timer: Record<string, { timeInSeconds: number }> };
      for (const entry of Object.values(body.timer)) entry.timeInSeconds = Math.min(entry.timeInSeconds, 3);
      await route.fulfill({ response, json: body });
    });
    await openSeatMap(page, show.id, 'lang=en');
    await clickSeat(page, await availableSeat(page));
    await expect(page).toHaveURL(new RegExp(`/booking/hold-expired\\?show=${show.id}$`), { timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Your seats were released' })).toBeFocused();
    await expect(page.getByText('Nothing was charged.')).toBeVisible();
    await page.getByRole('link', { name: 'Choose seats again' }).click();
    await expect(page).toHaveURL(new RegExp(`/order/${show.id}$`));
  });

  test('the policies the terms box links exist and are translated', async ({ page }) => {
    for (const [lang, terms, policy] of [
      ['he', 'תנאי השימוש', 'מדיניות הביטולים'],
      ['en', 'Terms of use', 'Cancellation policy'],
      ['ru', 'Условия использования', 'Правила отмены'],
      ['ar', 'شروط الاستخدام', 'سياسة الإلغاء'],
    ] as const) {
      await page.goto(`/booking/terms?lang=${lang}`);
      await expect(page.getByRole('heading', { level: 1, name: terms })).toBeVisible();
      await page.goto(`/booking/cancellation-policy?lang=${lang}`);
      await expect(page.getByRole('heading', { level: 1, name: policy })).toBeVisible();
      await expect(page.getByTestId('not-found')).toHaveCount(0);
    }
  });

  for (const [lang, text] of [
    ['he', 'אין חיבור לאינטרנט.'],
    ['ar', 'أنت غير متصل بالإنترنت.'],
    ['ru', 'Нет подключения к интернету.'],
  ] as const) {
    test(`${lang}: going offline is explained in the visitor's language`, async ({ page, context }) => {
      await page.goto(`/booking?lang=${lang}`);
      await expect(page.locator('article.feature-card').first()).toBeVisible({ timeout: 15_000 });
      await context.setOffline(true);
      await expect(page.getByTestId('connection-status')).toContainText(text);
      await context.setOffline(false);
      await expect(page.getByTestId('connection-status').locator('.connection-status__text--offline')).toHaveCount(0);
    });
  }

  test('a seat lock that gets no answer says so in words, never "Failed to fetch"', async ({ page, request }) => {
    const show = await findShow(request, 'Desert Light');
    await openSeatMap(page, show.id, 'lang=en');
    await page.route(/\/api\/seats\/lock-seat/, (route) => route.abort('internetdisconnected'));
    const seat = await availableSeat(page);
    await clickSeat(page, seat);
    const toast = page.getByTestId('seatmap-toast');
    await expect(toast).toHaveText('We could not reach the server. Check your connection and try again.');
    await expect(toast).not.toContainText(/failed to fetch/i);
    // Toasts never cover the header navigation.
    const nav = (await page.getByRole('navigation', { name: 'Main navigation' }).boundingBox())!;
    const box = (await toast.boundingBox())!;
    const overlaps =
      box.x < nav.x + nav.width &&
      nav.x < box.x + box.width &&
      box.y < nav.y + nav.height &&
      nav.y < box.y + box.height;
    expect(overlaps).toBe(false);
    expect(box.y).toBeGreaterThan(nav.y + nav.height);
  });
});

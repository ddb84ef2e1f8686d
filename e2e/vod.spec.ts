import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import type { ApiPresentation } from '@hotline/shared';
import {
  findPresentation,
  holdGaPlaces,
  payWithCard,
  saveHeldCart,
  visitorIdOf,
  presetVisitorId,
} from './booking-flow.support';
import { expectAxeClean, expectNoHorizontalOverflow, fillDetailsInEnglish } from './vod-wallet.support';
import { reviewShot } from './review-shot.support';

/**
 * Video-on-demand: the watch button in the event list, a purchase that ends in the player (the video
 * really plays), a refusal without ownership, the spec's iOS/Safari message, four languages, 390 and 2560 px.
 */
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

const isVod101 = (p: ApiPresentation) => p.venueTypeId === 101;

/** The <video> has decoded frames (readyState >= HAVE_CURRENT_DATA) or its clock moved. */
async function expectPlaying(page: Page) {
  await expect
    .poll(
      () =>
        page.getByTestId('vod-player').evaluate((v: HTMLVideoElement) => ({
          ready: v.readyState >= 2,
          moved: v.currentTime > 0,
          error: v.error?.code ?? null,
        })),
      { timeout: 20_000 },
    )
    .toMatchObject({ ready: true, error: null });
}

test.describe('video on demand', () => {
  test.setTimeout(150_000);

  test('the event list has a watch button; a purchase ends in the player, which plays', async ({ page, request }) => {
    await page.goto('/booking?lang=en');
    const watch = page.getByTestId('vod-watch');
    await expect(watch.first()).toBeVisible({ timeout: 15_000 });
    await expect(watch.first()).toHaveAccessibleName(/^Watch .* online$/);

    const uuid = await visitorIdOf(page);
    const vod = await findPresentation(request, isVod101);
    const resId = await saveHeldCart(request, uuid, await holdGaPlaces(request, uuid, vod, 1));
    await page.goto(`/cart/${resId}?lang=en`);
    await fillDetailsInEnglish(page, {
      first: 'Yael',
      last: 'Mor',
      email: 'yael.viewer@example.com',
      mobile: '0549876543',
    });
    const due = (await page.getByTestId('pay-total').innerText()).trim();
    await page.getByRole('button', { name: `Pay ${due}` }).click();
    await expect(page.getByRole('dialog', { name: 'Secure card payment' })).toBeVisible({ timeout: 15_000 });
    await payWithCard(page, '4580000000000000');
    await expect(page.getByTestId('confirmation')).toBeVisible({ timeout: 30_000 });
    const reservation = (await page.getByTestId('reservation-identifier').innerText()).trim();

    // "Watch now" opens the VOD page with the order filled in; the buyer proves it with their e-mail.
    await page.getByTestId('vod-watch-now').click();
    await expect(page).toHaveURL(new RegExp(`/vod/${reservation}/${vod.id}`));
    const dialog = page.getByRole('dialog', { name: 'Confirm your purchase' });
    await expect(dialog).toBeVisible({ timeout: 15_000 });
    await expect(dialog.getByRole('textbox', { name: 'Order number' })).toHaveValue(reservation);
    await expectAxeClean(page, 'VOD authentication dialog');
    await dialog.getByRole('textbox', { name: 'E-mail or mobile number' }).fill('YAEL.viewer@example.com');
    await dialog.getByRole('button', { name: 'Watch', exact: true }).click();

    await expect(dialog).toBeHidden({ timeout: 15_000 });
    const video = page.getByTestId('vod-player');
    await expect(video).toBeVisible();
    // The stream URL is signed and short-lived, and carries no personal data.
    const src = (await video.getAttribute('src'))!;
    expect(src).toMatch(/^\/api\/vod\/stream\//);
    expect(src.toLowerCase()).not.toContain('yael');
    expect(src).not.toContain(reservation);
    await expect(page.getByText('Demo stream (simulated)', { exact: false })).toBeVisible();
    await expectPlaying(page);
    await expectAxeClean(page, 'VOD player');

    for (const width of [390, 2560]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 1440 });
      await expectNoHorizontalOverflow(page, `VOD player at ${width}px`);
      const box = await video.boundingBox();
      expect(box!.width).toBeGreaterThan(200);
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
    }
  });

  test('refused without ownership; the dialog in four languages, at 390 and 2560 px', async ({ page, request }) => {
    const vod = await findPresentation(request, isVod101);
    await page.goto(`/vod/${vod.id}?lang=en`);
    const dialog = page.getByRole('dialog', { name: 'Confirm your purchase' });
    await expect(dialog).toBeVisible({ timeout: 15_000 });
    await dialog.getByRole('textbox', { name: 'Order number' }).fill('HL00000000');
    await dialog.getByRole('textbox', { name: 'E-mail or mobile number' }).fill('nobody@example.com');
    await dialog.getByRole('button', { name: 'Watch', exact: true }).click();
    await expect(dialog.getByTestId('vod-error')).toHaveText(/We could not find a purchase of this video/);
    await expect(page.getByTestId('vod-player')).toHaveCount(0);
    await expectAxeClean(page, 'VOD dialog with an error');

    for (const [lang, title, dir] of [
      ['he', 'אימות הרכישה', 'rtl'],
      ['ru', 'Подтвердите покупку', 'ltr'],
      ['ar', 'تأكيد الشراء', 'rtl'],
      ['en', 'Confirm your purchase', 'ltr'],
    ] as const) {
      await page.goto(`/vod/${vod.id}?lang=${lang}`);
      await expect(page.getByRole('dialog', { name: title })).toBeVisible({ timeout: 15_000 });
      await expect(page.locator('html')).toHaveAttribute('dir', dir);
    }
    for (const width of [390, 2560]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 1440 });
      await expectNoHorizontalOverflow(page, `VOD dialog at ${width}px`);
      const box = await page.getByRole('dialog').boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
    }
  });

  test('on iOS or Safari the page says to use Chrome instead of opening the dialog', async ({ browser, request }) => {
    const vod = await findPresentation(request, isVod101);
    const context = await browser.newContext({ userAgent: IPHONE_SAFARI, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    try {
      await page.goto(`/vod/${vod.id}?lang=en`);
      await expect(page.getByTestId('vod-unsupported')).toContainText(
        'Video on demand is not supported on iOS or Safari. Please use Chrome.',
        { timeout: 15_000 },
      );
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expectAxeClean(page, 'VOD on iOS');
      await page.goto(`/vod/${vod.id}?lang=he`);
      await expect(page.getByTestId('vod-unsupported')).toContainText('יש להשתמש ב-Chrome');
    } finally {
      await context.close();
    }
  });
});

/**
 * An online show looks like one from the order page to the e-ticket: no venue map, zoom buttons,
 * standing areas or legend; the order page, confirmation and e-ticket speak of watching at home and the viewing
 * window, with the watch link; he at 390 px, en at 1280 px (the e-ticket also at 2560 px), axe clean.
 */
test.describe('an online show from order page to e-ticket', () => {
  test.setTimeout(150_000);
  const shots = path.resolve(__dirname, '..', '.tmp', 'shots');

  test('the order page has no map, only viewings and the viewing window (he, phone)', async ({ browser, request }) => {
    const vod = await findPresentation(request, isVod101);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    try {
      await page.goto(`/order/${vod.id}?lang=he`);
      await expect(page.getByTestId('order-online')).toHaveText('מקוון: צפייה מהבית');
      await expect(page.getByTestId('order-online-intro')).toContainText('אין מקומות לבחור');
      // The first step is named for what it chooses (it said "Seats" under "there are no seats to choose").
      await expect(page.locator('.stepper__step--current .stepper__label')).toHaveText('צפיות');
      await expect(page.getByRole('heading', { name: 'צפיות', exact: true })).toBeVisible({ timeout: 20_000 });
      await expect(page.getByTestId('seatmap-viewport')).toBeHidden();
      await expect(page.getByRole('toolbar')).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'אזורי עמידה' })).toHaveCount(0);
      await expect(page.locator('.seatmap-legend')).toHaveCount(0);
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expectNoHorizontalOverflow(page, 'online order page at 390px');
      await expectAxeClean(page, 'online order page (he, 390)');
      await reviewShot(page, `${shots}/vod-order-he-390.png`, { fullPage: true });
    } finally {
      await context.close();
    }
  });

  test('confirmation and e-ticket speak of watching online (en, laptop and big screen)', async ({ page, request }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const uuid = await presetVisitorId(page);
    const vod = await findPresentation(request, isVod101);
    const resId = await saveHeldCart(request, uuid, await holdGaPlaces(request, uuid, vod, 2));
    await page.goto(`/cart/${resId}?lang=en`);
    await fillDetailsInEnglish(page, {
      first: 'Noa',
      last: 'Levi',
      email: 'noa.viewer@example.com',
      mobile: '0541234567',
    });
    const due = (await page.getByTestId('pay-total').innerText()).trim();
    await page.getByRole('button', { name: `Pay ${due}` }).click();
    await expect(page.getByRole('dialog', { name: 'Secure card payment' })).toBeVisible({ timeout: 15_000 });
    await payWithCard(page, '4580000000000000');
    const confirmation = page.getByTestId('confirmation');
    await expect(confirmation).toBeVisible({ timeout: 30_000 });
    const reservation = (await page.getByTestId('reservation-identifier').innerText()).trim();
    await expect(confirmation.getByTestId('confirmation-online')).toHaveText('Online: watch at home');
    await expect(confirmation.getByTestId('confirmation-watch-until')).toContainText('From purchase until');
    await expect(confirmation).not.toContainText('General admission');
    await expect(confirmation).not.toContainText('Seats');
    await expect(page.getByTestId('vod-watch-now')).toBeVisible();
    await expectAxeClean(page, 'online show confirmation (en)');
    await reviewShot(page, `${shots}/vod-confirmation-en-1280.png`, { fullPage: true });

    await page.getByTestId('edocument-link').click();
    const tickets = page.getByTestId('eticket');
    await expect(tickets).toHaveCount(2, { timeout: 15_000 });
    await expect(tickets.first().getByTestId('eticket-online')).toHaveText('Online: watch at home');
    await expect(tickets.first()).toContainText('From purchase until');
    await expect(tickets.first()).not.toContainText('General admission');
    await expect(page.locator('.eticket__qr')).toHaveCount(0);
    await expect(tickets.first().getByTestId('eticket-watch')).toHaveAttribute('href', `/vod/${reservation}/${vod.id}`);
    await expectAxeClean(page, 'online show e-ticket (en)');
    await reviewShot(page, `${shots}/vod-eticket-en-1280.png`, { fullPage: true });
    await page.setViewportSize({ width: 2560, height: 1440 });
    await expectNoHorizontalOverflow(page, 'online e-ticket at 2560px');
    await reviewShot(page, `${shots}/vod-eticket-en-2560.png`);

    // The watch link leads to the VOD page with the order filled in.
    await tickets.first().getByTestId('eticket-watch').click();
    await expect(page.getByRole('dialog', { name: 'Confirm your purchase' })).toBeVisible({ timeout: 15_000 });
  });
});

/**
 * The watch page itself states the viewing window ("You can watch until …", Israel time, in the
 * reader's language), and once it has ended says so in words, not with an error box: he at 390 px (the browser's
 * clock past the end), en at 1280 px (the server's 403 VOD_WINDOW_ENDED after the purchase is proven).
 */
test.describe('the watch page states the viewing window', () => {
  test.setTimeout(90_000);
  const shots = path.resolve(__dirname, '..', '.tmp', 'shots');

  async function watchUntilOf(page: Page, vodId: number): Promise<string> {
    const r = await page.request.get(`/api/vod/${vodId}`);
    expect(r.status()).toBe(200);
    return ((await r.json()) as { watchUntil: string }).watchUntil;
  }

  test('he at 390x844: "watch until" while open, then the ended message in place of the dialog', async ({
    browser,
    request,
  }) => {
    const vod = await findPresentation(request, isVod101);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    try {
      const until = await watchUntilOf(page, vod.id);
      await page.goto(`/vod/${vod.id}?lang=he`);
      const line = page.getByTestId('vod-watch-until');
      await expect(line).toContainText('ניתן לצפות עד', { timeout: 15_000 });
      await expect(line.locator('time')).toHaveAttribute('datetime', until);
      // Israel time (the hour differs from UTC's), the year beside it.
      const israelTime = new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Asia/Jerusalem',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(new Date(until));
      await expect(line).toContainText(String(new Date(until).getUTCFullYear()));
      await expect(line).toContainText(israelTime);
      await expect(page.getByRole('dialog', { name: 'אימות הרכישה' })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expectNoHorizontalOverflow(page, 'VOD page at 390px');
      await expectAxeClean(page, 'VOD page with the viewing window (he, 390)');
      await page.getByRole('dialog').getByRole('button', { name: 'סגירה' }).click();
      await expect(line).toBeVisible();
      await reviewShot(page, `${shots}/vod-watch-until-he-390.png`, { fullPage: true });

      // A day after the window's end (the server refuses then too; the page does not even offer the dialog).
      await page.clock.setFixedTime(new Date(Date.parse(until) + 86_400_000));
      await page.reload();
      const ended = page.getByTestId('vod-window-ended');
      await expect(ended).toContainText('חלון הצפייה הסתיים', { timeout: 15_000 });
      await expect(ended).toContainText(israelTime);
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page.getByTestId('vod-watch-until')).toHaveCount(0);
      await expect(page.getByTestId('vod-player')).toHaveCount(0);
      await expectNoHorizontalOverflow(page, 'VOD window ended at 390px');
      await expectAxeClean(page, 'VOD window ended (he, 390)');
      await reviewShot(page, `${shots}/vod-window-ended-he-390.png`, { fullPage: true });
    } finally {
      await context.close();
    }
  });

  test('en at 1280x800: "You can watch until"; the server saying the window ended replaces the dialog', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const vod = await findPresentation(request, isVod101);
    const until = await watchUntilOf(page, vod.id);
    await page.goto(`/vod/HL12345678/${vod.id}?lang=en`);
    const line = page.getByTestId('vod-watch-until');
    await expect(line).toContainText('You can watch until', { timeout: 15_000 });
    await expect(line.locator('time')).toHaveAttribute('datetime', until);
    await expectAxeClean(page, 'VOD page with the viewing window (en, 1280)');
    await reviewShot(page, `${shots}/vod-watch-until-en-1280.png`);

    // Every demo online show is still within its window, so the server's refusal (as vod.errors.ts words it, after
    // the purchase is proven) is answered here for this one request.
    await page.route(
      (url) => url.pathname.endsWith(`/vod/${vod.id}/access`),
      (route) =>
        route.fulfill({
          status: 403,
          contentType: 'application/json',
          body: JSON.stringify({
            error: 'VOD_WINDOW_ENDED',
            message: 'The viewing window for this online show has ended.',
          }),
        }),
    );
    const dialog = page.getByRole('dialog', { name: 'Confirm your purchase' });
    await dialog.getByRole('textbox', { name: 'E-mail or mobile number' }).fill('viewer@example.com');
    await dialog.getByRole('button', { name: 'Watch', exact: true }).click();
    const ended = page.getByTestId('vod-window-ended');
    await expect(ended).toContainText('The viewing window has ended');
    await expect(ended).toContainText('(Israel time)');
    await expect(ended.getByRole('link', { name: 'See what is on now' })).toHaveAttribute('href', '/booking');
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('vod-error')).toHaveCount(0);
    await expect(page.getByText('VOD_WINDOW_ENDED')).toHaveCount(0);
    await expectAxeClean(page, 'VOD window ended (en, 1280)');
    await reviewShot(page, `${shots}/vod-window-ended-en-1280.png`);
  });
});

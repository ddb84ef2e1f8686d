import { expect, test, type Page } from '@playwright/test';
import type { ApiPresentation } from '@hotline/shared';
import { findPresentation, holdGaPlaces, payWithCard, saveHeldCart, visitorIdOf } from './booking-flow.support';
import { expectAxeClean, expectNoHorizontalOverflow, fillDetailsInEnglish } from './vod-wallet.support';

/**
 * Video-on-demand (issue 15): the watch button in the event list, a purchase that ends in the player (the video
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

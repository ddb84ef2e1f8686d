import { axeFor } from './axe.support';
import { expect, test, type Page } from '@playwright/test';
import { holdPlainReservedSeats, payWithCard, saveHeldCart, visitorIdOf } from './booking-flow.support';
import { findPresentation } from './seatmap-support';

/**
 * Axe finds ZERO violations - every impact, minor and moderate included, WCAG 2.x A/AA and axe's best
 * practices - on every storefront page, in Hebrew, English, Russian and Arabic: the catalogue, a feature, the seat
 * map, the tickets and products steps, the saved cart, customer details, payment with the card dialog, the
 * confirmation, the e-tickets, the hold-expired page, the policies, "coming soon", the customer login and the 404.
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

async function expectAxeClean(page: Page, what: string) {
  const results = await axeFor(page).withTags(TAGS).analyze();
  const found = results.violations.map(
    (v) => `${what}: ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`,
  );
  expect.soft(found, what).toEqual([]);
}

const LANGS = [
  { lang: 'he', terms: /^קראתי ואני מסכים/ },
  { lang: 'en', terms: /^I have read/ },
  { lang: 'ru', terms: /^Я прочитал/ },
  { lang: 'ar', terms: /^قرأت/ },
] as const;

test.describe('axe: zero violations on every storefront page', () => {
  test.setTimeout(180_000);

  for (const { lang, terms } of LANGS) {
    test(`${lang}: catalogue, feature, seat map, steps, cart, details, payment, confirmation, e-tickets and the rest`, async ({
      page,
      request,
    }) => {
      const q = `lang=${lang}`;
      await page.goto(`/booking?${q}`);
      await expect(page.locator('article.feature-card').first()).toBeVisible({ timeout: 15_000 });
      await expectAxeClean(page, 'catalogue');

      const featureLink = page.locator('article.feature-card a[href^="/booking/features/"]').first();
      await page.goto(`${(await featureLink.getAttribute('href'))!}?${q}`);
      await expect(page.locator('.show-row').first()).toBeVisible({ timeout: 15_000 });
      await expectAxeClean(page, 'feature');

      const show = await findPresentation(request, 'Desert Light');
      await page.goto(`/order/${show.id}?${q}`);
      await expect(page.locator('.seatmap[data-phase="ready"]')).toBeVisible({ timeout: 20_000 });
      await expectAxeClean(page, 'seat map');

      // The booking steps, with seats held for this visitor.
      const uuid = await visitorIdOf(page);
      const held = await holdPlainReservedSeats(request, uuid, 2);
      const resId = await saveHeldCart(request, uuid, held);
      await page.goto(`/cart/${resId}?${q}`);
      await expect(page.getByTestId('seat-line')).toHaveCount(2, { timeout: 15_000 });
      await expect(page.getByTestId('product-card').first()).toBeVisible();
      await expectAxeClean(page, 'cart');

      const id = held[0]!.presentation.id;
      await page.goto(`/order/${id}?step=tickets&${q}`);
      await expect(page.getByTestId(`tickets-step-${id}`)).toBeVisible({ timeout: 15_000 });
      await expect(page.getByTestId('seat-line')).toHaveCount(2);
      await expectAxeClean(page, 'tickets step');
      await page.goto(`/order/${id}?step=products&${q}`);
      await expect(page.getByTestId('product-card').first()).toBeVisible({ timeout: 15_000 });
      await expectAxeClean(page, 'products step');

      await page.goto(`/booking/checkout?${q}`);
      const firstName = page.locator('input[name="firstName"]');
      await expect(firstName).toBeVisible({ timeout: 15_000 });
      await expectAxeClean(page, 'details');
      await firstName.fill('Noa');
      await page.locator('input[name="lastName"]').fill('Levi');
      await page.locator('input[name="email"]').fill('noa@example.com');
      await page.locator('input[name="mobileNumber"]').fill('052-7654321');
      await page.locator('input[name="verifyMobileNumber"]').fill('0527654321');
      await page.getByRole('checkbox', { name: terms }).check();
      await page.locator('.step-actions button[type="submit"]').click();
      await expect(page).toHaveURL(/\/booking\/checkout\/payment/);
      const pay = page.locator('.pay-button');
      await expect(pay).toBeEnabled({ timeout: 15_000 });
      await expectAxeClean(page, 'payment');
      await pay.click();
      await expect(page.locator('iframe.payment-dialog__frame')).toBeVisible({ timeout: 15_000 });
      await expect(page.frameLocator('iframe.payment-dialog__frame').locator('#cardNumber')).toBeVisible();
      await expectAxeClean(page, 'card dialog');
      await payWithCard(page, '4580000000000000');
      await expect(page.getByTestId('confirmation')).toBeVisible({ timeout: 30_000 });
      await expectAxeClean(page, 'confirmation');
      await page.getByTestId('edocument-link').click();
      await expect(page.getByTestId('eticket').first()).toBeVisible({ timeout: 15_000 });
      await expectAxeClean(page, 'e-tickets');

      for (const [path, what] of [
        [`/booking/hold-expired?show=${id}&${q}`, 'hold expired'],
        [`/booking/terms?${q}`, 'terms'],
        [`/booking/cancellation-policy?${q}`, 'cancellation policy'],
        [`/order?${q}`, 'coming soon'],
        [`/no-such-page?${q}`, '404'],
        [`/booking/customer-portal?${q}`, 'customer login'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
        await expectAxeClean(page, what);
      }
    });
  }
});

test.describe('axe on a phone: the seat map with its bottom sheet', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  for (const lang of ['he', 'en', 'ru', 'ar'] as const) {
    test(`${lang}: closed and open sheet have no violations`, async ({ page, request }) => {
      const show = await findPresentation(request, 'Desert Light');
      await page.goto(`/order/${show.id}?lang=${lang}`);
      await expect(page.locator('.seatmap[data-phase="ready"]')).toBeVisible({ timeout: 20_000 });
      await expectAxeClean(page, 'phone seat map, sheet closed');
      await page.getByTestId('seatmap-sheet-handle').click();
      await expect(page.getByTestId('seatmap-sheet-handle')).toHaveAttribute('aria-expanded', 'true');
      await expectAxeClean(page, 'phone seat map, sheet open');
    });
  }
});

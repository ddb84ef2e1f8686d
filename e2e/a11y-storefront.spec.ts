import { axeFor } from './axe.support';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { holdPlainReservedSeats, payWithCard, saveHeldCart, visitorIdOf } from './booking-flow.support';
import { signInCustomer } from './customer-area.support';
import { expectOwnLanguage } from './own-language.support';
import { findPresentation } from './seatmap-support';

/**
 * One walk per language over every storefront page, with every check each page has on it:
 *  - axe finds ZERO violations - every impact, minor and moderate included, WCAG 2.x A/AA and axe's best practices -
 *    in Hebrew, English, Russian and Arabic: the catalogue, a feature, the seat map, the tickets and products steps,
 *    the saved cart, customer details, payment with the card dialog, the confirmation, the e-tickets, the
 *    hold-expired page, the policies, "coming soon", the customer login (laid out in the language's direction too:
 *    customer-area.spec.ts no longer loads it and runs axe on it a second time) and the 404;
 *  - in Russian and Arabic, no word of another language (own-language.support.ts) on those pages and on every
 *    feature, the gift vouchers, donations, memberships, the mini-site, a voucher's history and every tab of the
 *    customer area.
 * They were two walks (this file and the storefront half of i18n-every-page.spec.ts) repeating the same navigation,
 * a quarter of the e2e run's CPU between them (docs/testing.md).
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
  { lang: 'he', terms: /^קראתי ואני מסכים/, dir: 'rtl' },
  { lang: 'en', terms: /^I have read/, dir: 'ltr' },
  { lang: 'ru', terms: /^Я прочитал/, dir: 'ltr' },
  { lang: 'ar', terms: /^قرأت/, dir: 'rtl' },
] as const;

/** The demo customer who reads each language (server/src/seed/demo-customers.ts): names in their own script. */
const CUSTOMER = {
  ru: { ssn: '000000034', mobile: '0541112233' },
  ar: { ssn: '000000042', mobile: '0533334444' },
} as const;

/** The checks of one page: axe unless `axe: false`; in ru and ar the language too unless `language: false`. */
function checksFor(page: Page, lang: (typeof LANGS)[number]['lang'], info: TestInfo) {
  const own = lang === 'ru' || lang === 'ar' ? lang : null;
  return {
    /** Whether this walk reads the language (ru, ar), so it also visits the pages only that check reads. */
    readsLanguage: own !== null,
    async check(what: string, { axe = true, language = true }: { axe?: boolean; language?: boolean } = {}) {
      if (axe) await expectAxeClean(page, what);
      if (own && language) await expectOwnLanguage(page, own, what, info);
    },
  };
}

test.describe('every storefront page, once per language: axe, and in ru and ar no word of another language', () => {
  for (const { lang, terms, dir } of LANGS) {
    test(`${lang}: catalogue, features, seat map, steps, cart, details, payment, confirmation, e-tickets and the rest`, async ({
      page,
      request,
    }, info) => {
      const { readsLanguage, check } = checksFor(page, lang, info);
      test.setTimeout(readsLanguage ? 360_000 : 180_000);
      const q = `lang=${lang}`;
      await page.goto(`/booking?${q}`);
      await expect(page.locator('article.feature-card').first()).toBeVisible({ timeout: 15_000 });
      await check('catalogue');

      // Every feature is read for its language; axe looks at the first (they share one layout).
      const features = await page
        .locator('article.feature-card a[href^="/booking/features/"]')
        .evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute('href')!))]);
      for (const [i, href] of (readsLanguage ? features : features.slice(0, 1)).entries()) {
        await page.goto(`${href}?${q}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
        if (i === 0) {
          await expect(page.locator('.show-row').first()).toBeVisible({ timeout: 15_000 });
          await check('feature');
        } else await check(`feature ${href}`, { axe: false });
      }

      const show = await findPresentation(request, 'Desert Light');
      await page.goto(`/order/${show.id}?${q}`);
      await expect(page.locator('.seatmap[data-phase="ready"]')).toBeVisible({ timeout: 20_000 });
      await check('seat map');

      // The booking steps, with seats held for this visitor.
      const uuid = await visitorIdOf(page);
      const held = await holdPlainReservedSeats(request, uuid, 2);
      const resId = await saveHeldCart(request, uuid, held);
      await page.goto(`/cart/${resId}?${q}`);
      await expect(page.getByTestId('seat-line')).toHaveCount(2, { timeout: 15_000 });
      await expect(page.getByTestId('product-card').first()).toBeVisible();
      await check('cart');

      const id = held[0]!.presentation.id;
      await page.goto(`/order/${id}?step=tickets&${q}`);
      await expect(page.getByTestId(`tickets-step-${id}`)).toBeVisible({ timeout: 15_000 });
      await expect(page.getByTestId('seat-line')).toHaveCount(2);
      await check('tickets step');
      // On through the steps' own buttons, as a buyer goes (not the app loaded again for each step).
      const next = page.locator('.step-actions button.button--primary').first();
      await next.click();
      await expect(page).toHaveURL(/step=products/);
      await expect(page.getByTestId('product-card').first()).toBeVisible({ timeout: 15_000 });
      await check('products step');

      await next.click();
      await expect(page).toHaveURL(/\/booking\/checkout(\?|$)/);
      const firstName = page.locator('input[name="firstName"]');
      await expect(firstName).toBeVisible({ timeout: 15_000 });
      await check('customer details');
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
      await check('payment', { language: false });
      await pay.click();
      await expect(page.locator('iframe.payment-dialog__frame')).toBeVisible({ timeout: 15_000 });
      await expect(page.frameLocator('iframe.payment-dialog__frame').locator('#cardNumber')).toBeVisible();
      await check('card dialog', { language: false });
      await payWithCard(page, '4580000000000000');
      await expect(page.getByTestId('confirmation')).toBeVisible({ timeout: 30_000 });
      await check('confirmation', { language: false });
      // The e-tickets of this order: names of show, venue, section and ticket type.
      await page.getByTestId('edocument-link').click();
      await expect(page.getByTestId('eticket').first()).toBeVisible({ timeout: 15_000 });
      await check('e-tickets');

      for (const [path, what] of [
        [`/booking/hold-expired?show=${id}&${q}`, 'hold expired'],
        [`/booking/terms?${q}`, 'terms'],
        [`/booking/cancellation-policy?${q}`, 'cancellation policy'],
        [`/order?${q}`, 'coming soon'],
        [`/no-such-page?${q}`, '404'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
        await check(what);
      }

      // Pages only the language check reads.
      if (readsLanguage) {
        for (const [path, what] of [
          [`/system-vouchers?${q}`, 'gift vouchers'],
          [`/system-vouchers/2?${q}`, 'gift vouchers, one kind'],
          [`/donations?${q}`, 'donations'],
          [`/memberships?${q}`, 'memberships'],
          [`/membership/CINEMA-CARD?${q}`, 'membership order'],
          [`/mini-site/demo-company?${q}`, 'mini-site'],
        ] as const) {
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
          // Lists that load after the heading (offers, donations, shows) are in before the page is read.
          await page.waitForLoadState('networkidle').catch(() => undefined);
          await check(what, { axe: false });
        }

        // A voucher's history, typed in.
        await page.goto(`/system-vouchers/history?${q}`);
        await page.getByTestId('voucher-history-page').locator('input').fill('GIFT-DEMO-100');
        await page.getByTestId('voucher-history-page').locator('button[type=submit]').click();
        await expect(page.getByTestId('voucher-history')).toBeVisible({ timeout: 15_000 });
        await check('voucher history', { axe: false });
      }

      // The customer login, laid out in the language's direction; in ru and ar the customer then signs in on it.
      await page.goto(`/booking/customer-portal?${q}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
      await expect(page.locator('#ca-ssn')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('dir', dir);
      await check('customer login');
      if (!readsLanguage) return;

      // The customer area, signed in, every tab.
      await signInCustomer(page, lang, CUSTOMER[lang as 'ru' | 'ar'], { onForm: true });
      for (const tab of await page.getByRole('tab').all()) {
        await tab.click();
        await page.waitForLoadState('networkidle').catch(() => undefined);
        await check(`customer area tab ${await tab.getAttribute('id')}`, { axe: false });
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

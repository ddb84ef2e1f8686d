import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { Client } from 'pg';
import { base32Decode, hotp, totpStep } from '../server/src/backoffice/totp';
import { holdPlainReservedSeats, saveHeldCart, visitorIdOf } from './booking-flow.support';
import { buyOneSeat, codeFor } from './customer-area.support';
import { findPresentation } from './seatmap-support';

/**
 * No word of another language on any page. Every storefront and back-office page, in Russian and in
 * Arabic, is read as a person meets it - its visible text, the accessible names (aria-label, alt, title,
 * placeholder) and the document title - and may hold no Hebrew letter, no letter of the other language's script,
 * and no Latin word but codes (references, order numbers: a digit or all capitals), links, e-mail addresses, keys
 * as printed on the keyboard and the few names that have no translation (ALLOWED). The language switcher names each
 * language in its own words on purpose and is left out; a person's name (marked translate="no") may be Latin but
 * never Hebrew. Each page's screenshot goes to the test's output folder, for a person to look at.
 */
const HEBREW = /[\u0590-\u05ff\ufb1d-\ufb4f]/;
const ARABIC = /[\u0600-\u06ff]/;
const CYRILLIC = /[\u0400-\u04ff]/;
const OTHER_SCRIPT = { ru: ARABIC, ar: CYRILLIC } as const;
/** Words that stay as they are in every language: card schemes and wallets. */
const ALLOWED = new Set(['Visa', 'Mastercard', 'Isracard', 'Amex', 'Diners', 'Apple', 'Google', 'Pay', 'Bit']);
/** Keys as printed on the keyboard (the seat map's keyboard help names them). */
const KEYS = /\b(?:Enter|Escape|Home|End|Page Up|Page Down|Tab|Shift)\b/g;

interface Text {
  text: string;
  /** Inside translate="no": a person's name, checked for Hebrew only. */
  name: boolean;
  where: string;
}

/** Every text a reader meets on the page (see above), with where it is. */
async function pageTexts(page: Page): Promise<Text[]> {
  return page.evaluate(() => {
    const out: { text: string; name: boolean; where: string }[] = [];
    const skipped = (el: Element) => !!el.closest('script, style, noscript, template, .lang-switcher');
    const where = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''}`;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      const text = n.textContent?.trim();
      if (!el || !text || skipped(el)) continue;
      // display:none and visibility:hidden are not read; visually hidden text for screen readers is.
      if (!el.checkVisibility({ visibilityProperty: true })) continue;
      out.push({ text, name: !!el.closest('[translate="no"]'), where: where(el) });
    }
    for (const el of document.body.querySelectorAll('[aria-label], [alt], [title], [placeholder]')) {
      if (skipped(el) || !el.checkVisibility({ visibilityProperty: true })) continue;
      for (const attr of ['aria-label', 'alt', 'title', 'placeholder']) {
        const text = el.getAttribute(attr)?.trim();
        if (text) out.push({ text, name: !!el.closest('[translate="no"]'), where: `${where(el)}[${attr}]` });
      }
    }
    out.push({ text: document.title, name: false, where: 'title' });
    return out;
  });
}

/** Latin words left once links, e-mail addresses, codes (a digit, or all capitals), keys and ALLOWED names are out. */
function latinWords(text: string): string[] {
  const rest = text
    .replace(/https?:\/\/\S+|\S+@\S+|\S*\d\S*/g, ' ')
    .replace(/\b[A-Z]{2,}\b/g, ' ')
    .replace(KEYS, ' ')
    .replace(/\/[\w\-/]+/g, ' ');
  return (rest.match(/[A-Za-z]+/g) ?? []).filter((w) => !ALLOWED.has(w));
}

/** The foreign words of one page; a screenshot of it goes to the test's output for a person to look at. */
async function expectOwnLanguage(page: Page, lang: 'ru' | 'ar', what: string, info: TestInfo) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  const found: string[] = [];
  for (const t of await pageTexts(page)) {
    // A person's name (translate="no") is shown as its owner typed it, in whatever script: the buyers other tests
    // created have Hebrew names. Everything around it is checked.
    if (t.name) continue;
    const hebrew = HEBREW.test(t.text);
    const other = OTHER_SCRIPT[lang].test(t.text);
    const latin = latinWords(t.text);
    if (hebrew || other || latin.length) found.push(`${t.where}: ${JSON.stringify(t.text.slice(0, 120))}`);
  }
  await page.screenshot({ path: info.outputPath(`${lang}-${what.replace(/\W+/g, '-')}.png`), fullPage: true });
  expect.soft([...new Set(found)], `${lang} ${what}: ${page.url()}`).toEqual([]);
}

async function sql<T>(run: (db: Client) => Promise<T>): Promise<T> {
  const db = new Client({ connectionString: process.env.E2E_DATABASE_URL });
  await db.connect();
  try {
    return await run(db);
  } finally {
    await db.end();
  }
}

async function lastMessageTo(page: Page, mobile: string): Promise<string | null> {
  const r = await page.request.get('/api/notifications/dev/sent-messages?limit=50');
  const { messages } = (await r.json()) as { messages: { id: string; recipient: string }[] };
  return messages.find((x) => x.recipient === mobile)?.id ?? null;
}

const ADMIN = { password: 'demo-admin-password', secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' };
/** The demo customer who reads each language (server/src/seed/demo-customers.ts): names in their own script. */
const CUSTOMER = {
  ru: { ssn: '000000034', mobile: '0541112233' },
  ar: { ssn: '000000042', mobile: '0533334444' },
} as const;

for (const lang of ['ru', 'ar'] as const) {
  test.describe(`${lang}: every page in ${lang} only`, () => {
    test.setTimeout(240_000);
    const q = `lang=${lang}`;

    test('the storefront', async ({ page, request }, info) => {
      const check = (what: string) => expectOwnLanguage(page, lang, what, info);
      await page.goto(`/booking?${q}`);
      await expect(page.locator('article.feature-card').first()).toBeVisible({ timeout: 15_000 });
      await check('catalogue');

      const features = await page
        .locator('article.feature-card a[href^="/booking/features/"]')
        .evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute('href')!))]);
      for (const href of features) {
        await page.goto(`${href}?${q}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
        await check(`feature ${href}`);
      }

      const show = await findPresentation(request, 'Desert Light');
      await page.goto(`/order/${show.id}?${q}`);
      await expect(page.locator('.seatmap[data-phase="ready"]')).toBeVisible({ timeout: 20_000 });
      await check('seat map');

      const uuid = await visitorIdOf(page);
      const held = await holdPlainReservedSeats(request, uuid, 2);
      const resId = await saveHeldCart(request, uuid, held);
      await page.goto(`/cart/${resId}?${q}`);
      await expect(page.getByTestId('seat-line')).toHaveCount(2, { timeout: 15_000 });
      await check('cart');
      const id = held[0]!.presentation.id;
      await page.goto(`/order/${id}?step=tickets&${q}`);
      await expect(page.getByTestId(`tickets-step-${id}`)).toBeVisible({ timeout: 15_000 });
      await check('tickets step');
      await page.goto(`/order/${id}?step=products&${q}`);
      await expect(page.getByTestId('product-card').first()).toBeVisible({ timeout: 15_000 });
      await check('products step');
      await page.goto(`/booking/checkout?${q}`);
      await expect(page.locator('input[name="firstName"]')).toBeVisible({ timeout: 15_000 });
      await check('customer details');

      // E-tickets of an order bought through the API (names of show, venue, section and ticket type).
      const order = await buyOneSeat(request, show.id, { mobile: '0509998877' });
      await page.goto(`/edocument/${order.documentKey}?${q}`);
      await expect(page.getByTestId('eticket').first()).toBeVisible({ timeout: 15_000 });
      await check('e-tickets');

      for (const [path, what] of [
        [`/booking/hold-expired?show=${id}&${q}`, 'hold expired'],
        [`/booking/terms?${q}`, 'terms'],
        [`/booking/cancellation-policy?${q}`, 'cancellation policy'],
        [`/order?${q}`, 'coming soon'],
        [`/no-such-page?${q}`, '404'],
        [`/booking/customer-portal?${q}`, 'customer login'],
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
        await check(what);
      }

      // A voucher's history, typed in.
      await page.goto(`/system-vouchers/history?${q}`);
      await page.getByTestId('voucher-history-page').locator('input').fill('GIFT-DEMO-100');
      await page.getByTestId('voucher-history-page').locator('button[type=submit]').click();
      await expect(page.getByTestId('voucher-history')).toBeVisible({ timeout: 15_000 });
      await check('voucher history');

      // The customer area, signed in, every tab.
      const who = CUSTOMER[lang];
      await page.goto(`/booking/customer-portal?${q}`);
      await page.locator('#ca-ssn').fill(who.ssn);
      await page.locator('#ca-mobile').fill(who.mobile);
      const before = await lastMessageTo(page, who.mobile);
      await page.locator('form button[type=submit]').click();
      await expect(page.locator('#ca-code')).toBeVisible({ timeout: 20_000 });
      await page.locator('#ca-code').fill(await codeFor(page, who.mobile, before));
      await page.locator('form button[type=submit]').click();
      await expect(page.getByRole('tablist')).toBeVisible({ timeout: 15_000 });
      for (const tab of await page.getByRole('tab').all()) {
        await tab.click();
        await page.waitForLoadState('networkidle').catch(() => undefined);
        await check(`customer area tab ${await tab.getAttribute('id')}`);
      }
    });

    test('the back office', async ({ page }, info) => {
      const check = (what: string) => expectOwnLanguage(page, lang, what, info);
      await sql((db) =>
        db.query(
          `UPDATE staff_user SET last_totp_step = 0, failed_attempts = 0, locked_until = NULL WHERE username = 'admin'`,
        ),
      );
      await page.goto(`/backoffice?${q}`);
      await expect(page.locator('#bo-username')).toBeVisible({ timeout: 15_000 });
      await check('back-office sign-in');
      await page.locator('#bo-username').fill('admin');
      await page.locator('#bo-password').fill(ADMIN.password);
      await page.locator('#bo-code').fill(hotp(base32Decode(ADMIN.secret), totpStep(Date.now())));
      await page.locator('form button[type=submit]').click();
      await expect(page.locator('nav.bo-menu a').first()).toBeVisible({ timeout: 15_000 });

      // The report on a day with shows (in the evening the demo week starts tomorrow).
      const day = await sql(async (db) => {
        const { rows } = await db.query(
          `SELECT to_char(min(date_time) AT TIME ZONE 'Asia/Jerusalem', 'YYYY-MM-DD') AS day
             FROM presentation WHERE date_time > now()`,
        );
        return rows[0].day as string;
      });
      const input = page.locator('#bo-date');
      if ((await input.inputValue()) !== day) await input.fill(day);
      await expect(page.locator('#bo-by-location')).toBeVisible({ timeout: 15_000 });
      await check('presentations report');

      const sections = await page
        .locator('nav.bo-menu a')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
      for (const href of sections.slice(1)) {
        await page.goto(href);
        await expect(page.locator('.bo-content')).toBeVisible({ timeout: 15_000 });
        await page.waitForLoadState('networkidle').catch(() => undefined);
        await check(`back office ${href}`);
      }
      await page.goto(`/backoffice/security?${q}`);
      await expect(page.locator('.bo-content')).toBeVisible({ timeout: 15_000 });
      await check('back office security');
    });
  });
}

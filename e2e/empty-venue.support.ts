import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import { base32Decode, hotp, totpStep } from '../server/src/backoffice/totp';
import { payWithCard } from './booking-flow.support';
import { startEmptyStack, type EmptyStack } from './empty-stack.support';
import { openSeatMap, seatPoint, zoomToRow, type SeatRef } from './seatmap-support';

/**
 * The steps of a venue that starts from nothing (an empty stack, empty-stack.support.ts), as a person takes them on the
 * screens: the setup link, a venue with the theatre's plan, an event, a product, a buyer on a phone. Shared by the specs
 * that begin from an empty database (venue-from-empty, newcomer-week).
 */
export const THEATRE = readFileSync(path.join(__dirname, '../seatmaps/venues/theatre.json'), 'utf8');
const PASSWORD = 'Seven Quiet Lanterns Drift';
export const BUYER = { first: 'נועה', last: 'ברק', email: 'noa.barak@example.com', mobile: '0527654321' };
const DAY_MS = 86_400_000;
/** The Israeli calendar day `days` from now, 'YYYY-MM-DD'. */
export const jerusalemDay = (days: number) =>
  new Date(Date.now() + days * DAY_MS).toLocaleDateString('en-CA', { timeZone: 'Asia/Jerusalem' });
export const plusDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

export type Names = { he: string; en: string; ru: string; ar: string };

/**
 * The spec's own empty stack, started before its tests and stopped after them; every answer it gave must be as the
 * OpenAPI document declares. The stack is read through the returned function (it exists once beforeAll has run).
 */
export function useEmptyStack(): () => EmptyStack {
  let stack: EmptyStack | undefined;
  test.beforeAll(async () => {
    test.setTimeout(150_000);
    stack = await startEmptyStack();
  });
  test.afterAll(async () => {
    if (!stack) return;
    const undeclared = stack.undeclaredAnswers();
    await stack.stop();
    expect(undeclared, 'answers not as the OpenAPI document declares').toEqual([]);
  });
  return () => stack!;
}

/** A query on the stack's database, each on a connection of its own. */
export const sqlOn =
  (stack: EmptyStack) =>
  async <T>(query: string, values: unknown[] = []): Promise<T[]> => {
    const client = new Client({ connectionString: stack.databaseUrl });
    await client.connect();
    try {
      return (await client.query(query, values)).rows as T[];
    } finally {
      await client.end();
    }
  };

export async function newPage(browser: Browser, stack: EmptyStack, options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext({ baseURL: stack.url, viewport: { width: 1280, height: 900 }, ...options });
  return { context, page: await context.newPage() };
}

/** A phone's browser on the stack: 390 px, touch. */
export const phoneOn = (browser: Browser, stack: EmptyStack) =>
  browser.newContext({ baseURL: stack.url, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** Live tickets of these orders, counted per date. */
export const liveTicketsOf = (stack: EmptyStack, identifiers: string[]) =>
  sqlOn(stack)<{ presentation_id: number; n: number }>(
    `SELECT t.presentation_id, count(*)::int AS n FROM reservation_ticket t JOIN reservation r ON r.id = t.reservation_id
      WHERE r.identifier = ANY($1) AND t.status = 'live' GROUP BY 1 ORDER BY 1`,
    [identifiers],
  );

/**
 * The setup page of a one-time link: password and authenticator; then the sign-in with the next code (the setup's
 * code is spent for the account's step, so the step is reset as a person would wait for the next one).
 */
export async function setUpAndSignIn(stack: EmptyStack, page: Page, link: URL, username: string): Promise<void> {
  await page.goto(`${link.pathname}?lang=en${link.hash}`);
  await expect(page.getByRole('heading', { level: 2 })).toHaveText(`Setting up the account ${username}`);
  const secret = (await page.getByTestId('bo-setup-secret').textContent())!.trim();
  await page.getByLabel('New password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('New password again').fill(PASSWORD);
  await page.getByLabel('Code from the authenticator app').fill(hotp(base32Decode(secret), totpStep(Date.now())));
  await page.getByRole('button', { name: 'Finish the setup' }).click();
  await expect(page.getByRole('heading', { name: 'Your account is ready' })).toBeFocused();
  await sqlOn(stack)(`UPDATE staff_user SET last_totp_step = 0 WHERE username = $1`, [username]);
  await page.getByRole('link', { name: 'Go to the back-office sign-in' }).click();
  await page.locator('#bo-username').fill(username);
  await page.locator('#bo-password').fill(PASSWORD);
  await page.locator('#bo-code').fill(hotp(base32Decode(secret), totpStep(Date.now())));
  await page.locator('form button[type=submit]').click();
  await expect(page.locator('nav.bo-menu a').first()).toBeVisible({ timeout: 15_000 });
}

/** Taps a seat the way a finger does, and waits for the server to lock it. */
async function tapSeat(page: Page, seat: SeatRef) {
  const locked = page.waitForResponse(
    (r) => r.url().includes('/api/seats/lock-seat') && r.request().method() === 'PUT',
  );
  const p = await seatPoint(page, seat);
  await page.touchscreen.tap(p.x, p.y);
  expect((await locked).status()).toBe(200);
}

/**
 * A buyer on a phone, in Hebrew: `count` seats at the start of a free row on the map, the coupon if given, the
 * product if given (one of it), the buyer's details, the test card. Returns the order's identifier.
 */
export async function buyOnPhone(
  context: BrowserContext,
  presentationId: number,
  count: number,
  coupon?: string,
  product?: string,
) {
  const page = await context.newPage();
  await openSeatMap(page, presentationId, 'lang=he');
  const row = await page.evaluate(() => window.__seatmap!.freeRow(8));
  expect(row, 'a free row of at least 8 seats').not.toBeNull();
  await zoomToRow(page, row!);
  for (const seat of row!.slice(0, count)) await tapSeat(page, seat);
  await page.getByRole('button', { name: 'המשך' }).first().click();
  await expect(page).toHaveURL(/step=tickets/);
  await expect(page.getByTestId('seat-line')).toHaveCount(count);
  if (coupon) {
    await page.getByRole('textbox', { name: 'קוד קופון או שובר' }).fill(coupon.toLowerCase());
    await page.getByRole('button', { name: 'מימוש' }).click();
    const applied = count === 1 ? 'הוחל על כרטיס אחד' : `הוחל על ${count} כרטיסים`;
    await expect(page.getByRole('status').filter({ hasText: applied })).toBeVisible({
      timeout: 15_000,
    });
  }
  if (product) {
    // One of the product, on the products step.
    await page.getByRole('button', { name: 'המשך' }).first().click();
    await expect(page).toHaveURL(/step=products/);
    const card = page.getByTestId('product-card').filter({ hasText: product });
    await card.getByRole('button', { name: `הוספת ${product} אחד` }).click();
    await expect(card.locator('output')).toHaveText('1');
  }
  // The steps after the tickets (products, when the show has any) up to the buyer's details.
  for (let step = 0; step < 3 && !/\/booking\/checkout$/.test(page.url()); step++) {
    await page.getByRole('button', { name: 'המשך' }).first().click();
    await page.waitForURL(/step=|\/booking\/checkout$/);
  }
  await expect(page).toHaveURL(/\/booking\/checkout$/);
  await page.getByRole('textbox', { name: 'שם פרטי', exact: true }).fill(BUYER.first);
  await page.getByRole('textbox', { name: 'שם משפחה', exact: true }).fill(BUYER.last);
  await page.getByRole('textbox', { name: 'דוא"ל', exact: true }).fill(BUYER.email);
  await page.getByRole('textbox', { name: 'טלפון נייד', exact: true }).fill(BUYER.mobile);
  await page.getByRole('textbox', { name: 'אימות טלפון נייד', exact: true }).fill(BUYER.mobile);
  await page.getByRole('checkbox', { name: /^קראתי ואני מסכים/ }).check();
  await page.getByRole('button', { name: 'המשך לתשלום' }).click();
  await expect(page).toHaveURL(/\/booking\/checkout\/payment$/);
  const due = (await page.getByTestId('pay-total').innerText()).trim();
  await page.getByRole('button', { name: `תשלום ${due}` }).click();
  await payWithCard(page, '4580000000000000');
  await expect(page.getByTestId('confirmation')).toBeVisible({ timeout: 30_000 });
  const identifier = (await page.getByTestId('reservation-identifier').innerText()).trim();
  await page.close();
  return { identifier, due };
}

/** A venue of business 1 made on the venues screen, with `seatmaps/venues/theatre.json` uploaded and published. */
export async function createTheatreVenue(page: Page, venue: { code: string; names: Names; address: string }) {
  await page.goto('/backoffice/venues?lang=en');
  await page.locator('#bo-venue-code').fill(venue.code);
  for (const lang of ['he', 'en', 'ru', 'ar'] as const) await page.locator(`#bo-venue-${lang}`).fill(venue.names[lang]);
  await page.locator('#bo-venue-address').fill(venue.address);
  await page.getByRole('button', { name: 'Create the venue' }).click();
  await expect(page.getByTestId('bo-venue-notice')).toHaveText(`The venue ${venue.names.en} was created.`);
  const venueRow = page.getByTestId(`bo-venue-${venue.code}`);
  await venueRow.locator('input[type=file]').setInputFiles({
    name: 'theatre.json',
    mimeType: 'application/json',
    buffer: Buffer.from(THEATRE),
  });
  // Checked and drawn in the browser first, then confirmed.
  await page.getByRole('button', { name: 'Upload this seat plan' }).click();
  await expect(page.getByTestId('bo-venue-notice')).toContainText('main-hall, version 1 was saved as a draft');
  const plan = venueRow.getByTestId('bo-plan-main-hall-1');
  await plan.getByRole('button', { name: /^Publish ?:/ }).click();
  await expect(plan).toContainText('Published');
}

/** An event (theatre) made on the events screen, named and described in four languages. */
export async function createEvent(page: Page, event: { names: Names; descriptions: Names; minutes: string }) {
  await page.goto('/backoffice/events?lang=en');
  for (const lang of ['he', 'en', 'ru', 'ar'] as const) {
    await page.locator(`#bo-event-name-${lang}`).fill(event.names[lang]);
    await page.locator(`#bo-event-description-${lang}`).fill(event.descriptions[lang]);
  }
  await page.locator('#bo-event-category').selectOption({ label: 'Theatre' });
  await page.locator('#bo-event-duration').fill(event.minutes);
  await page.getByRole('button', { name: 'Create the event' }).click();
  await expect(page.getByTestId('bo-event-notice')).toHaveText(
    `The event ${event.names.en} was created. Now add its dates.`,
  );
}

/** A product at `venue`, sold with the event named `event`, made on the events screen's products part. */
export async function createProduct(
  page: Page,
  product: { venue: string; event: string; names: Names; price: string },
) {
  const products = page.getByTestId('bo-products');
  await products.getByLabel('Venue').selectOption({ label: product.venue });
  await products.getByLabel('Sold with').selectOption({ label: product.event });
  for (const lang of ['he', 'en', 'ru', 'ar'] as const)
    await page.locator(`#bo-product-name-${lang}`).fill(product.names[lang]);
  await products.getByLabel('Price (₪, VAT included)').fill(product.price);
  await products.getByRole('button', { name: 'Create the product' }).click();
  await expect(page.getByTestId('bo-products-notice')).toHaveText(`The product ${product.names.en} was created.`);
  await expect(products.locator('tbody tr', { hasText: product.names.en })).toContainText(`₪${product.price}`);
}

/**
 * The events screen's "Add dates" form filled for a series on the theatre's plan at `venue`: from `first`, `count` dates
 * `everyDays` apart at `time`, zones A, B and C at the prices given (₪), at most `maxSeats` a order when given. The
 * caller adds what else it needs (a coupon) and presses "Add the dates".
 */
export async function fillDateSeries(
  page: Page,
  series: {
    venue: string;
    first: string;
    time: string;
    everyDays: string;
    count: string;
    prices: { A: string; B: string; C: string };
    maxSeats?: string;
  },
) {
  await page.locator('#bo-dates-venue').selectOption({ label: series.venue });
  await expect(page.locator('#bo-dates-plan option:checked')).toHaveText('main-hall, version 1');
  await page.locator('#bo-dates-firstDate').fill(series.first);
  await page.locator('#bo-dates-time').fill(series.time);
  await page.locator('#bo-dates-everyDays').fill(series.everyDays);
  await page.locator('#bo-dates-count').fill(series.count);
  if (series.maxSeats) await page.locator('#bo-dates-maxSeats').fill(series.maxSeats);
  for (const code of ['A', 'B', 'C'] as const)
    await page.getByTestId(`bo-price-${code}`).locator('input[id$="-price"]').fill(series.prices[code]);
}

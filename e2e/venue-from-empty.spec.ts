import { expect, test, type Browser } from '@playwright/test';
import { expectAxeClean } from './back-office.support';
import {
  BUYER,
  buyOnPhone,
  createEvent,
  createProduct,
  createTheatreVenue,
  fillDateSeries,
  jerusalemDay,
  liveTicketsOf,
  newPage as newPageOn,
  phoneOn,
  plusDays,
  setUpAndSignIn as setUpOn,
  sqlOn,
  useEmptyStack,
} from './empty-venue.support';

/**
 * A venue that starts from nothing: a server on an EMPTY database (`SEED=none`, as a venue's first start), run only
 * through its screens. The first administrator sets up their account through the one-time link the start wrote,
 * creates a second staff member holding the catalogue permission (291) only, and that person creates the venue,
 * uploads `seatmaps/venues/theatre.json` and publishes it, creates an event named in four languages, adds a series of
 * three dates with a price for every zone and a coupon capped at two, publishes them, and adds a product sold with
 * the event's dates. A buyer on a phone (390 px, touch, Hebrew) picks two seats on the map and pays with the coupon
 * and one of the product, and one seat of the second date with a second coupon (valid from today until the first date's
 * day, made through the date's Coupons form); the
 * administrator's report shows the two sold; the first date's time changes (the buyer is texted the new time) and its
 * price goes up for new sales (the buyer's order keeps what was paid); the second date is cancelled (its order
 * refunded once, its seat free, the buyer told). Every answer is checked against the OpenAPI document, as on the
 * shared stacks.
 */
const current = useEmptyStack();

const sql = <T>(query: string, values: unknown[] = []) => sqlOn(current())<T>(query, values);
const newPage = (browser: Browser, options: Parameters<Browser['newContext']>[0] = {}) =>
  newPageOn(browser, current(), options);
const setUpAndSignIn = (page: Parameters<typeof setUpOn>[1], link: URL, username: string) =>
  setUpOn(current(), page, link, username);

/** Texts the development sender stored for the buyer's mobile with the given template. */
const textsTo = (template: string) =>
  sql<{ body: string }>(
    `SELECT m.body FROM sent_message m JOIN notification_outbox o ON o.id = m.outbox_id
      WHERE o.template = $1 AND m.recipient = $2 ORDER BY m.id`,
    [template, BUYER.mobile],
  );

test('from an empty database: setup link, staff, venue, event, three dates, prices and a coupon, a phone sale, the report, a moved date and a cancelled one', async ({
  browser,
}) => {
  test.setTimeout(360_000);
  expect(await sql(`SELECT id FROM feature`)).toEqual([]);
  expect(await sql(`SELECT id FROM venue`)).toEqual([]);

  // The first administrator: the only account, set up through the link the first start wrote.
  const admin = await newPage(browser);
  await setUpAndSignIn(admin.page, current().setupLink(), 'admin');

  // A second staff member, with the catalogue permission only.
  await admin.page.goto('/backoffice/staff?lang=en');
  const form = admin.page.getByTestId('bo-staff-new');
  await form.locator('#bo-staff-new-username').fill('dana');
  await form.locator('#bo-staff-new-firstName').fill('Dana');
  await form.locator('#bo-staff-new-lastName').fill('Levi');
  await form.locator('#bo-staff-new-perm-291').check();
  await form.locator('#bo-staff-new-biz-1').check();
  await form.locator('button[type=submit]').click();
  await expect(admin.page.getByTestId('bo-staff-notice')).toHaveText(
    'The account dana was created. Give its setup link to the person.',
  );
  const danaLink = new URL(await admin.page.locator('#bo-staff-link-url').inputValue());
  const dana = await newPage(browser);
  await setUpAndSignIn(dana.page, danaLink, 'dana');
  await expect(dana.page.locator('nav.bo-menu a')).toHaveText(['Venues and seat plans', 'Events and dates']);

  // Dana creates the venue, uploads the theatre's plan and publishes it.
  const page = dana.page;
  await createTheatreVenue(page, {
    code: 'harbour-theatre',
    names: { he: 'תיאטרון הנמל', en: 'Harbour Theatre', ru: 'Театр в гавани', ar: 'مسرح الميناء' },
    address: 'HaNamal 5, Haifa',
  });

  // The event, named in four languages.
  await createEvent(page, {
    names: { he: 'החולמים', en: 'The Dreamers', ru: 'Мечтатели', ar: 'الحالمون' },
    descriptions: {
      he: 'הצגה על ים ועל אנשים.',
      en: 'A play about the sea and its people.',
      ru: 'Пьеса о море и его людях.',
      ar: 'مسرحية عن البحر وناسه.',
    },
    minutes: '100',
  });

  // Three dates a week apart at 20:00 with a price for every zone and a coupon capped at two in zone B (the
  // stalls' back rows, where the buyer's first free row is).
  const first = jerusalemDay(30);
  const days = [first, plusDays(first, 7), plusDays(first, 14)];
  await fillDateSeries(page, {
    venue: 'Harbour Theatre',
    first,
    time: '20:00',
    everyDays: '7',
    count: '3',
    maxSeats: '6',
    prices: { A: '180', B: '150', C: '120' },
  });
  await page.getByLabel('Add a coupon').check();
  const coupon = page.getByTestId('bo-dates-coupon');
  await coupon.getByLabel('Zone').selectOption({ label: 'Zone B' });
  await coupon.getByLabel('Code').fill('DREAM50');
  await coupon.getByLabel('Price (₪)').fill('50');
  await coupon.getByLabel('How many at most').fill('2');
  await page.getByRole('button', { name: 'Add the dates' }).click();
  await expect(page.getByTestId('bo-event-notice')).toHaveText(
    'Dates added as drafts: 3. Publish each one when it is ready.',
  );
  const ids: number[] = [];
  for (const day of days) {
    const row = page.getByTestId(`bo-date-${day}`);
    await expect(row).toContainText('Draft');
    await expect(row).toContainText('Coupon DREAM50 (up to 2): ₪50.00');
    ids.push(Number(await row.getAttribute('data-presentation-id')));
    await row.getByRole('button', { name: /^Publish ?:/ }).click();
    await expect(row).toContainText('Published');
  }

  // A second coupon on the second date, through its Coupons form: zone B, valid from today until the first date's
  // day (Israel time), at most two a order.
  const secondDateRow = page.locator(`tr[data-presentation-id="${ids[1]}"]`);
  await secondDateRow.getByRole('button', { name: /^Coupons/ }).click();
  const couponForm = page.getByTestId(`bo-coupons-${ids[1]}`);
  await expect(couponForm.getByLabel('Coupon', { exact: true })).toBeFocused();
  await couponForm.getByLabel('Coupon', { exact: true }).selectOption({ label: 'New coupon' });
  await couponForm.getByLabel('Zone').selectOption({ label: 'Zone B' });
  await couponForm.getByLabel('Code').fill('HARBOUR20');
  await couponForm.getByLabel('Price (₪)').fill('20');
  await couponForm.getByLabel('How many at most').fill('5');
  await couponForm.getByLabel('Most per order (optional)').fill('2');
  await couponForm.getByLabel('Valid from (optional)').fill(`${jerusalemDay(0)}T00:00`);
  await couponForm.getByLabel('Valid until (optional)').fill(`${plusDays(first, 1)}T00:00`);
  await expectAxeClean(page, 'events, coupons form (en, 1280 px)');
  await couponForm.getByRole('button', { name: 'Add the coupon' }).click();
  await expect(page.getByTestId('bo-event-notice')).toHaveText('The coupon HARBOUR20 was added.');
  await expect(secondDateRow).toContainText('Coupon HARBOUR20 (up to 5): ₪20.00 · used 0');
  await expect(secondDateRow.getByRole('button', { name: /^Coupons/ })).toBeFocused();

  // A product sold with the event's dates, made on the same screen.
  await createProduct(page, {
    venue: 'Harbour Theatre',
    event: 'The Dreamers',
    names: { he: 'פופקורן הנמל', en: 'Harbour popcorn', ru: 'Попкорн гавани', ar: 'فشار الميناء' },
    price: '18.50',
  });

  // A buyer on a phone finds the show on the storefront and buys two seats with the coupon and the popcorn, then one
  // seat of the second date.
  const phone = await phoneOn(browser, current());
  const home = await phone.newPage();
  await home.goto('/?lang=he');
  await expect(home.getByText('החולמים').first()).toBeVisible({ timeout: 15_000 });
  await home.close();
  const withCoupon = await buyOnPhone(phone, ids[0]!, 2, 'DREAM50', 'פופקורן הנמל');
  expect(withCoupon.due).toContain('118.50');
  const second = await buyOnPhone(phone, ids[1]!, 1, 'HARBOUR20');
  expect(second.due).toContain('20.00');
  const sold = await liveTicketsOf(current(), [withCoupon.identifier, second.identifier]);
  expect(sold).toEqual([
    { presentation_id: ids[0], n: 2 },
    { presentation_id: ids[1], n: 1 },
  ]);

  // The administrator's report of the first date's day shows the two seats sold.
  await admin.page.goto('/backoffice?lang=en');
  await admin.page.locator('#bo-date').fill(first);
  const byFeature = admin.page.locator('#bo-by-feature');
  await expect(byFeature.locator('tr', { hasText: 'The Dreamers' })).toBeVisible({ timeout: 15_000 });
  await expect(byFeature.locator('tr', { hasText: 'The Dreamers' }).locator('td').nth(1)).toHaveText('2');

  // The first date moves to 21:15: the buyer is texted the new time. (The second date's coupon shows its use.)
  await page.goto('/backoffice/events?lang=en');
  await page.locator('.bo-event-table tbody tr', { hasText: 'The Dreamers' }).getByRole('button').click();
  await expect(page.locator(`tr[data-presentation-id="${ids[1]}"]`)).toContainText(
    'HARBOUR20 (up to 5): ₪20.00 · used 1',
  );
  const firstRow = page.locator(`tr[data-presentation-id="${ids[0]}"]`);
  await firstRow.getByRole('button', { name: /^Change date and time/ }).click();
  const move = page.getByTestId(`bo-move-${ids[0]}`);
  await move.getByLabel('New time').fill('21:15');
  await move.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('bo-event-notice')).toContainText('Date moved to ');
  await expect(firstRow).toContainText('21:15');
  await expect.poll(async () => (await textsTo('presentation-moved')).length, { timeout: 15_000 }).toBe(1);
  expect((await textsTo('presentation-moved'))[0]!.body).toContain('21:15');

  // The first date's regular price in zone B goes up from ₪150 to ₪160: new sales only, the buyer keeps what was paid.
  const paidFor = (identifier: string) =>
    sql<{ amount_agorot: number }>(
      `SELECT t.amount_agorot FROM reservation_ticket t JOIN reservation r ON r.id = t.reservation_id
        WHERE r.identifier = $1 ORDER BY t.id`,
      [identifier],
    );
  const paidBefore = await paidFor(withCoupon.identifier);
  await firstRow.getByRole('button', { name: /^Change prices/ }).click();
  const priceForm = page.getByTestId(`bo-prices-${ids[0]}`);
  await expect(priceForm).toContainText('Tickets already sold keep what their buyers paid');
  const zoneB = priceForm.locator('fieldset', { hasText: 'Zone B' }).filter({ hasNotText: 'DREAM50' });
  await expect(zoneB.getByLabel('Price (₪)')).toHaveValue('150');
  await zoneB.getByLabel('Price (₪)').fill('160');
  await expectAxeClean(page, 'events, price change form (en, 1280 px)');
  await priceForm.getByRole('button', { name: 'Save the prices' }).click();
  await expect(page.getByTestId('bo-event-notice')).toContainText('They apply to sales from now on');
  await expect(firstRow).toContainText('₪160.00');
  await expect(firstRow.getByRole('button', { name: /^Change prices/ })).toBeFocused();
  expect(await paidFor(withCoupon.identifier)).toEqual(paidBefore);

  // The second date is cancelled: its order refunded once, its seat free, the buyer told.
  const secondRow = page.locator(`tr[data-presentation-id="${ids[1]}"]`);
  await secondRow.getByRole('button', { name: /^Cancel this date/ }).click();
  await page.getByTestId(`bo-cancel-${ids[1]}`).getByRole('button', { name: 'Cancel the date' }).click();
  await expect(page.getByTestId('bo-event-notice')).toContainText('is cancelled and off sale.');
  await expect(secondRow).toContainText('Cancelled');
  const refunds = () =>
    sql<{ charged: number; refunded: number; refunds: number }>(
      `SELECT s.amount_agorot AS charged,
              coalesce((SELECT sum(x.amount_agorot) FROM sandbox_refund x WHERE x.charge_id = s.id), 0)::int AS refunded,
              (SELECT count(*)::int FROM sandbox_refund x WHERE x.charge_id = s.id) AS refunds
         FROM payment p JOIN reservation r ON r.id = p.reservation_id JOIN sandbox_charge s ON s.id = p.provider_reference
        WHERE r.identifier = $1`,
      [second.identifier],
    );
  await expect.poll(async () => (await refunds())[0]?.refunds, { timeout: 30_000 }).toBe(1);
  const [refund] = await refunds();
  expect(refund!.refunded).toBe(refund!.charged);
  expect(
    await sql(`SELECT id FROM reservation_ticket WHERE presentation_id = $1 AND status = 'live'`, [ids[1]]),
  ).toEqual([]);
  await expect.poll(async () => (await textsTo('presentation-cancelled')).length, { timeout: 15_000 }).toBe(1);
  expect((await textsTo('presentation-cancelled'))[0]!.body).toContain(second.identifier);
  // The first date's order is untouched.
  expect(await sql(`SELECT state FROM reservation WHERE identifier = $1`, [withCoupon.identifier])).not.toEqual([
    { state: 'cancelled' },
  ]);

  await phone.close();
  await dana.context.close();
  await admin.context.close();
});

import { adminTest, openBackOffice } from './admin-session.support';
import { expectAxeClean } from './back-office.support';
import { withSql } from './sql.support';
import { expect, request as apiRequest, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The back-office screen for events and their dates (permission 291): the administrator creates an event named in
 * four languages, adds a series of two dates on a published seat plan with a price for every zone (typed in
 * shekels, stored in agorot) and a capped coupon in one zone (its code and cap stored on each date and shown in the
 * dates list), publishes the first, and a buyer then finds that date and not the draft; publishing a
 * date with a zone left unpriced is refused with the server's message and the zone named. A published date is moved to
 * another time and then cancelled, after which buyers no longer find it. axe finds nothing in Hebrew and Arabic, at
 * 390 px, 1280 px and 2560 px, with the coupon's fields, a date's move form and its cancel confirmation open too. The tests sell on a hall of this file's own, one per
 * worker (the theatre plan, uploaded and published through the admin API), each date on a day of its own there, so no
 * date can overlap the demo's, another spec's or another test's. The administrator is signed in once per worker
 * through the API (adminTest): no test here tests signing in.
 */
const THEATRE = readFileSync(path.join(__dirname, '../seatmaps/venues/theatre.json'), 'utf8');
const SEAT_PLAN_MEDIA_TYPE = 'application/vnd.hotline.seat-plan+json';
const DAY_MS = 86_400_000;

const uniqueCode = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e4)}`;
/** The Israeli calendar day `days` from now, 'YYYY-MM-DD'. */
const jerusalemDay = (days: number) =>
  new Date(Date.now() + days * DAY_MS).toLocaleDateString('en-CA', { timeZone: 'Asia/Jerusalem' });
const plusDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

async function created<T>(response: APIResponse, status = 201): Promise<T> {
  expect(response.status(), await response.text()).toBe(status);
  return (await response.json()) as T;
}

/** A hall of this worker's own in business 1, the theatre plan published on it (zones A, B and C). */
type Hall = {
  id: number;
  planId: number;
  en: string;
  he: string;
  /** A day no other date of this file in the hall has (its dates must not overlap), far enough ahead to be bookable. */
  day(): string;
};

/** The hall, uploaded and published through the admin API as the administrator. */
async function ownTheatre(api: APIRequestContext): Promise<Omit<Hall, 'day'>> {
  const code = uniqueCode('e2e-ev-hall');
  const names = {
    he: `אולם אירועים ${code}`,
    en: `Events Hall ${code}`,
    ru: `Зал событий ${code}`,
    ar: `قاعة الفعاليات ${code}`,
  };
  const venue = await created<{ id: number }>(
    await api.post('/api/admin/venues?lang=en', {
      data: { businessId: 1, code, name: names, address: 'Herzl 1, Haifa', kind: 'hall' },
    }),
  );
  const plan = await publishedPlan(api, venue.id, THEATRE);
  return { id: venue.id, planId: plan.id, en: names.en, he: names.he };
}

/** A version of a venue's seat plan, uploaded and published through the admin API. */
async function publishedPlan(api: APIRequestContext, venueId: number, doc: string): Promise<{ id: number }> {
  const plan = await created<{ id: number; revision: number }>(
    await api.post(`/api/admin/venues/${venueId}/seat-plans?lang=en`, {
      headers: { 'content-type': SEAT_PLAN_MEDIA_TYPE },
      data: doc,
    }),
  );
  await created(
    await api.post(`/api/admin/seat-plans/${plan.id}/publish?lang=en`, { data: { revision: plan.revision } }),
    200,
  );
  return plan;
}

/** An event of business 1 made through the admin API (the first test makes its own through the form). */
async function apiEvent(page: Page, tag: string): Promise<number> {
  const feature = await created<{ id: number }>(
    await page.request.post('/api/admin/features?lang=en', {
      data: {
        businessId: 1,
        name: { he: `הצגה ${tag}`, en: `Play ${tag}`, ru: `Пьеса ${tag}`, ar: `مسرحية ${tag}` },
        description: { he: '', en: '', ru: '', ar: '' },
        categoryId: 2,
        durationMinutes: 100,
        ageLimit: null,
      },
    }),
  );
  return feature.id;
}

/** The events screen opened in English after the API set-up, one event's dates shown. */
async function showDates(page: Page, featureId: number): Promise<void> {
  await openBackOffice(page, 'events', 'en');
  await expect(page.locator('.bo-event-table').first()).toBeVisible({ timeout: 15_000 });
  await page
    .getByTestId(`bo-event-${featureId}`)
    .getByRole('button', { name: /^Show the dates/ })
    .click();
}

/** One date of the event on the plan, every zone priced, made and published through the admin API. */
async function apiPublishedDate(page: Page, featureId: number, planId: number, day: string, time: string) {
  const { zones } = await created<{ zones: { id: number }[] }>(
    await page.request.get(`/api/admin/seat-plans/${planId}/zones?lang=en`),
    200,
  );
  const ticket = {
    name: { he: 'רגיל', en: 'Regular', ru: 'Обычный', ar: 'عادي' },
    priceAgorot: 10_000,
    serviceChargeAgorot: 0,
  };
  const { presentations } = await created<{ presentations: { id: number; revision: number }[] }>(
    await page.request.post('/api/admin/presentations?lang=en', {
      data: {
        featureId,
        seatPlanId: planId,
        firstDate: day,
        time,
        everyDays: 7,
        count: 1,
        maxSeatsPerOrder: 6,
        prices: zones.map((z) => ({ zoneId: z.id, tickets: [ticket] })),
      },
    }),
  );
  const date = presentations[0]!;
  await created(
    await page.request.post(`/api/admin/presentations/${date.id}/publish?lang=en`, {
      data: { revision: date.revision },
    }),
    200,
  );
  return date.id;
}

/**
 * How a test of one date's form begins: the screen at 1280 px, an event of its own (named after `tag`) with one date on
 * the hall (every zone priced, published), the event's dates shown in English, and that date's row.
 */
async function dateRow(page: Page, hall: Hall, tag: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  const featureId = await apiEvent(page, uniqueCode(tag));
  const day = hall.day();
  const dateId = await apiPublishedDate(page, featureId, hall.planId, day, '20:00');
  await showDates(page, featureId);
  return { featureId, dateId, day, row: page.locator(`tr[data-presentation-id="${dateId}"]`) };
}

/**
 * The tests sell on one hall per worker, made through the API by the first test that needs it: uploading and
 * publishing the theatre plan for each test cost seconds each, and only `seat-plan-designer`/`venue-admin` test that
 * through the screens. Each date gets a day of its own in the hall (a series of two, a week apart, fits in one step).
 * Module state, which lives as long as the worker process: a worker-scoped fixture would make Playwright start another
 * worker, and another browser, for this file.
 */
let ourHall: Omit<Hall, 'day'> | undefined;
let daysTaken = 0;
const test = adminTest.extend<{ hall: Hall }>({
  hall: async ({ baseURL, storageState }, use) => {
    if (!ourHall) {
      const api = await apiRequest.newContext({ baseURL, storageState });
      ourHall = await ownTheatre(api);
      await api.dispose();
    }
    await use({ ...ourHall, day: () => jerusalemDay(45 + ((8 * daysTaken++) % 248)) });
  },
});

const zoneRow = (page: Page, code: string) => page.getByTestId(`bo-price-${code}`);
const price = (page: Page, code: string) => zoneRow(page, code).locator('input[id$="-price"]');
const charge = (page: Page, code: string) => zoneRow(page, code).locator('input[id$="-charge"]');

// Leave the storefront as found: the dates this file published (in its own halls, with no orders) come off sale, so
// a spec that picks "an upcoming show" or reads the listing never meets them.
test.afterAll(async () => {
  await withSql((sql) =>
    sql.query(
      `UPDATE presentation SET cancelled_at = now()
        WHERE cancelled_at IS NULL AND venue_id IN (SELECT id FROM venue WHERE code LIKE 'e2e-ev-hall%')`,
    ),
  );
});

test('the administrator creates an event in four languages, adds two dates with prices, publishes one, and a buyer sees only it', async ({
  page,
  request,
  hall,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openBackOffice(page, 'events', 'en');
  await expect(page.locator('nav.bo-menu a.active')).toHaveText('Events and dates');
  await expect(page.getByRole('heading', { level: 2, name: 'Events and dates' })).toBeVisible();
  await expect(page.locator('.bo-event-table').first()).toBeVisible({ timeout: 15_000 });

  // A required name left empty is named, and focused.
  await page.getByRole('button', { name: 'Create the event' }).click();
  await expect(page.locator('#bo-event-name-he')).toBeFocused();
  await expect(page.locator('#bo-event-name-he')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#bo-event-name-en')).toHaveAttribute('aria-invalid', 'true');

  const tag = uniqueCode('e2e');
  const name = `Test Show ${tag}`;
  await page.locator('#bo-event-businessId').selectOption('1');
  await page.locator('#bo-event-name-he').fill(`מופע בדיקה ${tag}`);
  await page.locator('#bo-event-name-en').fill(name);
  await page.locator('#bo-event-name-ru').fill(`Тестовый спектакль ${tag}`);
  await page.locator('#bo-event-name-ar').fill(`عرض تجريبي ${tag}`);
  await page.locator('#bo-event-description-he').fill('מופע קצר לבדיקה.');
  await page.locator('#bo-event-description-en').fill('A short show for the test.');
  await page.locator('#bo-event-description-ru').fill('Короткий спектакль для проверки.');
  await page.locator('#bo-event-description-ar').fill('عرض قصير للاختبار.');
  await page.locator('#bo-event-category').selectOption({ label: 'Theatre' });
  await page.locator('#bo-event-duration').fill('90');
  await page.locator('#bo-event-ageLimit').fill('12');
  await page.getByRole('button', { name: 'Create the event' }).click();
  await expect(page.getByTestId('bo-event-notice')).toHaveText(`The event ${name} was created. Now add its dates.`);
  // The new event is chosen: its dates (none yet) and the form to add them, its heading focused.
  await expect(page.locator('#bo-dates-title')).toHaveText(`Dates of the event: ${name}`);
  await expect(page.locator('#bo-dates-title')).toBeFocused();
  const dates = page.getByTestId('bo-event-dates');
  await expect(dates).toContainText('No dates yet.');
  const eventRow = page.locator('.bo-event-table tbody tr', { hasText: name });
  await expect(eventRow).toContainText('Theatre');
  await expect(eventRow).toContainText('90 min');
  await expect(eventRow).toContainText('Not shown yet');
  await expect(eventRow).toHaveAttribute('aria-current', 'true');

  // A series of two dates a week apart on our hall's plan; each zone named "Regular" in the four languages.
  await page.locator('#bo-dates-venue').selectOption(String(hall.id));
  await expect(page.locator('#bo-dates-venue option:checked')).toHaveText(hall.en);
  await expect(page.locator('#bo-dates-plan option:checked')).toHaveText('main-hall, version 1');
  for (const code of ['A', 'B', 'C']) await expect(zoneRow(page, code)).toBeVisible();
  await expect(zoneRow(page, 'A')).toContainText('Zone A');
  const ticketA = zoneRow(page, 'A');
  await expect(ticketA.locator('input[lang=he]')).toHaveValue('רגיל');
  await expect(ticketA.locator('input[lang=en]')).toHaveValue('Regular');
  await expect(ticketA.locator('input[lang=ru]')).toHaveValue('Обычный');
  await expect(ticketA.locator('input[lang=ar]')).toHaveValue('عادي');
  await expect(ticketA.getByLabel('Hebrew, Ticket name, Zone A')).toHaveValue('רגיל');

  const first = hall.day();
  const second = plusDays(first, 7);
  await page.locator('#bo-dates-firstDate').fill(first);
  await page.locator('#bo-dates-time').fill('23:30');
  await page.locator('#bo-dates-everyDays').fill('7');
  await page.locator('#bo-dates-count').fill('2');
  await page.locator('#bo-dates-maxSeats').fill('6');
  await price(page, 'A').fill('150');
  await charge(page, 'A').fill('10');
  await price(page, 'B').fill('149.90');
  // A coupon in zone A: its code upper-cased as typed, its name prefilled in the four languages.
  const couponCode = `E2E-${Math.random().toString(36).slice(2, 10).toUpperCase()}`;
  await page.getByLabel('Add a coupon').check();
  const coupon = page.getByTestId('bo-dates-coupon');
  await expect(coupon.locator('legend')).toHaveText('Coupon');
  await coupon.getByLabel('Zone').selectOption({ label: 'Zone A' });
  await expect(coupon.getByLabel('Coupon name in English')).toHaveValue('Coupon');
  await expect(coupon.getByLabel('Coupon name in Hebrew')).toHaveValue('קופון');
  await expect(coupon.locator('input[lang=ru]')).toHaveValue('Купон');
  await expect(coupon.locator('input[lang=ar]')).toHaveValue('قسيمة');
  await coupon.getByLabel('Code').fill(couponCode.toLowerCase());
  await expect(coupon.getByLabel('Code')).toHaveValue(couponCode);
  await coupon.getByLabel('Price (₪)').fill('50');
  // A price that is not an amount is named at its field, which gets the focus; so is the coupon's missing cap; nothing
  // is sent.
  await price(page, 'C').fill('ninety');
  await page.getByRole('button', { name: 'Add the dates' }).click();
  await expect(price(page, 'C')).toBeFocused();
  await expect(price(page, 'C')).toHaveAttribute('aria-invalid', 'true');
  await expect(zoneRow(page, 'C')).toContainText('Enter an amount in shekels');
  await expect(coupon.getByLabel('How many at most')).toHaveAttribute('aria-invalid', 'true');
  await expect(coupon).toContainText('Enter a whole number from 1 to 1,000,000.');
  await price(page, 'C').fill('99.5');
  await charge(page, 'C').fill('5.25');
  await coupon.getByLabel('How many at most').fill('2');
  await page.getByRole('button', { name: 'Add the dates' }).click();
  await expect(page.getByTestId('bo-event-notice')).toHaveText(
    'Dates added as drafts: 2. Publish each one when it is ready.',
  );
  const firstRow = page.getByTestId(`bo-date-${first}`);
  const secondRow = page.getByTestId(`bo-date-${second}`);
  await expect(firstRow).toContainText('23:30');
  await expect(firstRow).toContainText('Draft');
  await expect(secondRow).toContainText('Draft');
  await expect(firstRow).toContainText(hall.en);
  await expect(firstRow).toContainText('₪150.00 + ₪10.00 service charge');
  await expect(firstRow).toContainText('₪149.90');
  await expect(firstRow).toContainText('₪99.50 + ₪5.25 service charge');
  await expect(firstRow).toContainText(`Coupon ${couponCode} (up to 2): ₪50.00`);
  await expect(secondRow).toContainText(`Coupon ${couponCode} (up to 2)`);
  await expect(eventRow.locator('td').nth(3)).toHaveText('2');

  // The shekels typed are whole agorot on the wire, with the ticket's four names.
  const firstId = Number(await firstRow.getAttribute('data-presentation-id'));
  const secondId = Number(await secondRow.getAttribute('data-presentation-id'));
  const stored = await created<{
    maxSeatsPerOrder: number;
    localTime: string;
    prices: { tickets: { name: Record<string, string>; priceAgorot: number; serviceChargeAgorot: number }[] }[];
  }>(await page.request.get(`/api/admin/presentations/${firstId}`), 200);
  expect(stored.maxSeatsPerOrder).toBe(6);
  expect(stored.localTime).toBe('23:30');
  expect(stored.prices.map((z) => z.tickets.map((t) => [t.priceAgorot, t.serviceChargeAgorot]))).toEqual([
    [
      [15_000, 1_000],
      [5_000, 0],
    ],
    [[14_990, 0]],
    [[9_950, 525]],
  ]);
  expect(stored.prices[0]!.tickets[0]!.name).toEqual({ he: 'רגיל', en: 'Regular', ru: 'Обычный', ar: 'عادي' });

  // The coupon is zone A's second ticket on each date of the series, with its code and cap, as the event's dates read.
  const featureId = Number((await eventRow.getAttribute('data-testid'))!.replace('bo-event-', ''));
  const { zones } = await created<{ zones: { id: number; code: string }[] }>(
    await page.request.get(`/api/admin/seat-plans/${hall.planId}/zones`),
    200,
  );
  const zoneA = zones.find((z) => z.code === 'A')!.id;
  const { presentations } = await created<{
    presentations: {
      id: number;
      prices: {
        zoneId: number;
        tickets: { name: Record<string, string>; code?: string | null; cap?: number | null }[];
      }[];
    }[];
  }>(await page.request.get(`/api/admin/presentations?featureId=${featureId}`), 200);
  expect(presentations.map((p) => p.id).sort()).toEqual([firstId, secondId].sort());
  for (const p of presentations) {
    const tickets = p.prices.find((z) => z.zoneId === zoneA)!.tickets;
    expect(tickets.map((t) => [t.code ?? null, t.cap ?? null])).toEqual([
      [null, null],
      [couponCode, 2],
    ]);
    expect(tickets[1]!.name).toEqual({ he: 'קופון', en: 'Coupon', ru: 'Купон', ar: 'قسيمة' });
  }

  // Before publishing, buyers find neither date.
  expect((await request.get(`/api/presentations/${firstId}`)).status()).toBe(404);

  await firstRow.getByRole('button', { name: /^Publish ?:/ }).click();
  await expect(page.getByTestId('bo-event-notice')).toContainText('is published and on sale.');
  await expect(firstRow).toContainText('Published');
  await expect(firstRow.getByRole('button', { name: /^Publish/ })).toHaveCount(0);
  await expect(secondRow).toContainText('Draft');
  await expect(eventRow).toContainText('Shown to buyers');

  // A buyer (no staff session) finds the published date and not the draft.
  expect((await request.get(`/api/presentations/${firstId}`)).status()).toBe(200);
  expect((await request.get(`/api/presentations/${secondId}`)).status()).toBe(404);
});

test('publishing a date with a zone left unpriced is refused in Hebrew, the zone named', async ({ page, hall }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const tag = uniqueCode('e2e');
  const featureId = await apiEvent(page, tag);
  await openBackOffice(page, 'events', 'he');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const eventRow = page.getByTestId(`bo-event-${featureId}`);
  await eventRow.getByRole('button', { name: /^הצגת המועדים/ }).click();
  await expect(page.locator('#bo-dates-title')).toBeFocused();
  await expect(page.locator('#bo-dates-title')).toHaveText(`מועדי האירוע: הצגה ${tag}`);

  await page.locator('#bo-dates-venue').selectOption(String(hall.id));
  await expect(page.locator('#bo-dates-venue option:checked')).toHaveText(hall.he);
  await expect(zoneRow(page, 'C')).toBeVisible();
  const day = hall.day();
  await page.locator('#bo-dates-firstDate').fill(day);
  await page.locator('#bo-dates-time').fill('20:00');
  await page.locator('#bo-dates-count').fill('1');
  await price(page, 'A').fill('120');
  await price(page, 'B').fill('80');
  // A service charge without its price is named (zone C is left without any price).
  await charge(page, 'C').fill('5');
  await page.getByRole('button', { name: 'הוספת המועדים' }).click();
  await expect(price(page, 'C')).toBeFocused();
  await expect(zoneRow(page, 'C')).toContainText('הזינו גם את המחיר, או מחקו את דמי השירות.');
  await charge(page, 'C').fill('');
  await page.getByRole('button', { name: 'הוספת המועדים' }).click();
  await expect(page.getByTestId('bo-event-notice')).toContainText('נוספו מועדים כטיוטות: 1.');
  const row = page.getByTestId(`bo-date-${day}`);
  await expect(row).toContainText('טיוטה');
  await expect(row).toContainText('עדיין ללא מחיר');

  await row.getByRole('button', { name: /^פרסום/ }).click();
  const refusal = page.getByTestId('bo-event-refusal');
  await expect(refusal).toBeFocused();
  await expect(refusal).toHaveAttribute('role', 'alert');
  await expect(refusal).toContainText('עוד לא ניתן לפרסם את המועד');
  await expect(refusal.locator('li')).toHaveText(['לאזור עם מושבים אין מחיר: אזור ג׳']);
  await expect(row).toContainText('טיוטה');
  await expect(page.getByTestId('bo-event-notice')).toBeEmpty();
});

test('axe-clean in Hebrew and Arabic, at 390 px, 1280 px and 2560 px', async ({ page, hall }) => {
  test.setTimeout(180_000);
  const made = { hall, featureId: await apiEvent(page, uniqueCode('e2e-axe')) };
  for (const [lang, title] of [
    ['he', 'אירועים ומועדים'],
    ['ar', 'الفعاليات والمواعيد'],
  ] as const) {
    await page.setViewportSize({ width: 390, height: 844 });
    await openBackOffice(page, 'events', lang);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
    await expect(page.locator('.bo-event-table').first()).toBeVisible({ timeout: 15_000 });
    // The event's dates and the form with its price table, on our hall's plan.
    await page.getByTestId(`bo-event-${made.featureId}`).getByRole('button').click();
    await page.locator('#bo-dates-venue').selectOption(String(made.hall.id));
    await expect(zoneRow(page, 'A')).toBeVisible();
    // The coupon's fields open under the price table.
    await page.locator('#bo-dates-coupon-on').check();
    await expect(page.getByTestId('bo-dates-coupon')).toBeVisible();
    // Nothing wider than the phone's screen but the tables' own scrollers.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAxeClean(page, `events (${lang}, 390 px)`);
    for (const width of [1280, 2560]) {
      await page.setViewportSize({ width, height: 1000 });
      await expectAxeClean(page, `events (${lang}, ${width} px)`);
    }
  }
});

test('the administrator moves a published date to another time, then cancels it and buyers lose it; axe-clean with both forms open', async ({
  page,
  request,
  hall,
}) => {
  test.setTimeout(240_000);
  const day = hall.day();
  const featureId = await apiEvent(page, uniqueCode('e2e-move'));
  const dateId = await apiPublishedDate(page, featureId, hall.planId, day, '20:00');
  const noOverflow = async () =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

  // In Hebrew and Arabic, at 390 px and 2560 px: the move form and the cancel confirmation, each opened and closed.
  for (const lang of ['he', 'ar'] as const) {
    await page.setViewportSize({ width: 390, height: 844 });
    await openBackOffice(page, 'events', lang);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('.bo-event-table').first()).toBeVisible({ timeout: 15_000 });
    await page.getByTestId(`bo-event-${featureId}`).getByRole('button').click();
    const moveButton = page.locator(`#bo-date-${dateId}-move`);
    const cancelButton = page.locator(`#bo-date-${dateId}-cancel`);

    await moveButton.click();
    const form = page.getByTestId(`bo-move-${dateId}`);
    await expect(page.locator(`#bo-move-${dateId}-date`)).toBeFocused();
    await expect(page.locator(`#bo-move-${dateId}-date`)).toHaveValue(day);
    await expect(page.locator(`#bo-move-${dateId}-time`)).toHaveValue('20:00');
    await expect(moveButton).toHaveAttribute('aria-expanded', 'true');
    if (lang === 'he') {
      await expect(moveButton).toHaveAccessibleName(/^שינוי תאריך ושעה/);
      await expect(form.getByLabel('תאריך חדש')).toHaveValue(day);
      await expect(form).toContainText('כל קונה שיש לו כרטיסים למועד הזה יקבל את התאריך והשעה החדשים');
      await expect(form.getByRole('button', { name: 'שמירה' })).toBeVisible();
    }
    await noOverflow();
    await expectAxeClean(page, `events, move form (${lang}, 390 px)`);
    await page.setViewportSize({ width: 2560, height: 1000 });
    await expectAxeClean(page, `events, move form (${lang}, 2560 px)`);
    // Escape closes it, the focus back on its button.
    await page.keyboard.press('Escape');
    await expect(form).toHaveCount(0);
    await expect(moveButton).toBeFocused();

    await page.setViewportSize({ width: 390, height: 844 });
    await cancelButton.click();
    const confirmation = page.getByTestId(`bo-cancel-${dateId}`);
    await expect(confirmation).toBeFocused();
    await noOverflow();
    await expectAxeClean(page, `events, cancel confirmation (${lang}, 390 px)`);
    await page.setViewportSize({ width: 2560, height: 1000 });
    await expectAxeClean(page, `events, cancel confirmation (${lang}, 2560 px)`);
    await confirmation.getByRole('button', { name: lang === 'he' ? 'השארת המועד' : 'الإبقاء عليه' }).click();
    await expect(confirmation).toHaveCount(0);
    await expect(cancelButton).toBeFocused();
  }

  // In English: a time in the past is refused with the server's sentence, then the date moves to 21:15 that day.
  expect((await request.get(`/api/presentations/${dateId}`)).status()).toBe(200);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openBackOffice(page, 'events', 'en');
  await expect(page.locator('.bo-event-table').first()).toBeVisible({ timeout: 15_000 });
  await page
    .getByTestId(`bo-event-${featureId}`)
    .getByRole('button', { name: /^Show the dates/ })
    .click();
  const row = page.locator(`tr[data-presentation-id="${dateId}"]`);
  await expect(row).toContainText('20:00');
  await expect(row).toContainText('Published');
  await row.getByRole('button', { name: /^Change date and time/ }).click();
  const form = page.getByTestId(`bo-move-${dateId}`);
  await expect(form.getByLabel('New date')).toBeFocused();
  await form.getByLabel('New date').fill(jerusalemDay(-1));
  await form.getByRole('button', { name: 'Save' }).click();
  const refusal = page.getByTestId('bo-event-refusal');
  await expect(refusal).toBeFocused();
  await expect(refusal).toContainText('has already passed');
  await form.getByLabel('New date').fill(day);
  await form.getByLabel('New time').fill('21:15');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('bo-event-notice')).toContainText(
    'No orders have tickets for it, so no one needed to be told.',
  );
  await expect(page.getByTestId('bo-event-notice')).toContainText('Date moved to ');
  await expect(refusal).toHaveCount(0);
  await expect(form).toHaveCount(0);
  await expect(row).toContainText('21:15');
  await expect(row.getByRole('button', { name: /^Change date and time/ })).toBeFocused();
  const moved = await created<{ localDate: string; localTime: string; status: string }>(
    await page.request.get(`/api/admin/presentations/${dateId}`),
    200,
  );
  expect([moved.localDate, moved.localTime, moved.status]).toEqual([day, '21:15', 'published']);

  // Cancelled with a reason: off sale at once, the progress in its row, and buyers no longer find it.
  await row.getByRole('button', { name: /^Cancel this date/ }).click();
  const confirmation = page.getByTestId(`bo-cancel-${dateId}`);
  await expect(confirmation).toBeFocused();
  await expect(confirmation).toContainText('It comes off sale now');
  await expect(confirmation).toContainText('refunded in full');
  await confirmation.getByLabel('Reason (optional)').fill('The lead actor is ill.');
  await confirmation.getByRole('button', { name: 'Cancel the date' }).click();
  await expect(page.getByTestId('bo-event-notice')).toContainText('is cancelled and off sale.');
  await expect(confirmation).toHaveCount(0);
  await expect(row).toContainText('Cancelled');
  await expect(row.getByRole('status')).toHaveText(/^No orders to refund( · Done)?$/);
  await expect(row).toContainText('Reason: The lead actor is ill.');
  await expect(row.getByRole('button')).toHaveCount(0);
  await expect(row.getByRole('rowheader')).toBeFocused();
  expect((await request.get(`/api/presentations/${dateId}`)).status()).toBe(404);
  // While its job runs, the screen reads the dates again every 3 s for the progress.
  await page.waitForRequest((r) => r.url().includes(`/api/admin/presentations?featureId=${featureId}`), {
    timeout: 10_000,
  });
});

test('a product made on the screen for one event is offered to its buyers, and not once switched off; axe-clean with the edit form open', async ({
  page,
  request,
  hall,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const tag = uniqueCode('e2e-product');
  const featureId = await apiEvent(page, tag);
  const dateId = await apiPublishedDate(page, featureId, hall.planId, hall.day(), '19:00');
  await openBackOffice(page, 'events', 'en');
  const products = page.getByTestId('bo-products');
  await expect(products.getByRole('heading', { level: 3, name: 'Products' })).toBeVisible({ timeout: 15_000 });

  // A required name and a price left empty are named, and the first focused.
  await products.getByRole('button', { name: 'Create the product' }).click();
  await expect(page.locator('#bo-product-name-he')).toBeFocused();
  await expect(page.locator('#bo-product-price')).toHaveAttribute('aria-invalid', 'true');

  const name = `Popcorn ${tag}`;
  await page.locator('#bo-product-venue').selectOption(String(hall.id));
  await page.locator('#bo-product-event').selectOption(String(featureId));
  // Sold with that one date (the event's dates at the hall are offered once the event is chosen).
  await page.locator('#bo-product-date').selectOption(String(dateId));
  await page.locator('#bo-product-name-he').fill(`פופקורן ${tag}`);
  await page.locator('#bo-product-name-en').fill(name);
  await page.locator('#bo-product-name-ru').fill(`Попкорн ${tag}`);
  await page.locator('#bo-product-name-ar').fill(`فشار ${tag}`);
  await page.locator('#bo-product-price').fill('18,5');
  await page.locator('#bo-product-icon').selectOption('popcorn');
  // A stock of 5 and at most 2 per order; a per-order limit of 0 is named first.
  await page.locator('#bo-product-stock').fill('5');
  await page.locator('#bo-product-perOrder').fill('0');
  await products.getByRole('button', { name: 'Create the product' }).click();
  await expect(page.locator('#bo-product-perOrder')).toBeFocused();
  await expect(products).toContainText('Enter a whole number from 1 to 100.');
  await page.locator('#bo-product-perOrder').fill('2');
  await products.getByRole('button', { name: 'Create the product' }).click();
  await expect(page.getByTestId('bo-products-notice')).toHaveText(`The product ${name} was created.`);
  const row = products.locator('tbody tr', { hasText: name });
  await expect(row).toContainText('0 of 5 sold');
  await expect(row).toContainText('up to 2 per order');
  await expect(row).toContainText('₪18.50');
  await expect(row).toContainText('On sale');
  await expect(row).toContainText(`Play ${tag}`);
  await expect(row).toContainText('only on');

  // The buyer of the event's date is offered it, in Russian too.
  const offered = async () =>
    (
      (await (await request.get(`/api/presentations/${dateId}?lang=ru`)).json()).presentation.products as {
        nameRu: string;
        price: number;
      }[]
    ).filter((p) => p.nameRu === `Попкорн ${tag}`);
  expect(await offered()).toEqual([expect.objectContaining({ price: 18.5, perOrder: 2, available: 5 })]);

  // Edit: off sale. The form is filled in, its heading focused; axe finds nothing in Hebrew and Arabic with it open.
  for (const [lang, edit] of [
    ['he', 'עריכה'],
    ['ar', 'تعديل'],
  ] as const) {
    await page.goto(`/backoffice/events?lang=${lang}`);
    const rowHere = page.getByTestId('bo-products').locator('tbody tr', { hasText: tag });
    await rowHere.getByRole('button', { name: new RegExp(`^${edit}`) }).click();
    await expect(page.locator('#bo-product-form-title')).toBeFocused();
    await expect(page.locator('#bo-product-price')).toHaveValue('18.50');
    for (const width of [390, 2560]) {
      await page.setViewportSize({ width, height: 900 });
      if (width === 390) {
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      }
      await expectAxeClean(page, `events, product edit form (${lang}, ${width} px)`);
    }
  }
  await page.goto('/backoffice/events?lang=en');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page
    .getByTestId('bo-products')
    .locator('tbody tr', { hasText: name })
    .getByRole('button', { name: /^Edit/ })
    .click();
  await page.locator('#bo-product-active').uncheck();
  await page.getByRole('button', { name: 'Save the product' }).click();
  await expect(page.getByTestId('bo-products-notice')).toHaveText(`The product ${name} was saved.`);
  await expect(page.getByTestId('bo-products').locator('tbody tr', { hasText: name })).toContainText('Not on sale');
  await expect(
    page.getByTestId('bo-products').locator('tbody tr', { hasText: name }).getByRole('button', { name: /^Edit/ }),
  ).toBeFocused();
  expect(await offered()).toEqual([]);
});

test("a date's coupons form is axe-clean in Hebrew and Arabic at 390 px and 2560 px, names a bad window; a member price is set", async ({
  page,
  hall,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const featureId = await apiEvent(page, uniqueCode('e2e-coupons'));
  const dateId = await apiPublishedDate(page, featureId, hall.planId, hall.day(), '18:00');
  for (const lang of ['he', 'ar'] as const) {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/backoffice/events?lang=${lang}`);
    await page.getByTestId(`bo-event-${featureId}`).getByRole('button').click();
    await page.locator(`#bo-date-${dateId}-coupons`).click();
    const form = page.getByTestId(`bo-coupons-${dateId}`);
    await expect(form).toBeVisible();
    await expect(page.locator(`#bo-coupons-${dateId}-which`)).toBeFocused();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAxeClean(page, `events, coupons form (${lang}, 390 px)`);
    await page.setViewportSize({ width: 2560, height: 1000 });
    await expectAxeClean(page, `events, coupons form (${lang}, 2560 px)`);
    // Escape closes it, the focus back on its button.
    await page.keyboard.press('Escape');
    await expect(page.locator(`#bo-date-${dateId}-coupons`)).toBeFocused();
  }
  // A member price in the first zone, through the date's Member prices form (axe-clean with it open).
  await page.goto('/backoffice/events?lang=en');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByTestId(`bo-event-${featureId}`).getByRole('button').click();
  await page.locator(`#bo-date-${dateId}-members`).click();
  const members = page.getByTestId(`bo-members-${dateId}`);
  await expect(members.getByLabel('Member price (₪)').first()).toBeFocused();
  await members.getByLabel('Member price (₪)').first().fill('60');
  await expectAxeClean(page, 'events, member prices form (en, 1280 px)');
  await members.getByRole('button', { name: 'Save the member prices' }).click();
  await expect(page.getByTestId('bo-event-notice')).toContainText('The member prices of');
  await expect(page.locator(`tr[data-presentation-id="${dateId}"]`)).toContainText('Member price: ₪60.00');
  await expect(page.locator(`#bo-date-${dateId}-members`)).toBeFocused();

  // A waiver and a cancellation policy through the date's Waiver and cancellation form (axe-clean with it open).
  await page.locator(`#bo-date-${dateId}-settings`).click();
  const settings = page.getByTestId(`bo-settings-${dateId}`);
  await expect(page.locator(`#bo-settings-${dateId}-waiverOn`)).toBeFocused();
  await page.locator(`#bo-settings-${dateId}-waiverOn`).check();
  await settings.getByLabel('Waiver terms in Hebrew').fill('אני מצהיר שקראתי את הכללים.');
  await settings.getByLabel('Waiver terms in English').fill('I declare that I have read the rules.');
  await page.locator(`#bo-settings-${dateId}-cancelOn`).check();
  await settings.getByLabel('Cancellation charge').selectOption('percent');
  await settings.getByLabel('Percentage (0 to 100)').fill('10');
  await expectAxeClean(page, 'events, waiver and cancellation form (en, 1280 px)');
  await settings.getByRole('button', { name: 'Save the settings' }).click();
  await expect(page.getByTestId('bo-event-notice')).toContainText('The waiver and cancellation settings of');
  await expect(page.locator(`#bo-date-${dateId}-settings`)).toBeFocused();
  const waiver = (await (await page.request.get(`/api/presentations/${dateId}/waiver?lang=en`)).json()).waiver;
  expect(JSON.stringify(waiver)).toContain('I declare that I have read the rules.');

  // An end before the start is named at the end field, and nothing is sent.
  await page.locator(`#bo-date-${dateId}-coupons`).click();
  await page.locator(`#bo-coupons-${dateId}-code`).fill('LATE-ONE');
  await page.locator(`#bo-coupons-${dateId}-price`).fill('30');
  await page.locator(`#bo-coupons-${dateId}-from`).fill('2030-01-02T10:00');
  await page.locator(`#bo-coupons-${dateId}-until`).fill('2030-01-01T10:00');
  await page.getByRole('button', { name: 'Add the coupon' }).click();
  await expect(page.locator(`#bo-coupons-${dateId}-until`)).toBeFocused();
  await expect(page.locator(`#bo-coupons-${dateId}-until`)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByTestId(`bo-coupons-${dateId}`)).toContainText('The end must come after the start.');
});

test('a ticket for two seats added on the screen to a date on sale: a bad number named at its field, shown in the row, offered to buyers at its price; axe-clean with the form open', async ({
  page,
  hall,
  request,
}) => {
  test.setTimeout(150_000);
  const featureId = await apiEvent(page, uniqueCode('e2e-couple'));
  const dateId = await apiPublishedDate(page, featureId, hall.planId, hall.day(), '19:00');
  await page.setViewportSize({ width: 1280, height: 900 });
  await showDates(page, featureId);
  await page.locator(`#bo-date-${dateId}-tickets`).click();
  const form = page.getByTestId(`bo-tickets-${dateId}`);
  await expect(page.locator(`#bo-tickets-${dateId}-zone`)).toBeFocused();
  await form.getByLabel('Name in Hebrew').fill('זוגי');
  await form.getByLabel('Name in English').fill('Couple');
  await form.getByLabel('Name in Russian').fill('Для пары');
  await form.getByLabel('Name in Arabic').fill('زوجي');
  await page.locator(`#bo-tickets-${dateId}-price`).fill('180');
  await page.locator(`#bo-tickets-${dateId}-charge`).fill('5');
  // Eleven seats a ticket is more than the API takes: named at its field, nothing sent.
  await form.getByLabel('Seats per ticket').fill('11');
  await form.getByRole('button', { name: 'Add the ticket' }).click();
  await expect(form.getByLabel('Seats per ticket')).toBeFocused();
  await expect(form.getByLabel('Seats per ticket')).toHaveAttribute('aria-invalid', 'true');
  await expect(form).toContainText('Enter a whole number from 1 to 10.');
  await form.getByLabel('Seats per ticket').fill('2');
  await expectAxeClean(page, 'events, add a ticket form (en, 1280 px)');
  await form.getByRole('button', { name: 'Add the ticket' }).click();
  await expect(page.getByTestId('bo-event-notice')).toContainText('The ticket was added to');
  await expect(page.locator(`tr[data-presentation-id="${dateId}"]`)).toContainText(
    'Couple ₪180.00 + ₪5.00 service charge for 2 seats',
  );
  await expect(page.locator(`#bo-date-${dateId}-tickets`)).toBeFocused();

  // Buyers are offered it in every zone it was added to, at its price, as a ticket for two seats (the storefront
  // then asks for two seats and the one pricing pipeline charges it once).
  const groups = (await (await request.get(`/api/presentations/${dateId}/ticketGroups?lang=ru`)).json())
    .ticketGroups as {
    tickets: { nameRu?: string; name: string; price: number; serviceCharge: number; multiplyFactor: number }[];
  }[];
  const couple = groups.flatMap((g) => g.tickets).filter((t) => t.multiplyFactor === 2);
  expect(couple).toEqual([
    expect.objectContaining({ nameRu: 'Для пары', price: 180, serviceCharge: 5, multiplyFactor: 2 }),
  ]);

  // The form in Hebrew and Arabic, at 390 px and 2560 px.
  for (const lang of ['he', 'ar'] as const) {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/backoffice/events?lang=${lang}`);
    await page.getByTestId(`bo-event-${featureId}`).getByRole('button').click();
    await page.locator(`#bo-date-${dateId}-tickets`).click();
    await expect(page.locator(`#bo-tickets-${dateId}-zone`)).toBeFocused();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAxeClean(page, `events, add a ticket form (${lang}, 390 px)`);
    await page.setViewportSize({ width: 2560, height: 1000 });
    await expectAxeClean(page, `events, add a ticket form (${lang}, 2560 px)`);
    await page.keyboard.press('Escape');
    await expect(page.locator(`#bo-date-${dateId}-tickets`)).toBeFocused();
  }
});

test("a date's rotating door code switched on the screen, shown in its row; refused once a ticket was scanned; axe-clean with the form open", async ({
  page,
  hall,
}) => {
  test.setTimeout(180_000);
  const { featureId, dateId, row } = await dateRow(page, hall, 'e2e-rotating');
  const opener = row.getByRole('button', { name: /^Door code/ });
  await expect(page.getByTestId(`bo-date-${dateId}-rotating-shown`)).toHaveCount(0);

  // On: saved, named in the row, the focus back on its button; the server has it.
  await opener.click();
  const form = page.getByTestId(`bo-rotating-${dateId}`);
  const box = form.getByLabel('Rotating code at the doors');
  await expect(box).toBeFocused();
  await expect(box).not.toBeChecked();
  await box.check();
  await expectAxeClean(page, 'events, door code form (en, 1280 px)');
  await form.getByRole('button', { name: 'Save the door code' }).click();
  await expect(page.getByTestId('bo-event-notice')).toContainText('take only the rotating code now');
  await expect(form).toHaveCount(0);
  await expect(page.getByTestId(`bo-date-${dateId}-rotating-shown`)).toContainText('Rotating door code');
  await expect(opener).toBeFocused();
  const saved = await created<{ rotatingCode: boolean }>(
    await page.request.get(`/api/admin/presentations/${dateId}`),
    200,
  );
  expect(saved.rotatingCode).toBe(true);

  // In Hebrew at 390 px and Arabic at 2560 px the form is axe-clean, fits, and shows the setting.
  for (const [lang, width] of [
    ['he', 390],
    ['ar', 2560],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/backoffice/events?lang=${lang}`);
    await page.getByTestId(`bo-event-${featureId}`).getByRole('button').click();
    await page.locator(`#bo-date-${dateId}-rotating`).click();
    await expect(page.locator(`#bo-rotating-${dateId}-on`)).toBeFocused();
    await expect(page.locator(`#bo-rotating-${dateId}-on`)).toBeChecked();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await expectAxeClean(page, `events, door code form (${lang}, ${width} px)`);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId(`bo-rotating-${dateId}`)).toHaveCount(0);
  }

  // A scanner has judged a code of the date: switching off is refused with the server's sentence, nothing changes.
  const scanned = await created<{ outcome: string }>(
    await page.request.post('/api/checkin/redeem?lang=en', {
      data: {
        code: 'not a ticket',
        presentationId: dateId,
        gate: 'North 1',
        device: 'phone-1',
        scannedAt: new Date().toISOString(),
        nonce: randomUUID(),
        direction: 'in',
      },
    }),
    200,
  );
  expect(scanned.outcome).toBe('not-valid');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/backoffice/events?lang=en');
  await page.getByTestId(`bo-event-${featureId}`).getByRole('button').click();
  await page.locator(`#bo-date-${dateId}-rotating`).click();
  await page.locator(`#bo-rotating-${dateId}-on`).uncheck();
  await page.getByRole('button', { name: 'Save the door code' }).click();
  await expect(page.getByTestId('bo-event-refusal')).toContainText('can no longer be switched on or off');
  const after = await created<{ rotatingCode: boolean }>(
    await page.request.get(`/api/admin/presentations/${dateId}`),
    200,
  );
  expect(after.rotatingCode).toBe(true);
});

test("a date's sale window set on the screen: buyers see it as not yet on sale and get no seat map; then closed; axe-clean with the form open", async ({
  page,
  hall,
}) => {
  test.setTimeout(180_000);
  const { featureId, dateId, day, row } = await dateRow(page, hall, 'e2e-window');
  const opener = row.getByRole('button', { name: /^Sale window/ });

  // A close before the open is named in the form, before anything is sent.
  await opener.click();
  const form = page.getByTestId(`bo-window-${dateId}`);
  await expect(form.getByLabel('Sales open at')).toBeFocused();
  const opensDay = plusDays(day, -10);
  await form.getByLabel('Sales open at').fill(`${opensDay}T10:00`);
  await form.getByLabel('Sales close at').fill(`${plusDays(day, -11)}T10:00`);
  await form.getByRole('button', { name: 'Save the sale window' }).click();
  await expect(form.getByLabel('Sales close at')).toBeFocused();
  await expect(form).toContainText('Sales must close after they open.');

  // Opening ten days before the show, no close: saved, shown in the row, the focus back on its button.
  await form.getByLabel('Sales close at').fill('');
  await form.getByRole('button', { name: 'Save the sale window' }).click();
  await expect(page.getByTestId('bo-event-notice')).toContainText('The sale window of');
  await expect(form).toHaveCount(0);
  await expect(page.getByTestId(`bo-date-${dateId}-window`)).toContainText('On sale from');
  await expect(opener).toBeFocused();
  const saved = await created<{ salesOpenAt: string | null; salesCloseAt: string | null }>(
    await page.request.get(`/api/admin/presentations/${dateId}`),
    200,
  );
  expect(saved.salesCloseAt).toBeNull();
  expect(new Date(saved.salesOpenAt!).toLocaleString('sv-SE', { timeZone: 'Asia/Jerusalem' }).slice(0, 16)).toBe(
    `${opensDay} 10:00`,
  );

  // In Hebrew at 390 px and Arabic at 2560 px the form is axe-clean and fits.
  for (const [lang, width] of [
    ['he', 390],
    ['ar', 2560],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/backoffice/events?lang=${lang}`);
    await page.getByTestId(`bo-event-${featureId}`).getByRole('button').click();
    await page.locator(`#bo-date-${dateId}-window`).click();
    await expect(page.locator(`#bo-window-${dateId}-opens`)).toBeFocused();
    await expect(page.locator(`#bo-window-${dateId}-opens`)).toHaveValue(`${opensDay}T10:00`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await expectAxeClean(page, `events, sale window form (${lang}, ${width} px)`);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId(`bo-window-${dateId}`)).toHaveCount(0);
  }

  // A buyer: the event's page shows the date as not yet on sale, with no way to choose seats; its page has no map.
  const buyer = await page
    .context()
    .browser()!
    .newPage({ viewport: { width: 390, height: 844 } });
  await buyer.goto(`/booking/features/${featureId}?lang=en`);
  const showRow = buyer.locator('li.show-row[data-availability="notYet"]');
  await expect(showRow).toContainText('Not yet on sale');
  await expect(showRow.getByRole('link')).toHaveCount(0);
  await buyer.goto(`/order/${dateId}?lang=en`);
  await expect(buyer.getByTestId('order-off-sale')).toContainText('This date is not yet on sale. Sales open');
  await expect(buyer.getByLabel('Seat map')).toHaveCount(0);

  // Closed (a window that ended yesterday, through the API): "Sales closed".
  const current = await created<{ revision: number }>(
    await page.request.get(`/api/admin/presentations/${dateId}`),
    200,
  );
  await created(
    await page.request.put(`/api/admin/presentations/${dateId}/sale-window?lang=en`, {
      data: {
        revision: current.revision,
        opensAt: new Date(Date.now() - 2 * DAY_MS).toISOString(),
        closesAt: new Date(Date.now() - DAY_MS).toISOString(),
      },
    }),
    200,
  );
  await buyer.goto(`/booking/features/${featureId}?lang=en`);
  await expect(buyer.locator('li.show-row[data-availability="closed"]')).toContainText('Sales closed');
  await buyer.close();
});

test('online dates are added from the screen on a standing-only plan, and refused on a plan with numbered seats', async ({
  page,
  hall,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  // A hall whose plan is the theatre's stalls as one standing area (zone A), uploaded and published through the API.
  const theatre = JSON.parse(THEATRE) as { zones: { code: string }[]; sections: Record<string, unknown>[] };
  const standingDoc = {
    ...theatre,
    zones: [theatre.zones[0]],
    sections: [{ ...theatre.sections[0], isReserved: false, capacity: 300, zone: theatre.zones[0]!.code, groups: [] }],
  };
  const code = uniqueCode('e2e-ev-hall');
  const venue = await created<{ id: number }>(
    await page.request.post('/api/admin/venues?lang=en', {
      data: {
        businessId: 1,
        code,
        // Named in every language: the back office lists its dates to every later spec on this worker's data, and
        // i18n-every-page reads the on-sales list in Russian and Arabic (an empty name falls back to the English one).
        name: { he: `במה ${code}`, en: `Stage ${code}`, ru: `Сцена ${code}`, ar: `المسرح ${code}` },
        address: '',
        kind: 'hall',
      },
    }),
  );
  await publishedPlan(page.request, venue.id, JSON.stringify(standingDoc));
  const seated = hall;
  const featureId = await apiEvent(page, uniqueCode('e2e-online'));
  await showDates(page, featureId);

  // On the seated theatre an online date is refused with the server's sentence.
  const day = hall.day();
  await page.locator('#bo-dates-venue').selectOption(String(seated.id));
  await page.getByLabel('Where it is watched').selectOption({ label: 'Online, sold on its own' });
  await page.locator('#bo-dates-firstDate').fill(day);
  for (const zone of ['A', 'B', 'C']) await price(page, zone).fill('35');
  await page.getByRole('button', { name: 'Add the dates' }).click();
  const refusal = page.getByTestId('bo-event-refusal');
  await expect(refusal).toBeFocused();
  await expect(refusal).toContainText('An online date is sold on a plan of general admission only');

  // On the standing-only plan it is added, and the dates list says it is watched online.
  await page.locator('#bo-dates-venue').selectOption(String(venue.id));
  await expect(zoneRow(page, 'A')).toBeVisible();
  await price(page, 'A').fill('35');
  await expect(page.getByLabel('Where it is watched')).toHaveValue('sold-alone');
  await page.getByRole('button', { name: 'Add the dates' }).click();
  await expect(page.getByTestId('bo-event-notice')).toContainText('Dates added as drafts: 1.');
  const row = page.getByTestId(`bo-date-${day}`);
  await expect(row).toContainText('Online, sold on its own');
  const dateId = Number(await row.getAttribute('data-presentation-id'));
  const added = await created<{ videoOnDemand: string | null }>(
    await page.request.get(`/api/admin/presentations/${dateId}`),
    200,
  );
  expect(added.videoOnDemand).toBe('sold-alone');

  // Nothing of it sold: moved to the hall from its row, the row no longer says online, the focus back on its button.
  const watchingOpener = page.locator(`#bo-date-${dateId}-watching`);
  await watchingOpener.click();
  const form = page.getByTestId(`bo-watching-${dateId}`);
  await expect(form.getByLabel('Where it is watched')).toBeFocused();
  await form.getByLabel('Where it is watched').selectOption({ label: 'In the hall' });
  await form.getByRole('button', { name: 'Save where it is watched' }).click();
  await expect(page.getByTestId('bo-event-notice')).toContainText('is watched was saved.');
  await expect(row).not.toContainText('Online, sold on its own');
  await expect(watchingOpener).toBeFocused();
  const moved = await created<{ videoOnDemand: string | null }>(
    await page.request.get(`/api/admin/presentations/${dateId}`),
    200,
  );
  expect(moved.videoOnDemand).toBeNull();
});

test("a date's hold policy set on the screen: a bad number is named at its field, who may hold chosen from the keyboard, the saved rules show in the row; axe-clean with the form open", async ({
  page,
  hall,
}) => {
  test.setTimeout(180_000);
  const { featureId, dateId, row } = await dateRow(page, hall, 'e2e-holds');
  const opener = row.getByRole('button', { name: /^Hold orders/ });

  // The form opens on the date's rules (every date's default), the first field focused.
  await opener.click();
  const form = page.getByTestId(`bo-holds-${dateId}`);
  const allowed = form.getByLabel('Hold orders are taken for this date');
  await expect(allowed).toBeFocused();
  await expect(allowed).toBeChecked();
  await expect(form.getByRole('radio', { name: 'Members with an active membership' })).toBeChecked();
  await expect(form.getByLabel('Release unpaid holds, minutes before the start')).toHaveValue('30');

  // A life under 15 minutes is named at its field, before anything is sent.
  await form.getByLabel('A hold lasts at most, minutes').fill('5');
  await form.getByRole('button', { name: 'Save the hold rules' }).click();
  await expect(form.getByLabel('A hold lasts at most, minutes')).toBeFocused();
  await expect(form.getByLabel('A hold lasts at most, minutes')).toHaveAttribute('aria-invalid', 'true');
  await expect(form).toContainText('Enter whole minutes from 15 to 20160, or leave it empty.');

  // Released two hours before, a hold lives an hour at most: saved, shown in the row, the focus back on its button.
  await form.getByLabel('Release unpaid holds, minutes before the start').fill('120');
  await form.getByLabel('A hold lasts at most, minutes').fill('60');
  await form.getByRole('button', { name: 'Save the hold rules' }).click();
  await expect(page.getByTestId('bo-event-notice')).toContainText('The hold rules of');
  await expect(form).toHaveCount(0);
  await expect(page.getByTestId(`bo-date-${dateId}-holds`)).toContainText('Holds released 120 min before');
  await expect(opener).toBeFocused();

  // Any signed-in customer, chosen from the keyboard (one tab stop, arrows between the choices): saved, in the row.
  await opener.click();
  await allowed.press('Tab');
  await expect(form.getByRole('radio', { name: 'Members with an active membership' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(form.getByRole('radio', { name: 'Any signed-in customer' })).toBeChecked();
  await form.getByRole('button', { name: 'Save the hold rules' }).click();
  await expect(page.getByTestId(`bo-date-${dateId}-holds`)).toContainText('Holds for any customer');
  await expect(page.getByTestId(`bo-date-${dateId}-holds`)).toContainText('Holds released 120 min before');

  // No holds at all: the row says so, and the server has it.
  await opener.click();
  await allowed.uncheck();
  await form.getByRole('button', { name: 'Save the hold rules' }).click();
  await expect(page.getByTestId(`bo-date-${dateId}-holds`)).toContainText('No hold orders');
  const saved = await created<{ holdPolicy: unknown }>(
    await page.request.get(`/api/admin/presentations/${dateId}`),
    200,
  );
  expect(saved.holdPolicy).toEqual({
    allowed: false,
    holders: 'customers',
    releaseMinutesBeforeStart: 120,
    maxHoldMinutes: 60,
  });

  // In Hebrew at 390 px and Arabic at 2560 px the form is axe-clean and fits.
  for (const [lang, width] of [
    ['he', 390],
    ['ar', 2560],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/backoffice/events?lang=${lang}`);
    await page.getByTestId(`bo-event-${featureId}`).getByRole('button').click();
    await page.locator(`#bo-date-${dateId}-holds`).click();
    await expect(page.locator(`#bo-holds-${dateId}-allowed`)).toBeFocused();
    await expect(page.locator(`#bo-holds-${dateId}-release`)).toHaveValue('120');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await expectAxeClean(page, `events, hold policy form (${lang}, ${width} px)`);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId(`bo-holds-${dateId}`)).toHaveCount(0);
  }
});

test("a date on numbered seats is not moved online from its row: the server's sentence in the person's language; axe-clean with the form open", async ({
  page,
  hall,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const featureId = await apiEvent(page, uniqueCode('e2e-watching'));
  const dateId = await apiPublishedDate(page, featureId, hall.planId, hall.day(), '20:00');

  for (const [lang, width] of [
    ['he', 390],
    ['ar', 2560],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/backoffice/events?lang=${lang}`);
    await page.getByTestId(`bo-event-${featureId}`).getByRole('button').click();
    await page.locator(`#bo-date-${dateId}-watching`).click();
    const choice = page.locator(`#bo-watching-${dateId}-kind`);
    await expect(choice).toBeFocused();
    await expect(choice).toHaveValue('');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await expectAxeClean(page, `events, hall or online form (${lang}, ${width} px)`);
    await choice.selectOption('sold-alone');
    await page.getByTestId(`bo-watching-${dateId}`).locator('button[type="submit"]').click();
    const refusal = page.getByTestId('bo-event-refusal');
    await expect(refusal).toBeFocused();
    await expect(refusal).toContainText(
      lang === 'he'
        ? 'מועד לצפייה מקוונת נמכר על מפה של כניסה חופשית בלבד'
        : 'يُباع الموعد عبر الإنترنت على مخطط دخول عام فقط',
    );
    await expectAxeClean(page, `events, hall or online refused (${lang}, ${width} px)`);
  }
  const kept = await created<{ videoOnDemand: string | null }>(
    await page.request.get(`/api/admin/presentations/${dateId}`),
    200,
  );
  expect(kept.videoOnDemand).toBeNull();
});

test("a date's channel allocations set on the screen from the keyboard: a bad number is named at its field, the saved quotas show in the row; axe-clean with the form open", async ({
  page,
  hall,
}) => {
  test.setTimeout(180_000);
  const { featureId, dateId, row } = await dateRow(page, hall, 'e2e-quotas');
  const opener = row.getByRole('button', { name: /^Channel allocations/ });

  // The form opens with no channel limited, the first field focused.
  await opener.focus();
  await page.keyboard.press('Enter');
  const form = page.getByTestId(`bo-allocations-${dateId}`);
  const web = form.getByLabel('Website');
  await expect(web).toBeFocused();
  await expect(web).toHaveValue('');
  await expect(form).toContainText('No limit');

  // A part seat is named at its field, before anything is sent.
  await page.keyboard.type('2.5');
  await page.keyboard.press('Enter');
  await expect(web).toBeFocused();
  await expect(web).toHaveAttribute('aria-invalid', 'true');
  await expect(form).toContainText('Enter whole seats from 0 to 100000, or leave it empty.');

  // Forty seats on the website, ten at the box office: saved, shown in the row, the focus back on its button.
  await web.fill('40');
  await form.getByLabel('Box office').fill('10');
  await form.getByLabel('Box office').press('Enter');
  await expect(page.getByTestId('bo-event-notice')).toContainText('The channel allocations of');
  await expect(form).toHaveCount(0);
  await expect(page.getByTestId(`bo-date-${dateId}-allocations`)).toContainText('Allocated by channel');
  await expect(opener).toBeFocused();
  const saved = await created<{ channelAllocations: unknown }>(
    await page.request.get(`/api/admin/presentations/${dateId}`),
    200,
  );
  expect(saved.channelAllocations).toEqual([
    { channel: 'box-office', seats: 10, sold: 0 },
    { channel: 'web', seats: 40, sold: 0 },
  ]);

  // In Hebrew at 390 px and Arabic at 2560 px the form is axe-clean and fits.
  for (const [lang, width] of [
    ['he', 390],
    ['ar', 2560],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/backoffice/events?lang=${lang}`);
    await page.getByTestId(`bo-event-${featureId}`).getByRole('button').click();
    await page.locator(`#bo-date-${dateId}-allocations`).click();
    await expect(page.locator(`#bo-allocations-${dateId}-web`)).toBeFocused();
    await expect(page.locator(`#bo-allocations-${dateId}-web`)).toHaveValue('40');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await expectAxeClean(page, `events, channel allocations form (${lang}, ${width} px)`);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId(`bo-allocations-${dateId}`)).toHaveCount(0);
  }
});

test("a date's seats set aside on the screen from the keyboard: the public map's status shows them unavailable, the row says so; axe-clean with the form open", async ({
  page,
  hall,
}) => {
  test.setTimeout(180_000);
  const { featureId, dateId, row } = await dateRow(page, hall, 'e2e-aside');
  const opener = row.getByRole('button', { name: /^Seats set aside/ });

  // The form opens on allocation 1 with nothing set aside, its first field focused, a row's seats as checkboxes.
  await opener.focus();
  await page.keyboard.press('Enter');
  const form = page.getByTestId(`bo-aside-${dateId}`);
  const allocation = form.getByLabel('Allocation number');
  await expect(allocation).toBeFocused();
  await expect(allocation).toHaveValue('1');
  const seats = page.getByTestId(`bo-aside-${dateId}-seats`).getByRole('checkbox');
  // The plan is read when the form opens (a slow machine may take a while).
  await expect(seats.first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId(`bo-aside-${dateId}-count`)).toHaveText('Seats chosen: 0');

  // An allocation below 1 is named at its field, before anything is sent.
  await allocation.fill('0');
  await allocation.press('Enter');
  await expect(allocation).toHaveAttribute('aria-invalid', 'true');
  await expect(form).toContainText('Enter a whole number from 1.');
  await allocation.fill('1');

  // Two seats chosen with the space bar, kept until released: saved, shown in the row, the focus back on its button.
  for (const i of [0, 1]) {
    await seats.nth(i).focus();
    await page.keyboard.press('Space');
  }
  await expect(page.getByTestId(`bo-aside-${dateId}-count`)).toHaveText('Seats chosen: 2');
  await allocation.press('Enter');
  await expect(page.getByTestId('bo-event-notice')).toContainText('The seats set aside on');
  await expect(form).toHaveCount(0);
  await expect(page.getByTestId(`bo-date-${dateId}-aside-1`)).toContainText(
    'Set aside (allocation 1): 2 seats until released',
  );
  await expect(opener).toBeFocused();

  // The public map's status shows both unavailable (6); the live sale's shows them free (1).
  const aside = (
    await created<{ seats: { sectionId: number; x: number; y: number }[] }>(
      await page.request.get(`/api/admin/presentations/${dateId}/set-aside-seats`),
      200,
    )
  ).seats;
  expect(aside).toHaveLength(2);
  for (const [query, status] of [
    ['', 6],
    ['&domain=live', 1],
  ] as const) {
    const answer = await created<{ seats: number[][] }>(
      await page.request.get(`/api/seats/seats-status?presentationId=${dateId}${query}`),
      200,
    );
    const of = (p: { sectionId: number; x: number; y: number }) =>
      answer.seats.find((r) => r[0] === p.sectionId && r[2] === p.x && r[3] === p.y)?.[6];
    expect(aside.map(of)).toEqual([status, status]);
  }

  // In Hebrew at 390 px and Arabic at 2560 px the form is axe-clean and fits.
  for (const [lang, width] of [
    ['he', 390],
    ['ar', 2560],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/backoffice/events?lang=${lang}`);
    await page.getByTestId(`bo-event-${featureId}`).getByRole('button').click();
    await page.locator(`#bo-date-${dateId}-aside`).click();
    await expect(page.locator(`#bo-aside-${dateId}-allocation`)).toBeFocused();
    await expect(page.getByTestId(`bo-aside-${dateId}-seats`).getByRole('checkbox').first()).toBeChecked({
      timeout: 30_000,
    });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await expectAxeClean(page, `events, seats set aside form (${lang}, ${width} px)`);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId(`bo-aside-${dateId}`)).toHaveCount(0);
  }
});

test('a date moved to another seat-plan version on the screen: refused with the sold seat the version lacks, then moved once it is free; axe-clean with the form open', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  // A hall of this test's own with two published versions of the theatre: version 2 lacks box-left's last row.
  const hall = await ownTheatre(page.request);
  const doc = JSON.parse(THEATRE);
  doc.sections.find((s: { code: string }) => s.code === 'box-left').groups[0].rows.pop();
  const v2 = await publishedPlan(page.request, hall.id, JSON.stringify(doc));
  const featureId = await apiEvent(page, uniqueCode('e2e-version'));
  const dateId = await apiPublishedDate(page, featureId, hall.planId, jerusalemDay(50), '20:00');
  // A ticket sold on box-left's last row, seat 1 (written to PostgreSQL as a sale writes it).
  const sold = await withSql(async (sql) => {
    const stamp = randomUUID();
    const { rows } = await sql.query(
      `WITH seat AS (
         SELECT s.section_id, s.x, s.y, s.row_name FROM seat s JOIN section sc ON sc.id = s.section_id
          WHERE s.seatplan_id = $1 AND sc.code = 'box-left' AND s.seat_name = '1' ORDER BY s.row_order DESC LIMIT 1),
       res AS (
         INSERT INTO reservation (identifier, document_key, visitor_id, state, total_agorot)
         VALUES ($2, $3, $4, 'paid', 0) RETURNING id)
       INSERT INTO reservation_ticket (reservation_id, identifier, presentation_id, section_id, x, y, ticket_id, amount_agorot)
       SELECT res.id, $5, $6, seat.section_id, seat.x, seat.y,
              (SELECT t.id FROM ticket t JOIN ticket_group g ON g.id = t.ticket_group_id WHERE g.presentation_id = $6 LIMIT 1), 0
         FROM res, seat RETURNING id, (SELECT row_name FROM seat) AS row_name`,
      [hall.planId, `R-${stamp}`, `D-${stamp}`, randomUUID(), `T-${stamp}`, dateId],
    );
    return rows[0] as { id: string; row_name: string };
  });

  await showDates(page, featureId);
  const row = page.locator(`tr[data-presentation-id="${dateId}"]`);
  const opener = row.getByRole('button', { name: /^Seat-plan version/ });
  await opener.click();
  const form = page.getByTestId(`bo-seat-plan-${dateId}`);
  const choice = form.getByLabel('Version');
  await expect(choice).toBeFocused();
  await expect(choice).toHaveValue(String(v2.id));
  await expectAxeClean(page, 'events, seat-plan version form (en, 1280 px)');
  // From the keyboard: the save button after the choice.
  await page.keyboard.press('Tab');
  await expect(form.getByRole('button', { name: 'Move to this version' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('bo-event-refusal')).toContainText('do not exist in it');
  await expect(page.getByTestId('bo-seat-plan-missing')).toContainText(
    `section box-left, row ${sold.row_name}, seat 1 (sold)`,
  );
  const refused = await created<{ seatPlanId: number }>(
    await page.request.get(`/api/admin/presentations/${dateId}`),
    200,
  );
  expect(refused.seatPlanId).toBe(hall.planId);

  // In Hebrew at 390 px and Arabic at 2560 px the form is axe-clean and fits.
  for (const [lang, width] of [
    ['he', 390],
    ['ar', 2560],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/backoffice/events?lang=${lang}`);
    await page.getByTestId(`bo-event-${featureId}`).getByRole('button').click();
    await page.locator(`#bo-date-${dateId}-seat-plan`).click();
    await expect(page.locator(`#bo-seat-plan-${dateId}-version`)).toBeFocused();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await expectAxeClean(page, `events, seat-plan version form (${lang}, ${width} px)`);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId(`bo-seat-plan-${dateId}`)).toHaveCount(0);
  }

  // The order is cancelled: the date moves, its row says so, the focus back on its button; the ticket went along.
  await withSql((sql) => sql.query(`UPDATE reservation_ticket SET status = 'cancelled' WHERE id = $1`, [sold.id]));
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/backoffice/events?lang=en');
  await page.getByTestId(`bo-event-${featureId}`).getByRole('button').click();
  await page.locator(`#bo-date-${dateId}-seat-plan`).click();
  await page.getByRole('button', { name: 'Move to this version' }).click();
  await expect(page.getByTestId('bo-event-notice')).toContainText('now sells version 2 of its plan');
  await expect(page.locator(`#bo-date-${dateId}-seat-plan`)).toBeFocused();
  const moved = await created<{ seatPlanId: number }>(
    await page.request.get(`/api/admin/presentations/${dateId}`),
    200,
  );
  expect(moved.seatPlanId).toBe(v2.id);
});

import type { Client } from 'pg';
import {
  addCalendarDays,
  agorotToShekels,
  jerusalemDateKey,
  type AdminFeature,
  type AdminPresentation,
  type AdminProduct,
  type AdminVenue,
} from '@hotline/shared';
import type { TestApp } from '../support/test-env';
import { StaffBrowser, signedIn } from '../backoffice/support/staff-kit';
import { useCatalogueApp } from './support/catalogue-app';
import { publishedTheatre } from './support/published-theatre';
import {
  TEST_CARDS,
  authoriseCard,
  buyer,
  call,
  cartOf,
  cartSeat,
  commit,
  loadShow,
  lockAll,
  newVisitor,
  plainSeats,
  type ShowInfo,
} from '../booking/support/booking-kit';

/**
 * Products from the back office: created at a venue of the staff member's business with names in four languages, a
 * price and a picture, for every event there or for one; buyers see and buy an active one with the dates it belongs
 * to, and nothing once it is switched off. Every refusal answers the project's error shape and changes nothing.
 */
let t: TestApp;
let sql: Client;
let admin: StaffBrowser;
let venue: AdminVenue;
let feature: AdminFeature;
let date: AdminPresentation;

const daysAhead = (n: number) => addCalendarDays(jerusalemDateKey(new Date()), n);
const regular = { he: 'רגיל', en: 'Regular', ru: 'Обычный', ar: 'عادي' };

const app = useCatalogueApp();
beforeAll(async () => {
  ({ t, sql, admin } = app);
  const stage = await publishedTheatre(admin, 'kiosk', {
    he: 'במת הקיוסק',
    en: 'Kiosk Stage',
    ru: 'Сцена киоска',
    ar: 'مسرح الكشك',
  });
  venue = stage.venue;
  const { plan, zones } = stage;
  feature = (
    await admin.call<AdminFeature>('POST', '/api/admin/features', {
      businessId: 1,
      name: { he: 'הקיוסק', en: 'The Kiosk', ru: 'Киоск', ar: 'الكشك' },
      description: { he: '', en: '', ru: '', ar: '' },
      categoryId: 2,
      durationMinutes: 90,
      ageLimit: null,
    })
  ).body;
  const [created] = (
    await admin.call<{ presentations: AdminPresentation[] }>('POST', '/api/admin/presentations', {
      featureId: feature.id,
      seatPlanId: plan.id,
      firstDate: daysAhead(120),
      time: '20:00',
      prices: zones.map((z) => ({
        zoneId: z.id,
        tickets: [{ name: regular, priceAgorot: 10000, serviceChargeAgorot: 0 }],
      })),
    })
  ).body.presentations;
  date = (await admin.call('POST', `/api/admin/presentations/${created!.id}/publish`, { revision: 1 })).body;
});

const popcorn = (overrides: Record<string, unknown> = {}) => ({
  venueId: venue.id,
  featureId: null,
  name: { he: 'פופקורן קטן', en: 'Small popcorn', ru: 'Маленький попкорн', ar: 'فشار صغير' },
  priceAgorot: 1850,
  icon: 'popcorn',
  active: true,
  ...overrides,
});

const tables = async () =>
  (
    await sql.query(
      `SELECT (SELECT count(*)::int FROM product) AS product, (SELECT count(*)::int FROM audit_log) AS audit,
              (SELECT coalesce(sum(revision), 0)::int FROM product) AS revisions`,
    )
  ).rows[0];

/** The products a buyer is offered with the date (the storefront's date page), in a language. */
const offered = async (lang = 'he') =>
  (await call(t.url, 'GET', `/api/presentations/${date.id}?lang=${lang}`, newVisitor())).body.presentation.products as {
    id: number;
    name: string;
    nameRu: string | null;
    price: number;
  }[];

/** A buyer pays one seat and `quantity` of a product; the commit's answer. */
async function buyWith(show: ShowInfo, productId: number, quantity: number, productAgorot: number) {
  const b = await buyer(t.url);
  const seat = plainSeats(show)[Math.floor(Math.random() * 200)]!;
  await lockAll(t.url, b, show, [seat]);
  const base = cartOf([cartSeat(show, seat)]);
  const total = base.total! + agorotToShekels(productAgorot * quantity);
  const cart = { ...base, products: [{ id: productId, quantity }], total };
  const paymentIdentifier = await authoriseCard(t.url, b, TEST_CARDS.approve, { total: total.toFixed(2) });
  return commit(t.url, b, { ...cart, paymentIdentifier });
}

test('without a session or the catalogue permission every product route is refused, and changes nothing', async () => {
  const routes: [string, string, unknown?][] = [
    ['GET', '/api/admin/products'],
    ['POST', '/api/admin/products', popcorn()],
    ['GET', '/api/admin/products/1'],
    ['PUT', '/api/admin/products/1', { ...popcorn(), revision: 1 }],
  ];
  const anonymous = new StaffBrowser(t.url);
  const cashier = await signedIn(t.url, sql, 'cashier');
  const before = await tables();
  for (const [method, url, body] of routes) {
    expect([method, url, (await anonymous.call(method, url, body)).body.error]).toEqual([
      method,
      url,
      'STAFF_NOT_SIGNED_IN',
    ]);
    expect([method, url, (await cashier.call(method, url, body)).body.error]).toEqual([
      method,
      url,
      'STAFF_PERMISSION_DENIED',
    ]);
  }
  expect(await tables()).toEqual(before);
});

test('a product created in four languages is audited, listed, and offered to buyers with the venue’s dates', async () => {
  const created = await admin.call<AdminProduct>('POST', '/api/admin/products', popcorn());
  expect(created.status).toBe(201);
  expect(created.body).toEqual({
    id: expect.any(Number),
    businessId: 1,
    venueId: venue.id,
    featureId: null,
    presentationId: null,
    presentationStartsAt: null,
    name: popcorn().name,
    priceAgorot: 1850,
    icon: 'popcorn',
    active: true,
    stock: null,
    perOrder: null,
    sold: 0,
    revision: 1,
  });
  const [audit] = (
    await sql.query('SELECT action, detail FROM audit_log WHERE subject = $1', [`product:${created.body.id}`])
  ).rows;
  expect(audit).toMatchObject({ action: 'product-create', detail: { after: { priceAgorot: 1850 } } });
  const listed = (await admin.call('GET', '/api/admin/products')).body.products as AdminProduct[];
  expect(listed).toContainEqual(created.body);
  // The demo's products sold everywhere belong to no business: not listed, not editable here.
  expect(listed.every((p) => p.businessId === 1)).toBe(true);

  const seen = (await offered('ru')).find((p) => p.id === created.body.id);
  expect(seen).toMatchObject({ name: 'פופקורן קטן', nameRu: 'Маленький попкорн', price: 18.5 });
  const picture = await fetch(`${t.url}/api/products/${created.body.id}/image`);
  expect(picture.status).toBe(200);
});

test('a product for one event is offered with its dates only, and an event of another business is refused', async () => {
  const other = (
    await admin.call<AdminFeature>('POST', '/api/admin/features', {
      businessId: 1,
      name: { he: 'אחר', en: 'Another', ru: '', ar: '' },
      description: { he: '', en: '', ru: '', ar: '' },
      categoryId: 2,
      durationMinutes: 60,
      ageLimit: null,
    })
  ).body;
  const mine = await admin.call<AdminProduct>('POST', '/api/admin/products', popcorn({ featureId: feature.id }));
  const theirs = await admin.call<AdminProduct>('POST', '/api/admin/products', popcorn({ featureId: other.id }));
  expect([mine.status, theirs.status]).toEqual([201, 201]);
  const ids = (await offered()).map((p) => p.id);
  expect(ids).toContain(mine.body.id);
  expect(ids).not.toContain(theirs.body.id);

  const [elsewhere] = (
    await sql.query(
      `INSERT INTO feature (name, name_en, feature_category_id, category_name, category_name_en, business_id)
       VALUES ('זר', 'Foreign', 2, 'תיאטרון', 'Theatre', 3) RETURNING id`,
    )
  ).rows;
  const before = await tables();
  const refusals: [string, string, unknown, number, string][] = [
    ['POST', '/api/admin/products', popcorn({ name: { he: '', en: 'X' } }), 400, 'INVALID_BODY'],
    ['POST', '/api/admin/products', popcorn({ name: { he: '<b>', en: 'X' } }), 400, 'INVALID_BODY'],
    ['POST', '/api/admin/products', popcorn({ priceAgorot: -1 }), 400, 'INVALID_BODY'],
    ['POST', '/api/admin/products', popcorn({ priceAgorot: 12.5 }), 400, 'INVALID_BODY'],
    ['POST', '/api/admin/products', popcorn({ icon: 'car' }), 400, 'INVALID_BODY'],
    ['POST', '/api/admin/products', popcorn({ active: 'yes' }), 400, 'INVALID_BODY'],
    ['POST', '/api/admin/products', popcorn({ venueId: 999999 }), 404, 'VENUE_NOT_FOUND'],
    ['POST', '/api/admin/products', popcorn({ featureId: 999999 }), 404, 'FEATURE_NOT_FOUND'],
    ['POST', '/api/admin/products', popcorn({ featureId: Number(elsewhere.id) }), 422, 'PRODUCT_EVENT_ELSEWHERE'],
    ['GET', '/api/admin/products/999999', undefined, 404, 'PRODUCT_NOT_FOUND'],
    [
      'PUT',
      `/api/admin/products/${mine.body.id}`,
      { ...popcorn({ featureId: Number(elsewhere.id) }), revision: 1 },
      422,
      'PRODUCT_EVENT_ELSEWHERE',
    ],
    ['PUT', `/api/admin/products/${mine.body.id}`, { ...popcorn(), revision: 7 }, 409, 'STALE_REVISION'],
  ];
  for (const [method, url, body, status, error] of refusals) {
    const reply = await admin.call(method, `${url}?lang=en`, body);
    expect([url, reply.status, reply.body.error]).toEqual([url, status, error]);
    expect(reply.body.message).toEqual(expect.any(String));
    const hebrew = await admin.call(method, url, body);
    expect(hebrew.body.message).toMatch(/[\u0590-\u05FF]/);
  }
  expect(await tables()).toEqual(before);

  // Another business's venue: out of this staff member's scope.
  const [foreignVenue] = (
    await sql.query(
      `WITH l AS (INSERT INTO location (business_id, code, name, name_en, address)
                  VALUES (3, $1, 'זר', 'Foreign', '') RETURNING id)
       INSERT INTO venue (location_id, code, name, name_en, kind) SELECT id, $1, 'זר', 'Foreign', 'hall' FROM l
       RETURNING id`,
      [`foreign-${Math.random().toString(36).slice(2, 8)}`],
    )
  ).rows;
  const scoped = await admin.call('POST', '/api/admin/products', popcorn({ venueId: Number(foreignVenue.id) }));
  expect([scoped.status, scoped.body.error]).toEqual([403, 'STAFF_BUSINESS_SCOPE']);
  expect(await tables()).toEqual(before);
});

test('a buyer pays for an active product; switched off it is not offered and an order with it is refused', async () => {
  const made = (await admin.call<AdminProduct>('POST', '/api/admin/products', popcorn({ priceAgorot: 2400 }))).body;
  const show = await loadShow(t.url, date.id);
  const paid = await buyWith(show, made.id, 2, 2400);
  expect(paid.status).toBe(201);

  const changed = await admin.call<AdminProduct>('PUT', `/api/admin/products/${made.id}`, {
    ...popcorn({ priceAgorot: 2600, icon: 'drink', active: false }),
    revision: 1,
  });
  expect(changed.status).toBe(200);
  expect(changed.body).toMatchObject({ priceAgorot: 2600, icon: 'drink', active: false, revision: 2 });
  const [audit] = (
    await sql.query(`SELECT detail FROM audit_log WHERE subject = $1 AND action = 'product-update'`, [
      `product:${made.id}`,
    ])
  ).rows;
  expect(audit.detail).toMatchObject({ before: { active: true, priceAgorot: 2400 }, after: { active: false } });

  expect((await offered()).map((p) => p.id)).not.toContain(made.id);
  const payments = async () => (await sql.query('SELECT count(*)::int AS n FROM payment')).rows[0].n;
  const before = await payments();
  const refused = await buyWith(show, made.id, 1, 2600);
  expect([refused.status, refused.body.error]).toEqual([400, 'CART_INVALID']);
  expect(await payments()).toBe(before);
});

test('a product for one date is offered and sold with that date only; a date of another event or venue is refused', async () => {
  const stage = (await admin.call('GET', `/api/admin/presentations/${date.id}`)).body as AdminPresentation;
  const [second] = (
    await admin.call<{ presentations: AdminPresentation[] }>('POST', '/api/admin/presentations', {
      featureId: feature.id,
      seatPlanId: stage.seatPlanId,
      firstDate: daysAhead(127),
      time: '20:00',
      prices: stage.prices.map((z) => ({
        zoneId: z.zoneId,
        tickets: [{ name: regular, priceAgorot: 10000, serviceChargeAgorot: 0 }],
      })),
    })
  ).body.presentations;
  await admin.call('POST', `/api/admin/presentations/${second!.id}/publish`, { revision: second!.revision });
  const ofDate = (id: number) =>
    call(t.url, 'GET', `/api/presentations/${id}?lang=en`, newVisitor()).then((r) =>
      (r.body.presentation.products as { id: number }[]).map((p) => p.id),
    );

  // Refused, nothing written: a date without its event, a date of another event, a date that does not exist.
  const before = await tables();
  const noEvent = await admin.call('POST', '/api/admin/products?lang=he', popcorn({ presentationId: date.id }));
  expect([noEvent.status, noEvent.body.error]).toEqual([400, 'INVALID_BODY']);
  expect(JSON.stringify(noEvent.body)).toContain('presentationId');
  const other = (
    await admin.call<AdminFeature>('POST', '/api/admin/features', {
      businessId: 1,
      name: { he: 'שלישי', en: 'A Third', ru: '', ar: '' },
      description: { he: '', en: '', ru: '', ar: '' },
      categoryId: 2,
      durationMinutes: 60,
      ageLimit: null,
    })
  ).body;
  const before2 = await tables();
  const wrongEvent = await admin.call(
    'POST',
    '/api/admin/products?lang=he',
    popcorn({ featureId: other.id, presentationId: date.id }),
  );
  expect([wrongEvent.status, wrongEvent.body.error]).toEqual([422, 'PRODUCT_DATE_ELSEWHERE']);
  expect(wrongEvent.body.message).toBe(`המועד ${date.id} אינו של האירוע הזה באולם הזה.`);
  const missing = await admin.call(
    'POST',
    '/api/admin/products',
    popcorn({ featureId: feature.id, presentationId: 999999 }),
  );
  expect([missing.status, missing.body.error]).toEqual([404, 'PRESENTATION_NOT_FOUND']);
  expect((await tables()).product).toBe(before.product);
  expect(await tables()).toEqual(before2);

  // For the first date only: listed there and not with the second; sold there, refused with the second, uncharged.
  const programme = await admin.call<AdminProduct>(
    'POST',
    '/api/admin/products',
    popcorn({ featureId: feature.id, presentationId: date.id, priceAgorot: 2500, icon: 'programme' }),
  );
  expect([programme.status, programme.body.presentationId, programme.body.featureId]).toEqual([
    201,
    date.id,
    feature.id,
  ]);
  expect(programme.body.presentationStartsAt).toBe(date.startsAt);
  expect(await ofDate(date.id)).toContain(programme.body.id);
  expect(await ofDate(second!.id)).not.toContain(programme.body.id);
  const charges = async () => (await sql.query('SELECT count(*)::int AS n FROM sandbox_charge')).rows[0].n;
  const chargedBefore = await charges();
  const refused = await buyWith(await loadShow(t.url, second!.id), programme.body.id, 1, 2500);
  expect([refused.status, refused.body.error]).toEqual([400, 'CART_INVALID']);
  expect(await charges()).toBe(chargedBefore);
  const sold = await buyWith(await loadShow(t.url, date.id), programme.body.id, 1, 2500);
  expect(sold.status).toBe(201);

  // Back to every date of the event: offered with the second too.
  const widened = await admin.call<AdminProduct>('PUT', `/api/admin/products/${programme.body.id}`, {
    ...popcorn({ featureId: feature.id, presentationId: null, priceAgorot: 2500, icon: 'programme' }),
    revision: programme.body.revision,
  });
  expect([widened.status, widened.body.presentationId]).toEqual([200, null]);
  expect(await ofDate(second!.id)).toContain(programme.body.id);
});

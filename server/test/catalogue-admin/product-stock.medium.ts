import type { Client } from 'pg';
import {
  agorotToShekels,
  type AdminPresentation,
  type AdminProduct,
  type AdminVenue,
  type ApiSeat,
} from '@hotline/shared';
import type { TestApp } from '../support/test-env';
import { StaffBrowser } from '../backoffice/support/staff-kit';
import { publishedDates, useCatalogueApp } from './support/catalogue-app';
import {
  TEST_CARDS,
  authoriseCard,
  buyer,
  cartOf,
  cartSeat,
  commit,
  loadShow,
  lockAll,
  plainSeats,
  waitFor,
  type ShowInfo,
} from '../booking/support/booking-kit';

/**
 * A product's stock and per-order limit from the back office: the server holds an order to both at the quote (before
 * anything is claimed or charged), claims the stock before the card is charged like every other limit (two buyers on
 * the last unit: one is charged, the other refused uncharged), records what each order bought, and gives the stock
 * back when the order is cancelled.
 */
let t: TestApp;
let sql: Client;
let admin: StaffBrowser;
let venue: AdminVenue;
let dates: AdminPresentation[];
let shows: ShowInfo[];
let product: AdminProduct;
const PRICE = 1500;
let nextSeat = 0;

const names = { he: 'תוכנייה', en: 'Programme', ru: 'Программка', ar: 'كتيب' };
const charges = async () => (await sql.query('SELECT count(*)::int AS n FROM sandbox_charge')).rows[0].n;
const current = async () => (await admin.call<AdminProduct>('GET', `/api/admin/products/${product.id}`)).body;

const app = useCatalogueApp();
beforeAll(async () => {
  ({ t, sql, admin } = app);
  const made = await publishedDates(admin, {
    code: 'stock',
    stage: { he: 'במת המלאי', en: 'Stock Stage' },
    event: { he: 'המלאי', en: 'The Stock' },
    today: new Date(),
    daysAhead: 100,
    count: 2,
  });
  venue = made.stage.venue;
  dates = made.dates;
  shows = [await loadShow(t.url, dates[0]!.id), await loadShow(t.url, dates[1]!.id)];
});

/** A buyer with one locked seat of `show` and a card authorised; the commit is the caller's, with `quantity`. */
async function readyToPay(show: ShowInfo, quantity: number) {
  const b = await buyer(t.url);
  const seat: ApiSeat = plainSeats(show)[nextSeat++]!;
  await lockAll(t.url, b, show, [seat]);
  const base = cartOf([cartSeat(show, seat)]);
  const total = base.total! + agorotToShekels(PRICE * quantity);
  const cart = { ...base, products: [{ id: product.id, quantity }], total };
  const paymentIdentifier = await authoriseCard(t.url, b, TEST_CARDS.approve, { total: total.toFixed(2) });
  return () => commit(t.url, b, { ...cart, paymentIdentifier }, '?lang=en');
}

test('a stock and a per-order limit are set, listed and audited; bad ones are refused', async () => {
  const created = await admin.call<AdminProduct>('POST', '/api/admin/products', {
    venueId: venue.id,
    featureId: null,
    name: names,
    priceAgorot: PRICE,
    icon: 'programme',
    stock: 3,
    perOrder: 2,
  });
  expect(created.status).toBe(201);
  product = created.body;
  expect([product.stock, product.perOrder, product.sold]).toEqual([3, 2, 0]);
  const [audit] = (
    await sql.query(`SELECT detail FROM audit_log WHERE action = 'product-create' AND subject = $1`, [
      `product:${product.id}`,
    ])
  ).rows;
  expect(audit.detail).toMatchObject({ after: { stock: 3, perOrder: 2 } });
  for (const bad of [{ stock: -1 }, { perOrder: 0 }, { stock: 1.5 }, { perOrder: 101 }]) {
    const r = await admin.call('PUT', `/api/admin/products/${product.id}`, {
      name: names,
      priceAgorot: PRICE,
      icon: 'programme',
      revision: product.revision,
      ...bad,
    });
    expect([r.status, r.body.error]).toEqual([400, 'INVALID_BODY']);
  }
  expect((await current()).revision).toBe(product.revision);
});

test('more than one order may take, or more than is left, is refused at the quote with nothing charged', async () => {
  const before = await charges();
  const tooMany = await (await readyToPay(shows[0]!, 3))();
  expect([tooMany.status, tooMany.body.error, tooMany.body.message]).toEqual([
    409,
    'PRODUCT_PER_ORDER_EXCEEDED',
    'At most 2 of this product can be ordered in one order. You were not charged.',
  ]);
  const two = await (await readyToPay(shows[0]!, 2))();
  expect(two.status).toBe(201);
  const [line] = (
    await sql.query(
      `SELECT rp.quantity, rp.unit_agorot FROM reservation_product rp JOIN reservation r ON r.id = rp.reservation_id
        WHERE r.identifier = $1`,
      [two.body.reservationIdentifier],
    )
  ).rows;
  expect(line).toEqual({ quantity: 2, unit_agorot: PRICE });
  expect((await current()).sold).toBe(2);
  const twoMore = await (await readyToPay(shows[0]!, 2))();
  expect([twoMore.status, twoMore.body.error]).toEqual([409, 'PRODUCT_SOLD_OUT']);
  expect(await charges()).toBe(before + 1);
});

test('two buyers on the last unit at once: one is charged and sold it, the other is refused before any charge', async () => {
  const payA = await readyToPay(shows[0]!, 1);
  const payB = await readyToPay(shows[0]!, 1);
  const before = await charges();
  const answers = await Promise.all([payA(), payB()]);
  expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
  expect(answers.find((a) => a.status === 409)!.body.error).toBe('PRODUCT_SOLD_OUT');
  // The loser's card was never charged (claimed before money moves), not charged and refunded.
  expect(await charges()).toBe(before + 1);
  expect((await current()).sold).toBe(3);
});

test('a cancelled order gives its products back to the stock', async () => {
  const first = (await admin.call<AdminPresentation>('GET', `/api/admin/presentations/${dates[0]!.id}`)).body;
  const cancelled = await admin.call('POST', `/api/admin/presentations/${first.id}/cancel`, {
    revision: first.revision,
    reason: '',
  });
  expect(cancelled.status).toBe(202);
  await waitFor(async () => (await current()).sold === 0, 30_000);
  const again = await (await readyToPay(shows[1]!, 2))();
  expect(again.status).toBe(201);
  expect((await current()).sold).toBe(2);
});

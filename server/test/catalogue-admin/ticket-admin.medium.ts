import { randomUUID } from 'node:crypto';
import type { Client } from 'pg';
import {
  addCalendarDays,
  jerusalemDateKey,
  type AdminPresentation,
  type AdminTicketPrice,
  type AdminZone,
  type ApiTicket,
} from '@hotline/shared';
import type { TestApp } from '../support/test-env';
import { StaffBrowser, signedIn } from '../backoffice/support/staff-kit';
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
  type ShowInfo,
} from '../booking/support/booking-kit';

/**
 * Tickets with a multiply factor from the back office (a couple ticket covers two seats): written with a date's
 * prices or added to a date on sale, listed to buyers with their factor, and priced by the one pricing pipeline (the
 * price on the first seat of each unit, nothing on the others). A price change after sales applies to new sales
 * only. Bad input is refused in the staff member's language and changes nothing.
 */
let t: TestApp;
let sql: Client;
let admin: StaffBrowser;
let zones: AdminZone[];
let date: AdminPresentation;

const names = (en: string) => ({ he: `כרטיס ${en}`, en, ru: '', ar: '' });
const url = (path = '') => `/api/admin/presentations/${date.id}${path}`;
const current = async () => (await admin.call<AdminPresentation>('GET', url())).body;
const charges = async () => (await sql.query('SELECT count(*)::int AS n FROM sandbox_charge')).rows[0].n;
const couples = (p: AdminPresentation) => p.prices[0]!.tickets.filter((tk) => (tk.multiplyFactor ?? 1) > 1);

const app = useCatalogueApp();
beforeAll(async () => {
  ({ t, sql, admin } = app);
  const made = await publishedDates(admin, {
    code: 'couples',
    stage: { he: 'במת הזוגות', en: 'Couples Stage' },
    event: { he: 'הזוגות', en: 'The Couples' },
    today: new Date(),
    daysAhead: 60,
  });
  zones = made.stage.zones;
  date = made.dates[0]!;
});

/** A buyer's commit of `seats` on `ticket` as the storefront prices it: the price on each unit's first seat. */
async function buyOn(show: ShowInfo, ticket: ApiTicket, offset: number, seatCount: number) {
  const b = await buyer(t.url);
  const seats = show.seats.filter((s) => s.TicketGroupId === zones[0]!.id).slice(offset, offset + seatCount);
  await lockAll(t.url, b, show, seats);
  const lines = seats.map((s, i) => {
    const sub = i % ticket.multiplyFactor !== 0;
    return {
      ...cartSeat(show, s, ticket),
      ...(sub ? { amount: 0, serviceCharge: 0 } : {}),
      isMultiplyFactorSubTicket: sub,
    };
  });
  const paymentIdentifier = await authoriseCard(t.url, b, TEST_CARDS.approve);
  return commit(t.url, b, { ...cartOf(lines, { cartIdentifier: randomUUID() }), paymentIdentifier });
}

test('without a session or the catalogue permission adding a ticket is refused', async () => {
  const anonymous = new StaffBrowser(t.url);
  const cashier = await signedIn(t.url, sql, 'cashier');
  const body = { revision: date.revision, zoneId: zones[0]!.id, ticket: { name: names('Couple'), priceAgorot: 1 } };
  expect((await anonymous.call('POST', url('/tickets'), body)).body.error).toBe('STAFF_NOT_SIGNED_IN');
  expect((await cashier.call('POST', url('/tickets'), body)).body.error).toBe('STAFF_PERMISSION_DENIED');
  expect(couples(await current())).toEqual([]);
});

test('bad input is refused naming the field, in the staff member’s language, and changes nothing', async () => {
  const before = await current();
  const ticket = (extra: object) => ({ name: names('Couple'), priceAgorot: 18000, ...extra });
  const cases: [object, number, string, string][] = [
    [{ zoneId: zones[0]!.id, ticket: ticket({ multiplyFactor: 0 }) }, 400, 'INVALID_BODY', 'multiplyFactor'],
    [{ zoneId: zones[0]!.id, ticket: ticket({ multiplyFactor: 11 }) }, 400, 'INVALID_BODY', 'multiplyFactor'],
    [{ zoneId: zones[0]!.id, ticket: ticket({ multiplyFactor: 1.5 }) }, 400, 'INVALID_BODY', 'multiplyFactor'],
    [{ zoneId: zones[0]!.id, ticket: ticket({ multiplyFactor: '2' }) }, 400, 'INVALID_BODY', 'multiplyFactor'],
    [{ zoneId: zones[0]!.id, ticket: ticket({ priceAgorot: -1 }) }, 400, 'INVALID_BODY', 'priceAgorot'],
    [{ zoneId: 999999, ticket: ticket({ multiplyFactor: 2 }) }, 422, 'ZONE_NOT_PRICED', ''],
  ];
  for (const [body, status, error, named] of cases) {
    const r = await admin.call('POST', url('/tickets?lang=he'), { revision: before.revision, ...body });
    expect([r.status, r.body.error]).toEqual([status, error]);
    expect(JSON.stringify(r.body)).toContain(named);
    // The sentence is Hebrew (the staff member's language), never the server's English.
    expect(r.body.message).toMatch(/[\u0590-\u05FF]/);
  }
  const stale = await admin.call('POST', url('/tickets'), {
    revision: before.revision - 1,
    zoneId: zones[0]!.id,
    ticket: ticket({ multiplyFactor: 2 }),
  });
  expect([stale.status, stale.body.error, stale.body.current?.revision]).toEqual([
    409,
    'STALE_REVISION',
    before.revision,
  ]);
  // A member price covers one seat (its units are drawn per seat).
  const memberCouple = await admin.call('POST', '/api/admin/presentations', {
    featureId: before.featureId,
    seatPlanId: before.seatPlanId,
    firstDate: addCalendarDays(jerusalemDateKey(new Date()), 70),
    time: '20:00',
    prices: [{ zoneId: zones[0]!.id, tickets: [ticket({ memberUnits: 1, multiplyFactor: 2 })] }],
  });
  expect([memberCouple.status, memberCouple.body.error]).toEqual([400, 'INVALID_BODY']);
  expect(JSON.stringify(memberCouple.body)).toContain('multiplyFactor');
  expect(await current()).toEqual(before);
});

test('a couple ticket added on sale is listed to buyers and priced once per two seats; a later price change applies to new sales only', async () => {
  const added = await admin.call<AdminPresentation>('POST', url('/tickets'), {
    revision: date.revision,
    zoneId: zones[0]!.id,
    ticket: { name: names('Couple'), priceAgorot: 18000, serviceChargeAgorot: 500, multiplyFactor: 2 },
  });
  expect(added.status).toBe(201);
  const [couple] = couples(added.body) as [AdminTicketPrice];
  expect(couple).toMatchObject({
    name: names('Couple'),
    priceAgorot: 18000,
    serviceChargeAgorot: 500,
    multiplyFactor: 2,
  });
  const [audit] = (
    await sql.query(`SELECT detail FROM audit_log WHERE action = 'ticket-create' AND subject = $1`, [
      `presentation:${date.id}`,
    ])
  ).rows;
  expect(audit.detail).toMatchObject({ ticket: { multiplyFactor: 2, priceAgorot: 18000 } });

  // The storefront lists it with its factor and price (shekels), as any ticket.
  const show = await loadShow(t.url, date.id);
  const listed = show.groupOfZone.get(zones[0]!.id)!.tickets.find((tk) => tk.id === couple.ticketId)!;
  expect([listed.multiplyFactor, listed.price, listed.serviceCharge]).toEqual([2, 180, 5]);

  // One seat on a two-seat ticket is not a unit: refused before any charge.
  const chargedBefore = await charges();
  const odd = await buyOn(show, listed, 0, 1);
  expect([odd.status, odd.body.error]).toEqual([400, 'CART_INVALID']);
  expect(await charges()).toBe(chargedBefore);

  // Two seats: one unit, priced on the first seat; the server's total is 185 ILS.
  const sold = await buyOn(show, listed, 2, 2);
  expect(sold.status).toBe(201);
  const lines = async (reservation: string) =>
    (
      await sql.query(
        `SELECT rt.amount_agorot::int AS a, rt.service_charge_agorot::int AS s FROM reservation_ticket rt
           JOIN reservation r ON r.id = rt.reservation_id WHERE r.identifier = $1 ORDER BY rt.amount_agorot DESC`,
        [reservation],
      )
    ).rows.map((r) => [r.a, r.s]);
  expect(await lines(sold.body.reservationIdentifier)).toEqual([
    [18000, 500],
    [0, 0],
  ]);

  // The price changes on sale: the sold unit keeps what was paid, the next one pays the new price.
  const now = await current();
  const changed = await admin.call('PUT', url('/prices'), {
    revision: now.revision,
    tickets: [{ ticketId: couple.ticketId, priceAgorot: 20000, serviceChargeAgorot: 500 }],
  });
  expect(changed.status).toBe(200);
  expect(couples(changed.body)[0]).toMatchObject({ priceAgorot: 20000, multiplyFactor: 2 });
  const again = await loadShow(t.url, date.id);
  const relisted = again.groupOfZone.get(zones[0]!.id)!.tickets.find((tk) => tk.id === couple.ticketId)!;
  const next = await buyOn(again, relisted, 4, 2);
  expect(next.status).toBe(201);
  expect(await lines(next.body.reservationIdentifier)).toEqual([
    [20000, 500],
    [0, 0],
  ]);
  expect(await lines(sold.body.reservationIdentifier)).toEqual([
    [18000, 500],
    [0, 0],
  ]);
});

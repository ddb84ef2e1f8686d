import { ReferenceSaleParticipant } from '../../src/ticket-references/reference-sale.participant';
import type { Client } from 'pg';
import type { CartSeat } from '@hotline/shared';
import {
  buyer,
  call,
  cartOf,
  cartSeat,
  commit,
  count,
  lockAll,
  loadShow,
  plainSeats,
  startBooking,
  type ShowInfo,
} from '../booking/support/booking-kit';
import type { ProviderOverride, TestApp } from '../support/test-env';
import { UnguardedReferenceSalesRepository } from '../support/unguarded-reference-sales.repository';
import { StaffBrowser, signedIn } from './support/staff-kit';

/**
 * Ticket-reference administration: the spec's five calls under /api/pres-live with
 * permission 269 and business scope, the history of every change, and the storefront's ticket
 * prompts checked against the quantities, drawn down in the sale's transaction (race + control).
 */
const ARENA = 29; // business 2; no seat-gap rules, so buyers may take any single seat
const RACE_BUYERS = 12;

interface Fixture {
  show: ShowInfo;
  ticketId: number; // a free ticket of the arena that prompts for a reference
  rowId: number; // its reference 'CLUB-7', quantity 3
  homeTicketId: number; // a ticket of business 1
  homeRowId: number;
  homeAgent: number;
  otherAgent: number;
}

/** A free ticket that asks for a reference, and the back office's rows, straight into the tables. */
async function fixture(t: TestApp, sql: Client, quantity = 3, homeReference = 'W-100'): Promise<Fixture> {
  const show = await loadShow(t.url, ARENA);
  const group = show.groupOfZone.get(plainSeats(show)[0]!.TicketGroupId)!;
  const q = async (text: string, params: unknown[]) => (await sql.query(text, params)).rows[0];
  const ticket = await q(
    `INSERT INTO ticket (ticket_group_id, name, name_en, price, service_charge, price_policy_id, sort_order,
                         ref1_prompt, ref1_prompt_en)
     VALUES ($1, 'חבר מועדון', 'Club member', 0, 0, 7, 99, 'מספר חבר', 'Member number') RETURNING id`,
    [group.id],
  );
  const otherAgent = (
    await q(`INSERT INTO ticket_reference_agent (business_id, name) VALUES (2, 'מועדון') RETURNING id`, [])
  ).id;
  const homeAgent = (
    await q(`INSERT INTO ticket_reference_agent (business_id, name) VALUES (1, 'ועד') RETURNING id`, [])
  ).id;
  const row = await q(
    `INSERT INTO ticket_reference_option (business_id, agent_id, price_type, price_id, reference1, quantity)
     VALUES (2, $1, 1, $2, 'CLUB-7', $3) RETURNING id`,
    [otherAgent, ticket.id, quantity],
  );
  const home = await q(
    `SELECT tk.id FROM ticket tk JOIN ticket_group tg ON tg.id = tk.ticket_group_id
       JOIN presentation p ON p.id = tg.presentation_id WHERE p.business_id = 1 ORDER BY tk.id LIMIT 1`,
    [],
  );
  const homeRow = await q(
    `INSERT INTO ticket_reference_option (business_id, agent_id, price_type, price_id, reference1, reference2, quantity)
     VALUES (1, $1, 1, $2, $3, 'A', 10) RETURNING id`,
    [homeAgent, home.id, homeReference],
  );
  return {
    show,
    ticketId: ticket.id,
    rowId: row.id,
    homeTicketId: home.id,
    homeRowId: homeRow.id,
    homeAgent,
    otherAgent,
  };
}

const line = (f: Fixture, seat: ReturnType<typeof plainSeats>[number], ref1?: string): CartSeat => ({
  ...cartSeat(f.show, seat, {
    ...f.show.groupOfZone.get(seat.TicketGroupId)!.tickets[0]!,
    id: f.ticketId,
    price: 0,
    serviceCharge: 0,
  }),
  ...(ref1 === undefined ? {} : { ref1 }),
});

/** Buyers each lock one seat and commit at once with the same reference. */
async function race(t: TestApp, sql: Client) {
  const f = await fixture(t, sql, 3, `W-${crypto.randomUUID()}`);
  const seats = plainSeats(f.show).slice(0, RACE_BUYERS);
  const buyers = await Promise.all(seats.map(() => buyer(t.url)));
  await Promise.all(buyers.map((b, i) => lockAll(t.url, b, f.show, [seats[i]!])));
  const results = await Promise.all(
    buyers.map((b, i) =>
      commit(t.url, b, cartOf([line(f, seats[i]!, 'club-7')], { cartIdentifier: crypto.randomUUID() })),
    ),
  );
  const statuses: Record<string, number> = {};
  for (const r of results) {
    const key = r.status === 201 ? 'sold' : String(r.body.error);
    statuses[key] = (statuses[key] ?? 0) + 1;
  }
  const sold = await count(
    sql,
    `SELECT count(*) FROM reservation_ticket_reference x JOIN reservation_ticket rt ON rt.id = x.reservation_ticket_id
      WHERE x.option_id = $1 AND rt.status = 'live'`,
    [f.rowId],
  );
  return {
    statuses,
    sold,
    tickets: await count(sql, `SELECT count(*) FROM reservation_ticket WHERE ticket_id = $1`, [f.ticketId]),
  };
}

describe('ticket-reference administration', () => {
  let env: Awaited<ReturnType<typeof startBooking>>;
  let t: TestApp;
  let sql: Client;
  let f: Fixture;
  let adminId: number;

  beforeAll(async () => {
    env = await startBooking();
    ({ t, sql } = env);
    f = await fixture(t, sql);
    // The cashier (business 1) also administers references here: the scope cases need a 269 holder of one business.
    await sql.query(
      `INSERT INTO staff_permission (staff_user_id, permission) SELECT id, 269 FROM staff_user WHERE username = 'cashier'`,
    );
    adminId = (await sql.query(`SELECT id FROM staff_user WHERE username = 'admin'`)).rows[0].id;
  });
  afterAll(() => env.close());

  test('rows carry the spec fields, quantity, use and remaining; agents are those of your businesses', async () => {
    const admin = await signedIn(t.url, sql, 'admin');
    const r = await admin.call('GET', `/api/pres-live/monitors/TicketReferencePromptAdmin/data?userId=${adminId}`);
    expect(r.status).toBe(200);
    const row = r.body.rows.find((x: { PriceRowId: number }) => x.PriceRowId === f.rowId);
    const presentation = (await sql.query('SELECT feature_id FROM presentation WHERE id = $1', [ARENA])).rows[0];
    expect(row).toMatchObject({
      Reference1: 'CLUB-7',
      Reference2: '',
      PriceType: 1,
      PriceId: f.ticketId,
      PriceRowId: f.rowId,
      FeatureId: presentation.feature_id,
      TicketId: f.ticketId,
      PricePolicyId: 7,
      PresentationId: ARENA,
      FeatureCategoryId: expect.any(Number),
      BusinessId: 2,
      CustomerId: f.otherAgent,
      Quantity: 3,
      Used: 0,
      Remaining: 3,
    });
    const cashier = await signedIn(t.url, sql, 'cashier');
    const own = await cashier.call('GET', '/api/pres-live/monitors/TicketReferencePromptAdmin/data');
    const ownBusinesses = new Set(own.body.rows.map((x: { BusinessId: number }) => x.BusinessId));
    expect([...ownBusinesses]).toEqual([1]);
    // The demo data's references are there too (seed: demo-ticket-references.ts).
    expect(own.body.rows.map((x: { Reference1: string }) => x.Reference1)).toEqual(
      expect.arrayContaining(['EMP-1001', 'W-100']),
    );
    const byAgent = await admin.call(
      'GET',
      `/api/pres-live/monitors/TicketReferencePromptAdmin/data?customerId=${f.homeAgent}&businessIds=1,2`,
    );
    expect(byAgent.body.rows.map((x: { PriceRowId: number }) => x.PriceRowId)).toEqual([f.homeRowId]);
    const agents = await cashier.call('GET', '/api/pres-live/getTicketRefAgents');
    expect(agents.body.agents).toContainEqual({ CustomerId: f.homeAgent, Name: 'ועד', BusinessId: 1 });
    expect(agents.body.agents.every((a: { BusinessId: number }) => a.BusinessId === 1)).toBe(true);
  });

  describe('every route: 401 anonymous, 403 without permission 269, 403 on another business', () => {
    const routes = (): [string, string, unknown, string][] => [
      ['GET', `/api/pres-live/getTicketRefAgents?userId=${adminId}`, undefined, 'STAFF_PERMISSION_DENIED'],
      [
        'GET',
        '/api/pres-live/monitors/TicketReferencePromptAdmin/data?businessIds=2',
        undefined,
        'STAFF_BUSINESS_SCOPE',
      ],
      [
        'GET',
        `/api/pres-live/monitors/TicketReferencePromptAdmin/data?customerId=${f.otherAgent}`,
        undefined,
        'STAFF_BUSINESS_SCOPE',
      ],
      [
        'GET',
        `/api/pres-live/monitors/TicketReferencePromptAdminDetail/data?rowId=${f.rowId}`,
        undefined,
        'STAFF_BUSINESS_SCOPE',
      ],
      [
        'GET',
        '/api/pres-live/monitors/TicketReferencePromptAdminTicketSales/data?businessIds=1,2',
        undefined,
        'STAFF_BUSINESS_SCOPE',
      ],
      [
        'GET',
        `/api/pres-live/monitors/TicketReferencePromptAdminTicketSales/data?rowId=${f.rowId}`,
        undefined,
        'STAFF_BUSINESS_SCOPE',
      ],
      [
        'POST',
        `/api/pres-live/editReferencePromptOptionQuantity/1/1/${f.ticketId}/${f.rowId}`,
        { reference: 'CLUB-7', quantity: 99 },
        'STAFF_BUSINESS_SCOPE',
      ],
      [
        'POST',
        `/api/pres-live/editReferencePromptOptionQuantity/1/1/${f.ticketId}/0`,
        { reference: 'NEW-1', quantity: 5 },
        'STAFF_BUSINESS_SCOPE',
      ],
    ];

    // One session per role for the whole table (each sign-in is an argon2id check): every call here is refused.
    let producer: StaffBrowser; // 266 only
    let cashier: StaffBrowser; // 267 + 268 + 269 here, business 1
    beforeAll(async () => {
      producer = await signedIn(t.url, sql, 'producer');
      cashier = await signedIn(t.url, sql, 'cashier');
    });

    test.each([0, 1, 2, 3, 4, 5, 6, 7])('route %i', async (i) => {
      const [method, path, body, scoped] = routes()[i]!;
      const anonymous = await new StaffBrowser(t.url).call(method, path, body);
      expect([anonymous.status, anonymous.body.error]).toEqual([401, 'STAFF_NOT_SIGNED_IN']);
      const denied = await producer.call(method, path, body);
      expect([denied.status, denied.body.error]).toEqual([403, 'STAFF_PERMISSION_DENIED']);
      const refused = await cashier.call(method, path, body);
      expect([refused.status, refused.body.error]).toEqual([403, scoped]);
      // Nothing changed on the other business's row.
      const row = (await sql.query('SELECT quantity FROM ticket_reference_option WHERE id = $1', [f.rowId])).rows[0];
      expect(row.quantity).toBe(3);
      expect(await count(sql, `SELECT count(*) FROM ticket_reference_option WHERE reference1 = 'NEW-1'`)).toBe(0);
    });

    test('the table covers every ticket-reference route of the OpenAPI document', async () => {
      const doc = (await (await fetch(`${t.url}/api/docs/json`)).json()) as { paths: Record<string, object> };
      const documented = Object.keys(doc.paths)
        .filter((p) => p.startsWith('/api/pres-live/') && !p.startsWith('/api/pres-live/sendTickets'))
        .sort();
      const tested = [
        ...new Set(
          routes().map(([, p]) =>
            p
              .split('?')[0]!
              .replace(
                /editReferencePromptOptionQuantity\/1\/.*$/,
                'editReferencePromptOptionQuantity/1/{type}/{priceId}/{rowId}',
              ),
          ),
        ),
      ].sort();
      expect(tested).toEqual(documented);
    });
  });

  test('an edit under the row lock: history (who, when, old -> new), audit log, stale or impossible edits refused', async () => {
    const cashier = await signedIn(t.url, sql, 'cashier');
    const path = (rowId: number, type = 1, priceId = f.homeTicketId) =>
      `/api/pres-live/editReferencePromptOptionQuantity/1/${type}/${priceId}/${rowId}`;
    const ok = await cashier.call('POST', path(f.homeRowId), { reference: 'w-100', reference2: 'a', quantity: 12 });
    expect(ok.status).toBe(200);
    expect(ok.body.row).toMatchObject({ PriceRowId: f.homeRowId, Quantity: 12, Remaining: 12 });
    const detail = await cashier.call(
      'GET',
      `/api/pres-live/monitors/TicketReferencePromptAdminDetail/data?rowId=${f.homeRowId}`,
    );
    expect(detail.status).toBe(200);
    expect(detail.body.history).toEqual([
      expect.objectContaining({
        Action: 'quantity',
        OldQuantity: 10,
        NewQuantity: 12,
        FirstName: 'Rina',
        At: expect.any(String),
      }),
    ]);
    const audit = await sql.query(
      `SELECT a.detail FROM audit_log a JOIN staff_user u ON u.id = a.staff_user_id
        WHERE u.username = 'cashier' AND a.action = 'reference-quantity' AND a.subject = $1`,
      [`ticket-reference:${f.homeRowId}`],
    );
    expect(audit.rows.map((r) => r.detail)).toEqual([{ from: 10, to: 12 }]);

    const stale = await cashier.call('POST', path(f.homeRowId), { reference: 'W-101', reference2: 'A', quantity: 1 });
    expect([stale.status, stale.body.error]).toEqual([409, 'REFERENCE_MISMATCH']);
    const wrongPrice = await cashier.call('POST', path(f.homeRowId, 2), {
      reference: 'W-100',
      reference2: 'A',
      quantity: 1,
    });
    expect([wrongPrice.status, wrongPrice.body.error]).toEqual([404, 'REFERENCE_OPTION_NOT_FOUND']);
    const negative = await cashier.call('POST', path(f.homeRowId), {
      reference: 'W-100',
      reference2: 'A',
      quantity: -1,
    });
    expect(negative.status).toBe(400);

    const created = await cashier.call('POST', path(0), { reference: ' NEW-2 ', quantity: 4 });
    expect(created.status).toBe(200);
    expect(created.body.row).toMatchObject({
      Reference1: 'NEW-2',
      Quantity: 4,
      BusinessId: 1,
      TicketId: f.homeTicketId,
    });
    const again = await cashier.call('POST', path(0), { reference: 'new-2', quantity: 4 });
    expect([again.status, again.body.error]).toEqual([409, 'REFERENCE_ALREADY_EXISTS']);
    expect(
      await count(sql, `SELECT count(*) FROM ticket_reference_change WHERE option_id = $1`, [
        created.body.row.PriceRowId,
      ]),
    ).toBe(1);
  });

  test('the storefront: a prompted ticket needs an eligible reference; a sale draws it down; used up is refused', async () => {
    const seats = plainSeats(f.show).slice(40, 44);
    const check = (ref1: string, lang = 'en') =>
      call(t.url, 'POST', `/api/ticket-references/check?lang=${lang}`, crypto.randomUUID(), {
        presentationId: ARENA,
        ticketId: f.ticketId,
        ref1,
      });
    expect((await check('club-7')).body).toEqual({ eligible: true });
    const unknown = await check('CLUB-8');
    expect([unknown.status, unknown.body.error, unknown.body.message]).toEqual([
      409,
      'REFERENCE_NOT_ELIGIBLE',
      'The reference value is not eligible for this ticket.',
    ]);
    expect((await check('CLUB-8', 'he')).body.message).toBe('ערך האסמכתא אינו זכאי לכרטיס זה.');

    const b = await buyer(t.url);
    await lockAll(t.url, b, f.show, seats.slice(0, 2));
    const missing = await commit(t.url, b, cartOf([line(f, seats[0]!), line(f, seats[1]!)]));
    expect([missing.status, missing.body.error]).toEqual([400, 'REFERENCE_REQUIRED']);
    const wrong = await commit(t.url, b, cartOf([line(f, seats[0]!, 'nope'), line(f, seats[1]!, 'nope')]));
    expect([wrong.status, wrong.body.error]).toEqual([409, 'REFERENCE_NOT_ELIGIBLE']);
    expect(await count(sql, 'SELECT count(*) FROM reservation_ticket WHERE ticket_id = $1', [f.ticketId])).toBe(0);
    const sold = await commit(t.url, b, cartOf([line(f, seats[0]!, ' Club-7'), line(f, seats[1]!, 'CLUB-7')]));
    expect(sold.status).toBe(201);

    const admin = await signedIn(t.url, sql, 'admin');
    const detail = await admin.call(
      'GET',
      `/api/pres-live/monitors/TicketReferencePromptAdminDetail/data?rowId=${f.rowId}`,
    );
    expect(detail.body.row).toMatchObject({ Quantity: 3, Used: 2, Remaining: 1 });
    const sales = await admin.call(
      'GET',
      `/api/pres-live/monitors/TicketReferencePromptAdminTicketSales/data?rowId=${f.rowId}`,
    );
    expect(sales.status).toBe(200);
    expect(sales.body.sales).toHaveLength(2);
    expect(sales.body.sales[0]).toMatchObject({
      ReservationIdentifier: sold.body.reservationIdentifier,
      PriceRowId: f.rowId,
      Reference1: 'CLUB-7',
      PresentationId: ARENA,
      Status: 'live',
    });
    const byShow = await admin.call(
      'GET',
      `/api/pres-live/monitors/TicketReferencePromptAdminTicketSales/data?rowId=${f.rowId}&dateType=1&startDate=2000-01-01&endDate=2000-01-02`,
    );
    expect(byShow.body.sales).toEqual([]);

    // Two more seats with the reference: only one is left, so the order is refused whole.
    const c = await buyer(t.url);
    await lockAll(t.url, c, f.show, seats.slice(2, 4));
    const over = await commit(t.url, c, cartOf([line(f, seats[2]!, 'CLUB-7'), line(f, seats[3]!, 'CLUB-7')]));
    expect([over.status, over.body.error]).toEqual([409, 'REFERENCE_NOT_ELIGIBLE']);
    expect((await check('CLUB-7')).status).toBe(200);
    // The back office lowers the quantity to what was sold: now the reference is used up.
    const edit = await admin.call(
      'POST',
      `/api/pres-live/editReferencePromptOptionQuantity/1/1/${f.ticketId}/${f.rowId}`,
      { reference: 'CLUB-7', quantity: 2 },
    );
    expect(edit.body.row).toMatchObject({ Quantity: 2, Used: 2, Remaining: 0 });
    const below = await admin.call(
      'POST',
      `/api/pres-live/editReferencePromptOptionQuantity/1/1/${f.ticketId}/${f.rowId}`,
      { reference: 'CLUB-7', quantity: 1 },
    );
    expect([below.status, below.body.error]).toEqual([409, 'REFERENCE_QUANTITY_BELOW_USED']);
    expect((await check('CLUB-7')).body.error).toBe('REFERENCE_NOT_ELIGIBLE');
    const one = await commit(t.url, c, cartOf([line(f, seats[2]!, 'CLUB-7')]));
    expect([one.status, one.body.error]).toEqual([409, 'REFERENCE_NOT_ELIGIBLE']);
    // Reset for the other tests of this file.
    await sql.query('UPDATE ticket_reference_option SET quantity = 3 WHERE id = $1', [f.rowId]);
  });

  test(`${RACE_BUYERS} buyers commit the last 3 tickets of a reference at once: exactly 3 sold, never below zero`, async () => {
    const o = await race(t, sql);
    console.log('reference race (guarded):', o);
    expect(o.sold).toBe(3);
    expect(o.tickets).toBe(3);
    for (const code of Object.keys(o.statuses)) expect(['sold', 'REFERENCE_NOT_ELIGIBLE']).toContain(code);
  });
});

describe('control run', () => {
  test('without the row lock and re-check in the sale, the same race sells more than the quantity', async () => {
    const unguarded: ProviderOverride[] = [
      { provide: ReferenceSaleParticipant, useClass: UnguardedReferenceSalesRepository },
    ];
    const env = await startBooking({}, unguarded);
    try {
      const o = await race(env.t, env.sql);
      console.log('reference race (control):', o);
      expect(o.sold).toBeGreaterThan(3);
    } finally {
      await env.close();
    }
  });
});

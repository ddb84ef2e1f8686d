import { Client } from 'pg';
import type { ApiSeat, Cart } from '@hotline/shared';
import { startTestApp, type TestApp } from '../support/test-env';
import { solveAltcha } from '../support/altcha';
import {
  authoriseCard,
  cartSeat,
  count,
  loadShow,
  plainSeats,
  TEST_CARDS,
  type ShowInfo,
} from '../booking/support/booking-kit';
import { StaffBrowser, signedIn } from './support/staff-kit';

/**
 * The producer variant of POST /api/payment/commit: a staff member holding 267 sells a block to a walk-in
 * buyer (customerName + mobileNumber instead of the customer form), for cash or through the sandbox card page. The
 * tickets go to the buyer's mobile by SMS, the audit log says who sold, and the variant is refused to anyone else:
 * no session, no 267, another business's show, a mobile the tickets cannot reach — each before anything is written.
 */
async function presentationOf(sql: Client, businessId: number): Promise<number> {
  const r = await sql.query(
    `SELECT id FROM presentation WHERE business_id = $1 AND is_reserved AND NOT soldout AND date_time > now()
      ORDER BY id LIMIT 1`,
    [businessId],
  );
  return r.rows[0].id as number;
}

const ref = (s: ApiSeat) => ({ sectionId: s.VenueSectionId, x: s.XCoordinate, y: s.YCoordinate });

describe('box-office sale (producer commit)', () => {
  let t: TestApp;
  let sql: Client;
  let home: ShowInfo; // business 1
  let other: ShowInfo; // business 2
  let next = 0; // seats handed out in plan order, so no two tests share one

  async function staffWithBlock(name: 'cashier' | 'admin' | 'producer', show: ShowInfo, n: number, lock = true) {
    const staff = await signedIn(t.url, sql, name);
    const token = await solveAltcha(t.url, staff.visitorId);
    const seats = plainSeats(show).slice(next, next + n);
    next += n;
    if (lock) {
      const r = await staff.call('PUT', '/api/backoffice/lock-seats', {
        presentationId: show.presentationId,
        seats: seats.map(ref),
      });
      expect(r.status).toBe(200);
    }
    return { staff, token, seats };
  }

  function sale(staff: StaffBrowser, token: string, show: ShowInfo, seats: ApiSeat[], extra: Partial<Cart>) {
    const cart: Cart = { seats: seats.map((s) => cartSeat(show, s)), numberOfPayments: 1, ...extra };
    return staff.call('POST', '/api/payment/commit', { cart, recaptchaToken: token });
  }

  const reservations = () => count(sql, `SELECT count(*) FROM reservation`);

  beforeAll(async () => {
    t = await startTestApp({ OUTBOX_POLL_MS: '50' });
    sql = new Client({ connectionString: t.db.url });
    await sql.connect();
    home = await loadShow(t.url, await presentationOf(sql, 1));
    other = await loadShow(t.url, await presentationOf(sql, 2));
  });
  afterAll(async () => {
    await sql.end();
    await t.close();
  });

  test('cash: the sale is written with a cash payment by the staff member, SMS tickets and an audit entry', async () => {
    const { staff, token, seats } = await staffWithBlock('cashier', home, 3);
    const r = await sale(staff, token, home, seats, {
      customerName: '  דנה  לוי ',
      mobileNumber: '+972 50-765-4321',
      tender: 'cash',
    });
    expect(r.status).toBe(201);
    expect(r.body.ticketIdentifiers).toHaveLength(3);
    const res = await sql.query(
      `SELECT r.id, r.state, r.customer, r.total_agorot FROM reservation r WHERE r.identifier = $1`,
      [r.body.reservationIdentifier],
    );
    expect(res.rows[0]).toMatchObject({
      state: 'paid',
      customer: { firstName: 'דנה', lastName: 'לוי', mobileNumber: '0507654321' },
    });
    const payments = await sql.query(
      `SELECT provider, method, status, amount_agorot, provider_reference FROM payment WHERE reservation_id = $1`,
      [res.rows[0].id],
    );
    const cashier = await sql.query(`SELECT id FROM staff_user WHERE username = 'cashier'`);
    expect(payments.rows).toEqual([
      {
        provider: 'box_office',
        method: 'cash',
        status: 'approved',
        amount_agorot: res.rows[0].total_agorot,
        provider_reference: `staff:${cashier.rows[0].id}`,
      },
    ]);
    const sms = await sql.query(`SELECT channel, recipient FROM notification_outbox WHERE reservation_id = $1`, [
      res.rows[0].id,
    ]);
    expect(sms.rows).toEqual([{ channel: 'sms', recipient: '0507654321' }]);
    const audit = await sql.query(
      `SELECT staff_user_id, business_id, detail FROM audit_log WHERE action = 'box-office-sale' AND subject = $1`,
      [`reservation:${r.body.reservationIdentifier}`],
    );
    expect(audit.rows).toEqual([
      {
        staff_user_id: cashier.rows[0].id,
        business_id: 1,
        detail: { tender: 'cash', total: r.body.total, tickets: 3 },
      },
    ]);
    // The audit log never holds the buyer's details.
    expect(JSON.stringify(audit.rows)).not.toContain('0507654321');
  });

  test('card: the walk-in buyer pays on the sandbox card page; the payment is the provider card payment', async () => {
    const { staff, token, seats } = await staffWithBlock('cashier', home, 2);
    const paymentIdentifier = await authoriseCard(t.url, { id: staff.visitorId, token }, TEST_CARDS.approve);
    const r = await sale(staff, token, home, seats, {
      customerName: 'Walk In',
      mobileNumber: '052-111-2233',
      tender: 'card',
      paymentIdentifier,
    });
    expect(r.status).toBe(201);
    const methods = await sql.query(
      `SELECT p.method, p.status FROM payment p JOIN reservation r ON r.id = p.reservation_id WHERE r.identifier = $1`,
      [r.body.reservationIdentifier],
    );
    expect(methods.rows).toEqual([{ method: 'card', status: 'approved' }]);
  });

  test('a replay of the same box-office cart answers the same order and records no second sale', async () => {
    const { staff, token, seats } = await staffWithBlock('cashier', home, 1);
    const cartIdentifier = crypto.randomUUID();
    const extra = { customerName: 'Noa Bar', mobileNumber: '0541234567', tender: 'cash' as const, cartIdentifier };
    const first = await sale(staff, token, home, seats, extra);
    const again = await sale(staff, token, home, seats, extra);
    expect(first.status).toBe(201);
    expect(again.body).toMatchObject({ reservationIdentifier: first.body.reservationIdentifier, replayed: true });
    const n = await count(sql, `SELECT count(*) FROM audit_log WHERE action = 'box-office-sale' AND subject = $1`, [
      `reservation:${first.body.reservationIdentifier}`,
    ]);
    expect(n).toBe(1);
  });

  test.each([
    ['no staff session', null, 'home', {}, 401, 'STAFF_NOT_SIGNED_IN'],
    ['a producer without 267', 'producer', 'home', {}, 403, 'STAFF_PERMISSION_DENIED'],
    ["another business's show", 'cashier', 'other', {}, 403, 'STAFF_BUSINESS_SCOPE'],
    [
      'a landline for the SMS tickets',
      'cashier',
      'home',
      { mobileNumber: '03-123-4567' },
      400,
      'WALK_IN_CUSTOMER_INVALID',
    ],
    ['no name', 'cashier', 'home', { customerName: ' ' }, 400, 'WALK_IN_CUSTOMER_INVALID'],
    [
      'a gift voucher in the cart',
      'cashier',
      'home',
      { vouchers: [{ SystemVoucherId: 1, SystemVoucherPriceId: 1, Quantity: 1, Price: 100 }] },
      400,
      'BOX_OFFICE_TICKETS_ONLY',
    ],
  ] as const)('%s: %p %p, nothing written', async (_what, who, where, extra, status, error) => {
    const show = where === 'home' ? home : other;
    const before = await reservations();
    let staff: StaffBrowser;
    let token: string;
    let seats: ApiSeat[];
    if (who === null) {
      staff = new StaffBrowser(t.url);
      token = await solveAltcha(t.url, staff.visitorId);
      seats = plainSeats(show).slice(next, next + 1);
      next += 1;
    } else {
      ({ staff, token, seats } = await staffWithBlock(who, show, 1, who !== 'producer' && where === 'home'));
    }
    const r = await sale(staff, token, show, seats, {
      customerName: 'Dana Levi',
      mobileNumber: '0507654321',
      tender: 'cash',
      ...extra,
    } as Partial<Cart>);
    expect([r.status, r.body.error]).toEqual([status, error]);
    expect(typeof r.body.message).toBe('string');
    expect(await reservations()).toBe(before);
  });

  test('the storefront commit is unchanged: without the producer fields no staff session is needed', async () => {
    // A plain storefront cart from a visitor with no staff cookie still needs the customer form (not 401).
    const visitor = new StaffBrowser(t.url);
    const token = await solveAltcha(t.url, visitor.visitorId);
    const seats = plainSeats(home).slice(next, next + 1);
    next += 1;
    const r = await sale(visitor, token, home, seats, {});
    expect(r.status).toBe(400);
    expect(r.body.error).not.toMatch(/^STAFF_/);
  });
});

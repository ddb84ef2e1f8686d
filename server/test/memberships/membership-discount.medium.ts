import type { Client } from 'pg';
import type { ApiMembership, ApiMembershipPrice } from '@hotline/shared';
import { authoriseCard, call, commit, TEST_CARDS, type Buyer } from '../booking/support/booking-kit';
import { startBooking } from '../booking/support/booking-kit';
import type { TestApp } from '../support/test-env';
import { MEMBER_CUSTOMER, membershipByCode, newBuyer } from './support/membership-kit';

/**
 * The membership discount code (docs/memberships.md, "Discount code") through the real server: the storefront's
 * check, the discount priced by the server in the membership quote and charged, one code per order, expired and
 * unknown codes refused, and the code recorded on the sale.
 */
let t: TestApp;
let sql: Client;
let close: () => Promise<void>;
let card: ApiMembership;
let price: ApiMembershipPrice;

beforeAll(async () => {
  const env = await startBooking();
  t = env.t;
  sql = env.sql;
  close = env.close;
  card = await membershipByCode(t.url, 'CINEMA-CARD');
  price = card.prices.find((p) => !p.isTopup)!;
});
afterAll(() => close());

const check = (b: Buyer, body: object, lang = 'en') =>
  call(t.url, 'POST', `/api/membership/discount-code?lang=${lang}`, b.id, body);

function cartWith(codes: string[] | undefined, total: number, paymentIdentifier?: string) {
  return {
    seats: [],
    memberships: [{ membershipId: card.MembershipId, membershipPriceId: price.MembershipPriceId, price: price.Price }],
    ...(codes ? { membershipDiscountCodes: codes } : {}),
    customerInfo: MEMBER_CUSTOMER,
    total,
    ...(paymentIdentifier ? { paymentIdentifier } : {}),
  } as never;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

describe('the storefront check of a membership discount code', () => {
  test('a valid code tells what it takes off the chosen price (any letter case)', async () => {
    const b = await newBuyer(t.url);
    const r = await check(b, {
      code: 'member10',
      membershipId: card.MembershipId,
      membershipPriceId: price.MembershipPriceId,
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ code: 'MEMBER10', kind: 'percent', value: 10 });
    expect(r.body.discountAmount).toBe(round2(price.Price * 0.1));
    const fixed = await check(b, { code: 'CARD50', membershipId: card.MembershipId });
    expect(fixed.body).toMatchObject({ code: 'CARD50', kind: 'amount', value: 50 });
  });

  test('unknown, expired and other-membership codes are refused in the visitor’s language', async () => {
    const b = await newBuyer(t.url);
    const unknown = await check(b, { code: 'NOPE-NOPE', membershipId: card.MembershipId }, 'ru');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({
      error: 'MEMBERSHIP_DISCOUNT_NOT_FOUND',
      message: 'Код скидки не найден.',
      requestId: expect.any(String),
    });
    const expired = await check(b, { code: 'SUMMER25', membershipId: card.MembershipId }, 'he');
    expect(expired.status).toBe(409);
    expect(expired.body).toEqual({
      error: 'MEMBERSHIP_DISCOUNT_EXPIRED',
      message: 'תוקף קוד ההנחה פג.',
      requestId: expect.any(String),
    });
    const season = await membershipByCode(t.url, 'SEASON');
    const other = await check(b, { code: 'CARD50', membershipId: season.MembershipId }, 'ar');
    expect(other.status).toBe(409);
    expect(other.body.error).toBe('MEMBERSHIP_DISCOUNT_NOT_FOR_MEMBERSHIP');
    expect(other.body.message).toBe('رمز الخصم غير صالح لهذا الاشتراك.');
    const bad = await check(b, { code: '', membershipId: card.MembershipId });
    expect(bad.status).toBe(400);
  });
});

describe('a membership bought with a discount code', () => {
  test('the server charges the lower price and records the code on the sale', async () => {
    const b = await newBuyer(t.url);
    const discounted = round2(price.Price - 50);
    // The client's total is checked against the server's own price: the full price with the code is refused.
    const full = await commit(t.url, b, cartWith(['CARD50'], price.Price));
    expect(full.status).toBe(409);
    expect(full.body.error).toBe('PRICE_MISMATCH');
    // ...and so is the lower price without the code.
    const cheat = await commit(t.url, b, cartWith(undefined, discounted));
    expect(cheat.status).toBe(409);
    expect(cheat.body.error).toBe('PRICE_MISMATCH');

    const usedBefore = (await sql.query(`SELECT used_count FROM membership_discount_code WHERE code = 'CARD50'`))
      .rows[0].used_count;
    const pay = await authoriseCard(t.url, b, TEST_CARDS.approve);
    const r = await commit(t.url, b, cartWith(['card50'], discounted, pay));
    if (r.status !== 201) console.log('discounted membership', r.body);
    expect(r.status).toBe(201);
    expect(r.body.total).toBe(discounted);
    const sale = (await sql.query(`SELECT id FROM reservation WHERE identifier = $1`, [r.body.reservationIdentifier]))
      .rows[0];
    const paid = await sql.query(
      `SELECT coalesce(sum(amount_agorot), 0)::int AS a FROM payment WHERE reservation_id = $1`,
      [sale.id],
    );
    expect(paid.rows[0].a).toBe(Math.round(discounted * 100));
    const use = (await sql.query(`SELECT * FROM membership_discount_use WHERE reservation_id = $1`, [sale.id])).rows;
    expect(use).toHaveLength(1);
    expect(use[0]).toMatchObject({ code: 'CARD50', membership_id: card.MembershipId, discount_agorot: 5000 });
    const usedAfter = (await sql.query(`SELECT used_count FROM membership_discount_code WHERE code = 'CARD50'`)).rows[0]
      .used_count;
    expect(usedAfter).toBe(usedBefore + 1);
  });

  test('a second code is refused, before any charge, and nothing is sold or drawn', async () => {
    const b = await newBuyer(t.url);
    const sales = (await sql.query('SELECT count(*)::int AS n FROM reservation')).rows[0].n;
    const r = await commit(t.url, b, cartWith(['MEMBER10', 'CARD50'], round2(price.Price - 50)));
    expect(r.status).toBe(409);
    expect(r.body.error).toBe('MEMBERSHIP_DISCOUNT_ONE_ONLY');
    expect(r.body.message).toBe('ניתן להזין קוד הנחה אחד בלבד בהזמנת מנוי.');
    const same = await commit(t.url, b, cartWith(['MEMBER10', 'member10'], round2(price.Price * 0.9)));
    expect(same.body.error).toBe('MEMBERSHIP_DISCOUNT_ONE_ONLY');
    expect((await sql.query('SELECT count(*)::int AS n FROM reservation')).rows[0].n).toBe(sales);
    expect(
      (await sql.query(`SELECT used_count FROM membership_discount_code WHERE code = 'MEMBER10'`)).rows[0].used_count,
    ).toBe(0);
  });

  test('an expired or unknown code is refused in the commit too', async () => {
    const b = await newBuyer(t.url);
    const expired = await commit(t.url, b, cartWith(['SUMMER25'], round2(price.Price * 0.75)));
    expect(expired.status).toBe(409);
    expect(expired.body.error).toBe('MEMBERSHIP_DISCOUNT_EXPIRED');
    const unknown = await commit(t.url, b, cartWith(['NOT-A-CODE'], price.Price));
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('MEMBERSHIP_DISCOUNT_NOT_FOUND');
  });

  test('an enrolment priced per event takes the code off its whole total (the shared rule)', async () => {
    const flex = await membershipByCode(t.url, 'SEASON-FLEX');
    const b = await newBuyer(t.url);
    const r = await commit(t.url, b, {
      seats: [],
      memberships: [
        {
          membershipId: flex.MembershipId,
          ticketId: flex.prices[0]!.MembershipPriceId,
          seasonId: flex.SeasonId!,
          totalAmount: 165,
          seat: null,
          selections: flex.Presentations.map((p) => ({ prsntId: p.PresentationId })),
        },
      ],
      membershipDiscountCodes: ['MEMBER10'],
      customerInfo: { ...MEMBER_CUSTOMER, ssn: '000000067' },
      total: 148.5,
      paymentIdentifier: await authoriseCard(t.url, b, TEST_CARDS.approve),
    } as never);
    if (r.status !== 201) console.log('discounted enrolment', r.body);
    expect(r.status).toBe(201);
    expect(r.body.total).toBe(148.5);
    const use = await sql.query(
      `SELECT u.discount_agorot FROM membership_discount_use u JOIN reservation r ON r.id = u.reservation_id
        WHERE r.identifier = $1`,
      [r.body.reservationIdentifier],
    );
    expect(use.rows).toEqual([{ discount_agorot: 1650 }]);
  });
});

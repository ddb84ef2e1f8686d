import { randomUUID } from 'node:crypto';
import type { ApiSeat, ApiTicket } from '@hotline/shared';
import type { Client } from 'pg';
import { CouponSaleParticipant } from '../../src/tickets/coupon-sale.participant';
import type { ProviderOverride, TestApp } from '../support/test-env';
import {
  UnclaimedCouponSaleParticipant,
  UnguardedCouponSaleParticipant,
} from '../support/unguarded-coupon-sale.participant';
import { MEMBER, SECOND_MEMBER, shopper } from '../holds/support/hold-kit';
import {
  authoriseCard,
  buyer,
  cartOf,
  cartSeat,
  commit,
  count,
  loadShow,
  lockAll,
  plainSeats,
  startBooking,
  TEST_CARDS,
  upcomingShowId,
  type ShowInfo,
} from './support/booking-kit';

/**
 * One money path, limits claimed before money moves. Twenty-five buyers race for the last three uses of
 * a coupon: through a hold order (which used to write its own sale and sold all 25), and through the paid commit
 * (which used to charge all 25 and refund 22). Each race has a control run with the guard taken out, so the test
 * can fail.
 */
jest.setTimeout(180_000);

const BUYERS = 25;
const USES = 3;
// Many logins of the two demo members: the per-mobile code limits are tested in server/test/customers.
const LOGIN_LIMITS = { CUSTOMER_OTP_SENDS_PER_MOBILE_HOUR: '1000', CUSTOMER_OTP_GUESSES_PER_MOBILE_HOUR: '1000' };

interface Race {
  t: TestApp;
  sql: Client;
  show: ShowInfo;
  coupon: ApiTicket;
  seats: ApiSeat[];
}

/** A fresh server (optionally with a participant swapped), a show four hours away or more, a coupon with 3 uses. */
async function race(providers: ProviderOverride[] = []): Promise<Race & { close(): Promise<void> }> {
  const env = await startBooking(
    { ...LOGIN_LIMITS, RECOVERY_INTERVAL_MS: '0', HOLD_RELEASE_INTERVAL_MS: '0' },
    providers,
  );
  const show = await loadShow(env.t.url, await upcomingShowId(env.t.url, { hoursAhead: 4 }));
  const first = plainSeats(show)[0]!;
  // One ticket group (the coupon belongs to one), each buyer a seat of it.
  const seats = plainSeats(show)
    .filter((s) => s.TicketGroupId === first.TicketGroupId)
    .slice(0, BUYERS);
  if (seats.length < BUYERS) throw new Error(`only ${seats.length} plain seats in one ticket group`);
  const group = show.groupOfZone.get(first.TicketGroupId)!;
  const code = `RACE${randomUUID().slice(0, 6)}`.toUpperCase();
  const [row] = (
    await env.sql.query(
      `INSERT INTO ticket (ticket_group_id, name, name_en, price, service_charge, code, multiply_factor, balance)
       VALUES ($1, 'מרוץ', 'Race', 2000, 100, $2, 1, $3) RETURNING id`,
      [group.id, code, USES],
    )
  ).rows;
  const coupon = { ...group.tickets[0]!, id: row.id, code, price: 20, serviceCharge: 1 } as ApiTicket;
  return { ...env, show, coupon, seats };
}

const live = (r: Race) =>
  count(r.sql, "SELECT count(*) FROM reservation_ticket WHERE ticket_id = $1 AND status = 'live'", [r.coupon.id]);
const charges = (r: Race) => count(r.sql, 'SELECT count(*) FROM sandbox_charge');
const refunds = (r: Race) =>
  count(r.sql, "SELECT count(*) FROM money_attempt WHERE kind = 'charge' AND state IN ('refunded', 'refund_pending')");

/** 25 members each hold one seat on the coupon, all at once. */
async function holdRace(r: Race): Promise<number[]> {
  const shoppers = [];
  for (let i = 0; i < BUYERS; i++) shoppers.push(await shopper(r.t.url, r.sql, i % 2 ? SECOND_MEMBER : MEMBER));
  // Seats first (not part of the race), then every commit together.
  for (const [i, s] of shoppers.entries())
    await lockAll(r.t.url, { id: s.client.visitor, token: s.token }, r.show, [r.seats[i]!]);
  const replies = await Promise.all(
    shoppers.map((s, i) => {
      const cart = cartOf([cartSeat(r.show, r.seats[i]!, r.coupon)], {
        cartIdentifier: randomUUID(),
        isHold: true,
        ticketCodes: [r.coupon.code!],
      });
      return s.client.call('POST', '/api/payment/commit', { cart, recaptchaToken: s.token });
    }),
  );
  console.log('hold race', replies.map((x) => `${x.status}:${x.body.error ?? ''}`).join(' '));
  return replies.map((x) => x.status);
}

/** 25 buyers each buy one seat on the coupon with a card, all at once. */
async function paidRace(r: Race): Promise<{ statuses: number[]; errors: string[] }> {
  const buyers = [];
  for (let i = 0; i < BUYERS; i++) {
    const b = await buyer(r.t.url);
    await lockAll(r.t.url, b, r.show, [r.seats[i]!]);
    buyers.push({ b, card: await authoriseCard(r.t.url, b, TEST_CARDS.approve) });
  }
  const replies = await Promise.all(
    buyers.map(({ b, card }, i) =>
      commit(
        r.t.url,
        b,
        cartOf([cartSeat(r.show, r.seats[i]!, r.coupon)], {
          cartIdentifier: randomUUID(),
          ticketCodes: [r.coupon.code!],
          paymentIdentifier: card,
        }),
      ),
    ),
  );
  console.log('paid race', replies.map((x) => `${x.status}:${x.body.error ?? ''}`).join(' '));
  return { statuses: replies.map((x) => x.status), errors: replies.map((x) => x.body.error ?? 'sold') };
}

describe('a coupon with 3 uses left, 25 buyers at once', () => {
  test('hold orders: exactly 3 holds, the rest refused COUPON_USED_UP; nothing charged', async () => {
    const r = await race();
    try {
      const before = await charges(r);
      const statuses = await holdRace(r);
      expect(statuses.filter((s) => s === 201)).toHaveLength(USES);
      expect(await live(r)).toBe(USES);
      expect(await charges(r)).toBe(before);
    } finally {
      await r.close();
    }
  });

  test('control: hold orders with the coupon participant taken out oversell the coupon', async () => {
    const r = await race([{ provide: CouponSaleParticipant, useClass: UnguardedCouponSaleParticipant }]);
    try {
      await holdRace(r);
      expect(await live(r)).toBeGreaterThan(USES);
    } finally {
      await r.close();
    }
  });

  test('paid commits: 3 charged and sold, 22 refused before any charge (no refund)', async () => {
    const r = await race();
    try {
      const before = { charges: await charges(r), refunds: await refunds(r) };
      const { statuses, errors } = await paidRace(r);
      expect(statuses.filter((s) => s === 201)).toHaveLength(USES);
      expect(errors.filter((e) => e === 'COUPON_USED_UP')).toHaveLength(BUYERS - USES);
      expect(await live(r)).toBe(USES);
      expect((await charges(r)) - before.charges).toBe(USES);
      expect((await refunds(r)) - before.refunds).toBe(0);
      expect(await count(r.sql, 'SELECT count(*) FROM limit_claim')).toBe(0);
    } finally {
      await r.close();
    }
  });

  test('control: without the claim, the sale still holds the limit but the losers are charged and refunded', async () => {
    const r = await race([{ provide: CouponSaleParticipant, useClass: UnclaimedCouponSaleParticipant }]);
    try {
      const before = await charges(r);
      const { statuses } = await paidRace(r);
      expect(statuses.filter((s) => s === 201)).toHaveLength(USES);
      expect(await live(r)).toBe(USES);
      expect((await charges(r)) - before).toBeGreaterThan(USES);
    } finally {
      await r.close();
    }
  });
});

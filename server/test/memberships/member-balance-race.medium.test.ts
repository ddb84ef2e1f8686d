import { MembershipSaleParticipant } from '../../src/memberships/membership-sale.participant';
import { MembershipErrors } from '../../src/memberships/memberships.errors';
import type { Client } from 'pg';
import { call, cartSeat, commit, count, lockAll, loadShow, startBooking } from '../booking/support/booking-kit';
import type { ProviderOverride, TestApp } from '../support/test-env';
import { MEMBERSHIP_BACKSTOPS, uncheckedMembershipSales } from '../support/unchecked-membership-sales';
import { MEMBER_CUSTOMER, membershipByCode, newBuyer, seatFreeEverywhere } from './support/membership-kit';

/**
 * Two orders redeem the LAST unit of one member's balance at the same moment: only one may pass.
 * The guard is the participant's one check (`remaining`: the member's row locked, units left less other carts'
 * claims), run before the charge and again in the sale's transaction; the draw after it is unconditional, backed by
 * the CHECK used_balance <= balance, which a sale past the balance runs into and which is refused the same way.
 * Three runs: guarded; the backstop alone (the check switched off, the CHECK kept: still exactly one, same refusal
 * and text); the control (check off and the CHECK lifted: both pass, two tickets for one unit).
 * Member tickets are made free here so no card is involved: the race is the balance's, not the payment's.
 */
// Both sales wait for each other in the sale before drawing: both have passed the quote, neither has drawn.
const UNCHECKED: ProviderOverride[] = [{ provide: MembershipSaleParticipant, useClass: uncheckedMembershipSales(2) }];
const REFUSED_HE = MembershipErrors.BALANCE_INSUFFICIENT.message.he;

interface Outcome {
  statuses: string[];
  /** What each refused buyer was told. */
  messages: string[];
  wins: number;
  used: number;
  redemptions: number;
}

async function race(t: TestApp, sql: Client): Promise<Outcome> {
  await sql.query(`UPDATE ticket SET price = 0, service_charge = 0 WHERE code = 'MEMBER'`);
  await sql.query(
    `INSERT INTO customer_membership (membership_id, member_number, holder_name, balance, used_balance, starts_at, ends_at)
     SELECT id, 'M-RACE', 'Race', 3, 2, now() - interval '1 day', now() + interval '1 day' FROM membership WHERE code = 'CINEMA-CARD'`,
  );
  const season = await membershipByCode(t.url, 'SEASON');
  const pid = season.Presentations[3]!.PresentationId;
  const show = await loadShow(t.url, pid);
  const buyers = await Promise.all([newBuyer(t.url), newBuyer(t.url)]);
  const carts: unknown[] = [];
  for (const [i, b] of buyers.entries()) {
    await sql.query(
      `INSERT INTO member_grant (visitor_id, customer_membership_id, expires_at)
       SELECT $1, id, now() + interval '1 hour' FROM customer_membership WHERE member_number = 'M-RACE'`,
      [b.id],
    );
    const { seat } = await seatFreeEverywhere(t.url, [pid], i * 3);
    await lockAll(t.url, b, show, [seat]);
    const tickets = (await call(t.url, 'GET', `/api/membership/member-tickets?presentationId=${pid}`, b.id)).body
      .tickets;
    const group = show.groupOfZone.get(seat.TicketGroupId)!;
    const ticket = tickets.find((x: { ticketGroupId: number }) => x.ticketGroupId === group.id);
    carts.push({
      seats: [{ ...cartSeat(show, seat), ticketId: ticket.id, amount: 0, serviceCharge: 0, memberNumber: 'M-RACE' }],
      ticketCodes: ['MEMBER'],
      customerInfo: MEMBER_CUSTOMER,
      total: 0,
    });
  }
  const results = await Promise.all(buyers.map((b, i) => commit(t.url, b, carts[i] as never)));
  const statuses = results.map((r) => (r.status === 201 ? 'sold' : String(r.body.error)));
  const messages = results.filter((r) => r.status !== 201).map((r) => String(r.body.message));
  const used = (await sql.query(`SELECT used_balance FROM customer_membership WHERE member_number = 'M-RACE'`)).rows[0]
    .used_balance;
  const redemptions = await count(
    sql,
    `SELECT coalesce(sum(units), 0) FROM member_redemption WHERE customer_membership_id =
       (SELECT id FROM customer_membership WHERE member_number = 'M-RACE')`,
  );
  return { statuses, messages, wins: statuses.filter((s) => s === 'sold').length, used, redemptions };
}

describe('two orders redeem the last unit of a member balance at once', () => {
  test('only one passes; the balance never goes below zero; the other is told BALANCE_INSUFFICIENT', async () => {
    const env = await startBooking();
    try {
      const o = await race(env.t, env.sql);
      console.log('member balance race (guarded):', o);
      expect(o.wins).toBe(1);
      expect(o.statuses.sort()).toEqual(['BALANCE_INSUFFICIENT', 'sold']);
      expect(o.messages).toEqual([REFUSED_HE]);
      expect(o.used).toBe(3);
      expect(o.redemptions).toBe(1);
    } finally {
      await env.close();
    }
  });

  test('the backstop alone (no check): the CHECK refuses the second draw, with the same code and text', async () => {
    const env = await startBooking({}, UNCHECKED);
    try {
      const o = await race(env.t, env.sql);
      console.log('member balance race (backstop alone):', o);
      expect(o.wins).toBe(1);
      expect(o.statuses.sort()).toEqual(['BALANCE_INSUFFICIENT', 'sold']);
      expect(o.messages).toEqual([REFUSED_HE]);
      expect(o.used).toBe(3);
      expect(o.redemptions).toBe(1);
    } finally {
      await env.close();
    }
  });

  test('control: with no check and no CHECK, both orders pass on one unit', async () => {
    const env = await startBooking({}, UNCHECKED);
    try {
      await env.sql.query(MEMBERSHIP_BACKSTOPS.lift);
      const o = await race(env.t, env.sql);
      console.log('member balance race (control):', o);
      expect(o.wins).toBe(2);
      // One unit was left; two were handed out, and the balance went past its limit.
      expect(o.redemptions).toBe(2);
      expect(o.used).toBe(4);
    } finally {
      await env.close();
    }
  });
});

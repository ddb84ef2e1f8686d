import { MembershipSaleParticipant } from '../../src/memberships/membership-sale.participant';
import type { Client } from 'pg';
import { call, cartSeat, commit, count, lockAll, loadShow, startBooking } from '../booking/support/booking-kit';
import type { ProviderOverride, TestApp } from '../support/test-env';
import { UnguardedMemberSalesRepository } from '../support/unguarded-member-sales.repository';
import { MEMBER_CUSTOMER, membershipByCode, newBuyer, seatFreeEverywhere } from './support/membership-kit';

/**
 * Two orders redeem the LAST unit of one member's balance at the same moment: only one may pass.
 * The guard is the sale's conditional UPDATE (used_balance + n <= balance) inside the sale's transaction, backed
 * by the CHECK used_balance <= balance. The control run swaps in a sales repository whose draw reads, waits and
 * writes (test-only provider override): both orders pass and the member gets two tickets for one unit.
 * Member tickets are made free here so no card is involved: the race is the balance's, not the payment's.
 */
interface Outcome {
  statuses: string[];
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
  const used = (await sql.query(`SELECT used_balance FROM customer_membership WHERE member_number = 'M-RACE'`)).rows[0]
    .used_balance;
  const redemptions = await count(
    sql,
    `SELECT coalesce(sum(units), 0) FROM member_redemption WHERE customer_membership_id =
       (SELECT id FROM customer_membership WHERE member_number = 'M-RACE')`,
  );
  return { statuses, wins: statuses.filter((s) => s === 'sold').length, used, redemptions };
}

describe('two orders redeem the last unit of a member balance at once', () => {
  test('only one passes; the balance never goes below zero; the other is told BALANCE_INSUFFICIENT', async () => {
    const env = await startBooking();
    try {
      const o = await race(env.t, env.sql);
      console.log('member balance race (guarded):', o);
      expect(o.wins).toBe(1);
      expect(o.statuses.sort()).toEqual(['BALANCE_INSUFFICIENT', 'sold']);
      expect(o.used).toBe(3);
      expect(o.redemptions).toBe(1);
    } finally {
      await env.close();
    }
  });

  test('control: with a read-then-write draw, both orders pass on one unit', async () => {
    const unguarded: ProviderOverride[] = [
      { provide: MembershipSaleParticipant, useClass: UnguardedMemberSalesRepository },
    ];
    const env = await startBooking({}, unguarded);
    try {
      const o = await race(env.t, env.sql);
      console.log('member balance race (control):', o);
      expect(o.wins).toBe(2);
      expect(o.redemptions).toBe(2);
      // One unit was left; two were handed out.
      expect(o.redemptions).toBeGreaterThan(1);
    } finally {
      await env.close();
    }
  });
});

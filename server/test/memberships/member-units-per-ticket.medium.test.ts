import type { Client } from 'pg';
import { DataSource } from 'typeorm';
import { CancellationRepository } from '../../src/cancellations/cancellation.repository';
import { MembershipSaleParticipant } from '../../src/memberships/membership-sale.participant';
import type { EndedSale, Queryable } from '../../src/reservations/sale-participant';
import { call, cartOf, cartSeat, loadShow, startBooking } from '../booking/support/booking-kit';
import { MEMBER, placeHold, shopper } from '../holds/support/hold-kit';
import type { ProviderOverride, TestApp } from '../support/test-env';
import { membershipByCode, seatFreeEverywhere } from './support/membership-kit';

/**
 * Member units come back per ticket (issue 31, "every draw has its give-back"): a member's order of two member
 * tickets drew 2 units; cancelling one ticket used to give nothing back until the last one went (the redemption was
 * per order). Now each ticket gives back its own units, once, in the transaction that cancels it. The control run
 * puts back the old whole-order-only give-back.
 */
jest.setTimeout(120_000);

/** TEST ONLY (control run): member units given back only when the whole order ends, as before. */
class WholeOrderOnlyMembershipParticipant extends MembershipSaleParticipant {
  override async giveBack(db: Queryable, ended: EndedSale): Promise<void> {
    await super.giveBack(db, { ticketIds: [], wholeReservationIds: ended.wholeReservationIds });
  }
}

/** A member with 5 units holds two member tickets (free: no card involved); answers the ledger and a canceller. */
async function twoMemberTickets(t: TestApp, sql: Client, memberNumber: string) {
  await sql.query(`UPDATE ticket SET price = 0, service_charge = 0 WHERE code = 'MEMBER'`);
  await sql.query(
    `INSERT INTO customer_membership (membership_id, member_number, holder_name, balance, used_balance, starts_at, ends_at)
     SELECT id, $1, 'Per Ticket', 5, 0, now() - interval '1 day', now() + interval '30 days' FROM membership WHERE code = 'CINEMA-CARD'`,
    [memberNumber],
  );
  const season = await membershipByCode(t.url, 'SEASON');
  const pid = season.Presentations[3]!.PresentationId;
  const show = await loadShow(t.url, pid);
  const member = await shopper(t.url, sql, MEMBER);
  await sql.query(
    `INSERT INTO member_grant (visitor_id, customer_membership_id, expires_at)
     SELECT $1, id, now() + interval '1 hour' FROM customer_membership WHERE member_number = $2`,
    [member.client.visitor, memberNumber],
  );
  const { seat: first } = await seatFreeEverywhere(t.url, [pid], 5);
  const second = show.seats.find(
    (s) =>
      s.VenueSectionId === first.VenueSectionId &&
      s.YCoordinate === first.YCoordinate &&
      s.XCoordinate === first.XCoordinate! + 1,
  )!;
  const tickets = (
    await call(t.url, 'GET', `/api/membership/member-tickets?presentationId=${pid}`, member.client.visitor)
  ).body.tickets as { id: number; ticketGroupId: number }[];
  const line = (seat: typeof first) => {
    const ticket = tickets.find((x) => x.ticketGroupId === show.groupOfZone.get(seat.TicketGroupId)!.id)!;
    return { ...cartSeat(show, seat), ticketId: ticket.id, amount: 0, serviceCharge: 0, memberNumber };
  };
  const cart = cartOf([line(first), line(second)], {
    cartIdentifier: crypto.randomUUID(),
    isHold: true,
    ticketCodes: ['MEMBER'],
  });
  const hold = await placeHold(member, show, [first, second], cart);
  if (hold.status !== 201) throw new Error(`hold ${hold.status} ${JSON.stringify(hold.body)}`);
  const { rows } = await sql.query(
    `SELECT r.id::text AS reservation, t.id::text AS ticket FROM reservation r JOIN reservation_ticket t ON t.reservation_id = r.id
      WHERE r.identifier = $1 ORDER BY t.x`,
    [hold.body.reservationIdentifier],
  );
  const used = async () =>
    Number(
      (await sql.query('SELECT used_balance FROM customer_membership WHERE member_number = $1', [memberNumber])).rows[0]
        .used_balance,
    );
  const repo = t.app.get(CancellationRepository, { strict: false });
  /** Cancels tickets as the customer and producer cancellations do (one transaction, every participant's give-back). */
  const cancel = (ticketIds: string[], whole: boolean) =>
    t.app.get(DataSource).transaction((tx) => repo.cancelTickets(tx, ticketIds, rows[0].reservation, whole));
  return { used, cancel, tickets: rows.map((r) => r.ticket as string) };
}

async function withEnv(providers: ProviderOverride[], run: (t: TestApp, sql: Client) => Promise<void>) {
  const env = await startBooking({ HOLD_RELEASE_INTERVAL_MS: '0', RECOVERY_INTERVAL_MS: '0' }, providers);
  try {
    await run(env.t, env.sql);
  } finally {
    await env.close();
  }
}

test('one of two member tickets cancelled gives back its unit; the other gives back the second; nothing comes back twice', () =>
  withEnv([], async (t, sql) => {
    const order = await twoMemberTickets(t, sql, 'M-PER-TICKET');
    expect(await order.used()).toBe(2);
    await order.cancel([order.tickets[0]!], false);
    expect(await order.used()).toBe(1);
    // The same ticket again (a replayed cancellation): it is no longer live, nothing comes back.
    await order.cancel([order.tickets[0]!], false);
    expect(await order.used()).toBe(1);
    await order.cancel([order.tickets[1]!], true);
    expect(await order.used()).toBe(0);
    const { rows } = await sql.query(
      `SELECT count(*)::int AS open FROM member_redemption r JOIN customer_membership m ON m.id = r.customer_membership_id
        WHERE m.member_number = 'M-PER-TICKET' AND r.given_back_at IS NULL`,
    );
    expect(rows[0].open).toBe(0);
  }));

test('control: with the give-back for whole orders only, the cancelled ticket keeps its unit drawn', () =>
  withEnv([{ provide: MembershipSaleParticipant, useClass: WholeOrderOnlyMembershipParticipant }], async (t, sql) => {
    const order = await twoMemberTickets(t, sql, 'M-WHOLE-ONLY');
    await order.cancel([order.tickets[0]!], false);
    expect(await order.used()).toBe(2);
  }));

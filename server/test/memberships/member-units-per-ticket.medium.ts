import type { Client } from 'pg';
import { DataSource } from 'typeorm';
import { CancellationRepository } from '../../src/cancellations/cancellation.repository';
import { MembershipSaleParticipant } from '../../src/memberships/membership-sale.participant';
import type { EndedSale, Queryable } from '../../src/reservations/sale-participant';
import { cartOf, startBooking } from '../booking/support/booking-kit';
import { freeMemberTickets, placeHold } from '../holds/support/hold-kit';
import type { ProviderOverride, TestApp } from '../support/test-env';
import { seatFreeEverywhere } from './support/membership-kit';

/**
 * Member units come back per ticket ("every draw has its give-back"): a member's order of two member
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
  const { pid, show, member, line, used } = await freeMemberTickets(t.url, sql, memberNumber);
  const { seat: first } = await seatFreeEverywhere(t.url, [pid], 5);
  const second = show.seats.find(
    (s) =>
      s.VenueSectionId === first.VenueSectionId &&
      s.YCoordinate === first.YCoordinate &&
      s.XCoordinate === first.XCoordinate! + 1,
  )!;
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

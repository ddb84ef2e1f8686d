import type { Client } from 'pg';
import { HoldClock } from '../../src/holds/hold-clock';
import { HoldReleaseJob } from '../../src/holds/hold-release.job';
import { MembershipSaleParticipant } from '../../src/memberships/membership-sale.participant';
import { call, cartOf, cartSeat, loadShow, startBooking } from '../booking/support/booking-kit';
import { membershipByCode, seatFreeEverywhere } from '../memberships/support/membership-kit';
import type { ProviderOverride, TestApp } from '../support/test-env';
import { MEMBER, placeHold, shopper } from './support/hold-kit';

/**
 * Every draw has its give-back (issue 31, point 4): a member's unpaid hold on a member ticket, released at its
 * deadline, used to leave the member's units drawn for good (4 of 5 left after the seats were free again). Released
 * now, the units come back, once, in the release's own transaction. The control run takes the give-back out.
 */
jest.setTimeout(120_000);

const SETTINGS = {
  HOLD_RELEASE_INTERVAL_MS: '0',
  RECOVERY_INTERVAL_MS: '0',
  CUSTOMER_OTP_SENDS_PER_MOBILE_HOUR: '1000',
  CUSTOMER_OTP_GUESSES_PER_MOBILE_HOUR: '1000',
};

/** TEST ONLY (control run): the membership participant as before issue 31, with nothing to give back. */
class NoGiveBackMembershipParticipant extends MembershipSaleParticipant {
  override async giveBack(): Promise<void> {}
}

interface Held {
  used: () => Promise<number>;
  release: () => Promise<number>;
}

/** A member with 5 units holds one member ticket (free, so no card is involved), to be released at its deadline. */
async function memberTicketHold(t: TestApp, sql: Client, memberNumber: string): Promise<Held> {
  await sql.query(`UPDATE ticket SET price = 0, service_charge = 0 WHERE code = 'MEMBER'`);
  await sql.query(
    `INSERT INTO customer_membership (membership_id, member_number, holder_name, balance, used_balance, starts_at, ends_at)
     SELECT id, $1, 'Give Back', 5, 0, now() - interval '1 day', now() + interval '30 days' FROM membership WHERE code = 'CINEMA-CARD'`,
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
  const { seat } = await seatFreeEverywhere(t.url, [pid], 5);
  const tickets = (
    await call(t.url, 'GET', `/api/membership/member-tickets?presentationId=${pid}`, member.client.visitor)
  ).body.tickets as { id: number; ticketGroupId: number }[];
  const group = show.groupOfZone.get(seat.TicketGroupId)!;
  const ticket = tickets.find((x) => x.ticketGroupId === group.id)!;
  const cart = cartOf([{ ...cartSeat(show, seat), ticketId: ticket.id, amount: 0, serviceCharge: 0, memberNumber }], {
    cartIdentifier: crypto.randomUUID(),
    isHold: true,
    ticketCodes: ['MEMBER'],
  });
  const hold = await placeHold(member, show, [seat], cart);
  if (hold.status !== 201) throw new Error(`hold ${hold.status} ${JSON.stringify(hold.body)}`);
  const used = async () =>
    Number(
      (await sql.query('SELECT used_balance FROM customer_membership WHERE member_number = $1', [memberNumber])).rows[0]
        .used_balance,
    );
  return {
    used,
    release: async () => {
      const deadline = new Date(hold.body.holdDeadline as string).getTime();
      t.app.get(HoldClock).setOffset(deadline - Date.now() + 1_000);
      try {
        return (await t.app.get(HoldReleaseJob).runOnce()).released;
      } finally {
        t.app.get(HoldClock).setOffset(0);
      }
    },
  };
}

async function withEnv(providers: ProviderOverride[], run: (t: TestApp, sql: Client) => Promise<void>) {
  const env = await startBooking(SETTINGS, providers);
  try {
    await run(env.t, env.sql);
  } finally {
    await env.close();
  }
}

test('a released member-ticket hold gives the member units back, once', () =>
  withEnv([], async (t, sql) => {
    const held = await memberTicketHold(t, sql, 'M-GIVE');
    expect(await held.used()).toBe(1);
    expect(await held.release()).toBeGreaterThanOrEqual(1);
    expect(await held.used()).toBe(0);
    // A second sweep finds nothing to release and gives nothing twice.
    expect(await held.release()).toBe(0);
    expect(await held.used()).toBe(0);
  }));

test('control: without the give-back the released hold keeps the unit it drew', () =>
  withEnv([{ provide: MembershipSaleParticipant, useClass: NoGiveBackMembershipParticipant }], async (t, sql) => {
    const held = await memberTicketHold(t, sql, 'M-KEEP');
    expect(await held.release()).toBeGreaterThanOrEqual(1);
    expect(await held.used()).toBe(1);
  }));

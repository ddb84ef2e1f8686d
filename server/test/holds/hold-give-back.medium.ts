import type { Client } from 'pg';
import { HoldClock } from '../../src/holds/hold-clock';
import { HoldReleaseJob } from '../../src/holds/hold-release.job';
import { MembershipSaleParticipant } from '../../src/memberships/membership-sale.participant';
import { cartOf, startBooking } from '../booking/support/booking-kit';
import { seatFreeEverywhere } from '../memberships/support/membership-kit';
import type { ProviderOverride, TestApp } from '../support/test-env';
import { freeMemberTickets, placeHold } from './support/hold-kit';

/**
 * Every draw has its give-back: a member's unpaid hold on a member ticket, released at its
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

/** TEST ONLY (control run): the membership participant as it was before every draw had its give-back, with nothing to give back. */
class NoGiveBackMembershipParticipant extends MembershipSaleParticipant {
  override async giveBack(): Promise<void> {}
}

interface Held {
  used: () => Promise<number>;
  release: () => Promise<number>;
}

/** A member with 5 units holds one member ticket (free, so no card is involved), to be released at its deadline. */
async function memberTicketHold(t: TestApp, sql: Client, memberNumber: string): Promise<Held> {
  const { pid, show, member, line, used } = await freeMemberTickets(t.url, sql, memberNumber);
  const { seat } = await seatFreeEverywhere(t.url, [pid], 5);
  const cart = cartOf([line(seat)], { cartIdentifier: crypto.randomUUID(), isHold: true, ticketCodes: ['MEMBER'] });
  const hold = await placeHold(member, show, [seat], cart);
  if (hold.status !== 201) throw new Error(`hold ${hold.status} ${JSON.stringify(hold.body)}`);
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

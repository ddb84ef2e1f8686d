import { MembershipSaleParticipant } from '../../src/memberships/membership-sale.participant';
import type { Client } from 'pg';
import { commit } from '../booking/support/booking-kit';
import { startBooking } from '../booking/support/booking-kit';
import type { ProviderOverride, TestApp } from '../support/test-env';
import { MEMBERSHIP_BACKSTOPS, uncheckedMembershipSales } from '../support/unchecked-membership-sales';
import { MembershipDiscountErrors } from '../../src/memberships/membership-discount.errors';
import { MEMBER_CUSTOMER, membershipByCode, newBuyer } from './support/membership-kit';

/**
 * Two membership orders use the LAST use of a discount code at the same moment (docs/memberships.md): only one may
 * pass. The guard is the participant's one check (`remaining`: the code's row locked, uses left less other carts'
 * claims), before the charge and again in the sale's transaction; the draw after it is unconditional, backed by the
 * CHECK used_count <= max_uses, which is refused the same way. Three runs: guarded; the backstop alone (check off,
 * CHECK kept: still one, same refusal and text); the control (check off, CHECK lifted: both pass, the code used twice
 * with a limit of one). The code takes 100 % off, so no card is involved: the race is the code's, not the payment's.
 */
// Both sales wait for each other in the sale before drawing: both have passed the quote, neither has drawn.
const UNCHECKED: ProviderOverride[] = [{ provide: MembershipSaleParticipant, useClass: uncheckedMembershipSales(2) }];
const REFUSED_HE = MembershipDiscountErrors.MEMBERSHIP_DISCOUNT_USED_UP.message.he;

interface Outcome {
  statuses: string[];
  /** What each refused buyer was told. */
  messages: string[];
  wins: number;
  used: number;
  uses: number;
}

async function race(t: TestApp, sql: Client): Promise<Outcome> {
  const card = await membershipByCode(t.url, 'CINEMA-CARD');
  const price = card.prices.find((p) => !p.isTopup)!;
  await sql.query(
    `INSERT INTO membership_discount_code (code, name, kind, value, membership_ids, max_uses)
     VALUES ('LAST-ONE', 'Last one', 'percent', 100, ARRAY[$1::int], 1)`,
    [card.MembershipId],
  );
  const buyers = await Promise.all([newBuyer(t.url), newBuyer(t.url)]);
  const cart = {
    seats: [],
    memberships: [{ membershipId: card.MembershipId, membershipPriceId: price.MembershipPriceId }],
    membershipDiscountCodes: ['LAST-ONE'],
    customerInfo: MEMBER_CUSTOMER,
    total: 0,
  } as never;
  const results = await Promise.all(buyers.map((b) => commit(t.url, b, cart)));
  const statuses = results.map((r) => (r.status === 201 ? 'sold' : String(r.body.error)));
  const messages = results.filter((r) => r.status !== 201).map((r) => String(r.body.message));
  const used = (await sql.query(`SELECT used_count FROM membership_discount_code WHERE code = 'LAST-ONE'`)).rows[0]
    .used_count;
  const uses = (await sql.query(`SELECT count(*)::int AS n FROM membership_discount_use WHERE code = 'LAST-ONE'`))
    .rows[0].n;
  return { statuses, messages, wins: statuses.filter((s) => s === 'sold').length, used, uses };
}

describe('two membership orders use the last use of a discount code at once', () => {
  test('only one passes; the code is never used beyond its limit; the other is told MEMBERSHIP_DISCOUNT_USED_UP', async () => {
    const env = await startBooking();
    try {
      const o = await race(env.t, env.sql);
      console.log('membership discount race (guarded):', o);
      expect(o.wins).toBe(1);
      expect(o.statuses.sort()).toEqual(['MEMBERSHIP_DISCOUNT_USED_UP', 'sold']);
      expect(o.messages).toEqual([REFUSED_HE]);
      expect(o.used).toBe(1);
      expect(o.uses).toBe(1);
    } finally {
      await env.close();
    }
  });

  test('the backstop alone (no check): the CHECK refuses the second use, with the same code and text', async () => {
    const env = await startBooking({}, UNCHECKED);
    try {
      const o = await race(env.t, env.sql);
      console.log('membership discount race (backstop alone):', o);
      expect(o.wins).toBe(1);
      expect(o.statuses.sort()).toEqual(['MEMBERSHIP_DISCOUNT_USED_UP', 'sold']);
      expect(o.messages).toEqual([REFUSED_HE]);
      expect(o.used).toBe(1);
      expect(o.uses).toBe(1);
    } finally {
      await env.close();
    }
  });

  test('control: with no check and no CHECK, both orders pass on one use', async () => {
    const env = await startBooking({}, UNCHECKED);
    try {
      await env.sql.query(MEMBERSHIP_BACKSTOPS.lift);
      const o = await race(env.t, env.sql);
      console.log('membership discount race (control):', o);
      expect(o.wins).toBe(2);
      // A limit of one; two sales carry the code, and the counter went past it.
      expect(o.uses).toBe(2);
      expect(o.used).toBe(2);
    } finally {
      await env.close();
    }
  });
});

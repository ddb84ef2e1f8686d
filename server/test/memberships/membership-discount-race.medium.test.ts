import { MembershipSaleParticipant } from '../../src/memberships/membership-sale.participant';
import type { Client } from 'pg';
import { commit } from '../booking/support/booking-kit';
import { startBooking } from '../booking/support/booking-kit';
import type { ProviderOverride, TestApp } from '../support/test-env';
import { UnguardedDiscountSalesRepository } from '../support/unguarded-discount-sales.repository';
import { MEMBER_CUSTOMER, membershipByCode, newBuyer } from './support/membership-kit';

/**
 * Two membership orders use the LAST use of a discount code at the same moment (docs/memberships.md): only one may
 * pass. The guard is the sale's conditional UPDATE (used_count < max_uses) inside the sale's transaction, backed by
 * the CHECK used_count <= max_uses. The control run swaps in a read-then-write draw (test-only provider override):
 * both orders pass and the code is used twice with a limit of one. The code takes 100 % off, so no card is involved:
 * the race is the code's, not the payment's.
 */
interface Outcome {
  statuses: string[];
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
  const used = (await sql.query(`SELECT used_count FROM membership_discount_code WHERE code = 'LAST-ONE'`)).rows[0]
    .used_count;
  const uses = (await sql.query(`SELECT count(*)::int AS n FROM membership_discount_use WHERE code = 'LAST-ONE'`))
    .rows[0].n;
  return { statuses, wins: statuses.filter((s) => s === 'sold').length, used, uses };
}

describe('two membership orders use the last use of a discount code at once', () => {
  test('only one passes; the code is never used beyond its limit; the other is told MEMBERSHIP_DISCOUNT_USED_UP', async () => {
    const env = await startBooking();
    try {
      const o = await race(env.t, env.sql);
      console.log('membership discount race (guarded):', o);
      expect(o.wins).toBe(1);
      expect(o.statuses.sort()).toEqual(['MEMBERSHIP_DISCOUNT_USED_UP', 'sold']);
      expect(o.used).toBe(1);
      expect(o.uses).toBe(1);
    } finally {
      await env.close();
    }
  });

  test('control: with a read-then-write draw, both orders pass on one use', async () => {
    const unguarded: ProviderOverride[] = [
      { provide: MembershipSaleParticipant, useClass: UnguardedDiscountSalesRepository },
    ];
    const env = await startBooking({}, unguarded);
    try {
      const o = await race(env.t, env.sql);
      console.log('membership discount race (control):', o);
      expect(o.wins).toBe(2);
      // A limit of one; two sales carry the code.
      expect(o.uses).toBe(2);
    } finally {
      await env.close();
    }
  });
});

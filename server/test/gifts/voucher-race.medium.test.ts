import { VoucherSaleParticipant } from '../../src/payment/voucher-sale.participant';
import type { Client } from 'pg';
import {
  buyer,
  cartOf,
  cartSeat,
  commit,
  count,
  lockAll,
  loadShow,
  plainSeats,
  startBooking,
} from '../booking/support/booking-kit';
import type { ProviderOverride, TestApp } from '../support/test-env';
import { UnguardedVoucherSalesRepository } from '../support/unguarded-voucher-sales.repository';

/**
 * One gift voucher, 50 orders paying with it at once. Each buyer
 * really holds its own seat (the arena has no seat-gap rules) and asks the voucher
 * to pay the whole order; the voucher holds enough for three and a half orders.
 * The guard is the sale's `SELECT ... FOR UPDATE` on the voucher with the balance
 * re-checked under the lock, backed by the balance CHECKs (>= 0 on the voucher and
 * on its ledger). The control run swaps in a sales repository without the lock and
 * re-check (test-only provider override) and drops both CHECKs in its own database: it must overdraw the voucher,
 * or this test proves nothing.
 */
const BUYERS = 50;
const PRESENTATION = 29;

interface Outcome {
  orderAgorot: number;
  startAgorot: number;
  statuses: Map<string, number>;
  wins: number;
  balance: number;
  redeemed: number;
  events: number;
}

async function race(t: TestApp, sql: Client): Promise<Outcome> {
  const show = await loadShow(t.url, PRESENTATION);
  const seats = plainSeats(show).slice(0, BUYERS);
  const lines = seats.map((s) => cartSeat(show, s));
  const orderAgorot = Math.round((lines[0]!.amount + lines[0]!.serviceCharge) * 100);
  const startAgorot = orderAgorot * 3 + Math.floor(orderAgorot / 2);
  const [voucher] = (
    await sql.query(
      `INSERT INTO system_voucher (reference, name, name_en, initial_agorot, balance_agorot)
       VALUES ('GV-RACE', 'מרוץ', 'Race', $1, $1) RETURNING id::int AS id`,
      [startAgorot],
    )
  ).rows;
  const buyers = await Promise.all(Array.from({ length: BUYERS }, () => buyer(t.url)));
  await Promise.all(buyers.map((b, i) => lockAll(t.url, b, show, [seats[i]!])));
  const results = await Promise.all(
    buyers.map((b, i) =>
      commit(
        t.url,
        b,
        cartOf([lines[i]!], {
          voucherPayments: [{ id: voucher.id, code: 'GV-RACE', amount: orderAgorot / 100 }],
          cartIdentifier: crypto.randomUUID(),
        }),
      ),
    ),
  );
  const statuses = new Map<string, number>();
  for (const r of results) {
    const key = r.status === 201 ? 'sold' : String(r.body.error);
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
  }
  const balance = (await sql.query('SELECT balance_agorot FROM system_voucher WHERE id = $1', [voucher.id])).rows[0]
    .balance_agorot;
  const redeemed = await count(
    sql,
    `SELECT coalesce(sum(amount_agorot), 0) FROM payment WHERE system_voucher_id = $1 AND status = 'approved'`,
    [voucher.id],
  );
  const events = await count(
    sql,
    `SELECT count(*) FROM system_voucher_event WHERE system_voucher_id = $1 AND kind = 'redemption'`,
    [voucher.id],
  );
  return { orderAgorot, startAgorot, statuses, wins: statuses.get('sold') ?? 0, balance, redeemed, events };
}

describe('50 orders redeem the same voucher at once', () => {
  test('exactly as many as the balance covers are sold; the balance never goes below zero; every draw-down is recorded', async () => {
    const env = await startBooking();
    try {
      const o = await race(env.t, env.sql);
      console.log('voucher race (guarded):', Object.fromEntries(o.statuses), { balance: o.balance });
      expect(o.wins).toBe(3);
      expect(o.balance).toBe(o.startAgorot - 3 * o.orderAgorot);
      expect(o.balance).toBeGreaterThanOrEqual(0);
      expect(o.redeemed).toBe(o.startAgorot - o.balance);
      expect(o.events).toBe(o.wins);
      // Losers are told why, and nothing was written for them.
      for (const code of o.statuses.keys()) expect(['sold', 'VOUCHER_NO_BALANCE', 'PRICE_MISMATCH']).toContain(code);
      expect(await count(env.sql, 'SELECT count(*) FROM reservation')).toBe(3);
    } finally {
      await env.close();
    }
  });

  test('control: without the lock, the re-check and the CHECK, the same race overdraws the voucher', async () => {
    const unguarded: ProviderOverride[] = [
      { provide: VoucherSaleParticipant, useClass: UnguardedVoucherSalesRepository },
    ];
    const env = await startBooking({}, unguarded);
    try {
      await env.sql.query(`ALTER TABLE system_voucher DROP CONSTRAINT system_voucher_balance_agorot_check;
        ALTER TABLE system_voucher_event DROP CONSTRAINT system_voucher_event_balance_after_agorot_check`);
      const o = await race(env.t, env.sql);
      console.log('voucher race (control):', Object.fromEntries(o.statuses), { balance: o.balance });
      expect(o.wins).toBeGreaterThan(3);
      expect(o.redeemed).toBeGreaterThan(o.startAgorot);
      expect(o.balance).toBeLessThan(0);
    } finally {
      await env.close();
    }
  });
});

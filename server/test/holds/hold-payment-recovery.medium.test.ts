import { randomUUID } from 'node:crypto';
import type { Client } from 'pg';
import { HoldPaymentRecoveryJob } from '../../src/holds/hold-payment-recovery.job';
import { HoldPaymentsRepository } from '../../src/holds/hold-payments.repository';
import { HoldReleaseJob } from '../../src/holds/hold-release.job';
import { HoldsRepository } from '../../src/holds/holds.repository';
import { PaymentProvider } from '../../src/payment/payment-provider.port';
import type { TestApp } from '../support/test-env';
import {
  authoriseCard,
  count,
  loadShow,
  plainSeats,
  startBooking,
  TEST_CARDS,
  upcomingShowId,
} from '../booking/support/booking-kit';
import { MEMBER, placeHold, shopper } from './support/hold-kit';

/**
 * The hold payment's recovery job: an attempt whose node died after the provider charged (row still 'charging')
 * is finished from PostgreSQL and the provider's answer - the hold paid, or, if it was released meanwhile, the money
 * given back; an attempt the provider never charged is closed as failed. Nothing charged twice.
 */
describe('hold payment recovery', () => {
  let env: Awaited<ReturnType<typeof startBooking>>;
  let t: TestApp;
  let sql: Client;

  beforeAll(async () => {
    env = await startBooking({
      HOLD_RELEASE_INTERVAL_MS: '0',
      RECOVERY_INTERVAL_MS: '0',
      RECOVERY_IN_DOUBT_SECONDS: '0',
    });
    ({ t, sql } = env);
  });
  afterAll(() => env.close());

  /** A hold, and a charge the provider took for it under an attempt whose request then "died". */
  async function chargedThenDied(seatOffset: number, charge = true) {
    const show = await loadShow(t.url, await upcomingShowId(t.url));
    const seats = plainSeats(show).slice(seatOffset, seatOffset + 1);
    const member = await shopper(t.url, sql, MEMBER);
    const hold = await placeHold(member, show, seats);
    expect(hold.status).toBe(201);
    const h = (await t.app.get(HoldsRepository).holdByIdentifier(hold.body.reservationIdentifier))!;
    const paymentIdentifier = await authoriseCard(
      t.url,
      { id: member.client.visitor, token: member.token },
      TEST_CARDS.approve,
    );
    const key = randomUUID();
    const providerKey = `hold:${key}:${paymentIdentifier}`;
    const row = (await t.app.get(HoldPaymentsRepository).open({
      idempotencyKey: key,
      fingerprint: 'f',
      reservationId: h.reservationId,
      channel: 'online',
      method: 'card',
      amountAgorot: h.totalAgorot,
      providerKey,
      visitorId: member.client.visitor,
    }))!;
    if (charge) {
      const r = await t.app.get(PaymentProvider).charge({
        idempotencyKey: providerKey,
        paymentIdentifier,
        visitorId: member.client.visitor,
        amountAgorot: h.totalAgorot,
        currency: 'ILS',
        description: 'test',
      });
      expect(r.status).toBe('approved');
    }
    await sql.query(`UPDATE hold_payment SET updated_at = now() - interval '1 minute' WHERE id = $1`, [row.id]);
    return { h, row };
  }

  const stateOf = async (id: string) =>
    (await sql.query('SELECT state FROM hold_payment WHERE id = $1', [id])).rows[0].state;

  test('charged, hold still held: the job pays the hold (one charge, one payment row)', async () => {
    const { h, row } = await chargedThenDied(0);
    const charges = await count(sql, 'SELECT count(*) FROM sandbox_charge');
    expect(await t.app.get(HoldPaymentRecoveryJob).runOnce()).toContain('paid');
    expect(await stateOf(row.id)).toBe('paid');
    expect(
      await count(sql, `SELECT count(*) FROM reservation WHERE id = $1 AND state = 'paid'`, [h.reservationId]),
    ).toBe(1);
    expect(
      await count(sql, `SELECT count(*) FROM payment WHERE reservation_id = $1 AND status = 'approved'`, [
        h.reservationId,
      ]),
    ).toBe(1);
    expect(await count(sql, 'SELECT count(*) FROM sandbox_charge')).toBe(charges);
    // A second pass has nothing to do.
    expect(await t.app.get(HoldPaymentRecoveryJob).runOnce()).toEqual([]);
  });

  test('charged, but the hold was released meanwhile: the job refunds', async () => {
    const { h, row } = await chargedThenDied(1);
    await sql.query(`UPDATE hold_order SET release_at = now() - interval '1 second' WHERE reservation_id = $1`, [
      h.reservationId,
    ]);
    await t.app.get(HoldReleaseJob).runOnce();
    expect(await t.app.get(HoldPaymentRecoveryJob).runOnce()).toContain('refunded');
    expect(await stateOf(row.id)).toBe('refunded');
    expect(await count(sql, `SELECT count(*) FROM sandbox_charge WHERE status = 'refunded'`)).toBeGreaterThanOrEqual(1);
    expect(
      await count(sql, `SELECT count(*) FROM reservation WHERE id = $1 AND state = 'cancelled'`, [h.reservationId]),
    ).toBe(1);
  });

  test('never charged: the attempt is closed as failed and the hold stays payable', async () => {
    const { h, row } = await chargedThenDied(2, false);
    expect(await t.app.get(HoldPaymentRecoveryJob).runOnce()).toContain('failed');
    expect(await stateOf(row.id)).toBe('failed');
    expect(
      await count(sql, `SELECT count(*) FROM reservation WHERE id = $1 AND state = 'hold'`, [h.reservationId]),
    ).toBe(1);
  });
});

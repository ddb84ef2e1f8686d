import { randomUUID } from 'node:crypto';
import type { Client } from 'pg';
import { HoldPayments } from '../../src/holds/hold-payments';
import { HoldReleaseJob } from '../../src/holds/hold-release.job';
import { PaymentRecoveryJob } from '../../src/payment/payment-recovery.job';
import type { TestApp } from '../support/test-env';
import { count, startBooking } from '../booking/support/booking-kit';
import { inDoubtHoldPayment } from '../payment/support/in-doubt-kit';

/**
 * The hold payment's in-doubt kind, driven by the one recovery loop: an attempt whose node died after the provider charged (row still 'charging')
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

  const chargedThenDied = (seatOffset: number, charge = true) => inDoubtHoldPayment(t, sql, seatOffset, charge);

  /** The one recovery loop, run for the money attempts' kind only (hold payments are money attempts). */
  const recover = () => t.app.get(PaymentRecoveryJob, { strict: false }).runKind('money-attempt');

  const stateOf = async (id: string) =>
    (await sql.query('SELECT state FROM hold_payment WHERE id = $1', [id])).rows[0].state;

  test('charged, hold still held: the job pays the hold (one charge, one payment row)', async () => {
    const { h, row } = await chargedThenDied(0);
    const charges = await count(sql, 'SELECT count(*) FROM sandbox_charge');
    expect(await recover()).toContain('paid');
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
    expect(await recover()).toEqual([]);
    // A device that read the hold unpaid before this charge went through opens no attempt of its own: the hold is paid.
    const late = await t.app.get(HoldPayments).open({
      idempotencyKey: randomUUID(),
      fingerprint: 'late',
      reservationId: h.reservationId,
      channel: 'online',
      method: 'card',
      amountAgorot: h.totalAgorot,
      providerKey: `hold:late:${randomUUID()}`,
      visitorId: null,
    });
    expect(late).toBe('paid');
  });

  test('charged, but the hold was released meanwhile: the job refunds', async () => {
    const { h, row } = await chargedThenDied(1);
    await sql.query(`UPDATE hold_order SET release_at = now() - interval '1 second' WHERE reservation_id = $1`, [
      h.reservationId,
    ]);
    await t.app.get(HoldReleaseJob).runOnce();
    expect(await recover()).toContain('refunded');
    expect(await stateOf(row.id)).toBe('refunded');
    expect(await count(sql, `SELECT count(*) FROM sandbox_charge WHERE status = 'refunded'`)).toBeGreaterThanOrEqual(1);
    expect(
      await count(sql, `SELECT count(*) FROM reservation WHERE id = $1 AND state = 'cancelled'`, [h.reservationId]),
    ).toBe(1);
  });

  test('never charged: the attempt is closed as failed and the hold stays payable', async () => {
    const { h, row } = await chargedThenDied(2, false);
    expect(await recover()).toContain('failed');
    expect(await stateOf(row.id)).toBe('failed');
    expect(
      await count(sql, `SELECT count(*) FROM reservation WHERE id = $1 AND state = 'hold'`, [h.reservationId]),
    ).toBe(1);
  });
});

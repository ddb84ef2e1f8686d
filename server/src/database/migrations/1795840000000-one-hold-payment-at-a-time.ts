import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One charge per hold, by construction. Attempts to pay a hold were unique per idempotency key
 * only, so two devices paying the same hold (each with its own key) both reached the card, and the loser was
 * refunded. At most one attempt per reservation may now be `charging`: the second is refused before its provider
 * call (hold-payments.repository.ts maps the violation to "in progress"). A failed attempt leaves `charging`, so the
 * next may start at once; one whose node died is moved on by the recovery job.
 */
export class OneHoldPaymentAtATime1795840000000 implements MigrationInterface {
  name = 'OneHoldPaymentAtATime1795840000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE UNIQUE INDEX hold_payment_one_charging ON hold_payment (reservation_id) WHERE state = 'charging'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX hold_payment_one_charging');
  }
}

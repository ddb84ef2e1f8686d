import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Per-presentation override of SEAT_HOLD_CAP_PER_IP (seats one client address may hold
 * at once across visitor ids): NULL = the deployment's default, 0 = no cap (a box office
 * selling from one address), n = at most n seats.
 */
export class SeatHoldCap1795459370693 implements MigrationInterface {
  name = 'SeatHoldCap1795459370693';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE presentation ADD COLUMN seat_hold_cap_per_ip integer CHECK (seat_hold_cap_per_ip >= 0)`);
    // GET /api/payment/form reuses a visitor's live card page instead of writing a row per call.
    await q.query(`CREATE INDEX sandbox_payment_form_visitor ON sandbox_payment_form (visitor_id, expires_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX sandbox_payment_form_visitor`);
    await q.query(`ALTER TABLE presentation DROP COLUMN seat_hold_cap_per_ip`);
  }
}

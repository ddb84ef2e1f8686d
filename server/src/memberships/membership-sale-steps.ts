import type { QueryRunner } from 'typeorm';
import type { MembershipRefusal, MembershipSaleData } from './membership-sale.participant';

/** TypeORM answers an UPDATE ... RETURNING with [rows, rowCount]; an INSERT or SELECT with the rows. */
export function updatedRows(result: unknown): unknown[] {
  return Array.isArray(result) && Array.isArray(result[0]) ? (result[0] as unknown[]) : (result as unknown[]);
}

/**
 * The membership part of the sale, run inside the sale's transaction (reservations' SalesRepository.commitSale, through
 * MembershipSaleParticipant) once the reservation exists: the member balances and the discount code's use drawn, each
 * in the statement that records it (redemption ledger, discount use), then the new members, top-ups and enrolments.
 * The limits were checked once, under the rows' lock, by the participant's `remaining` (before the charge and again
 * in the sale); the draws here are unconditional, and the CHECKs on the counters (customer_membership_balance_left,
 * membership_discount_code_uses_left) are the backstop, mapped to the same refusals
 * (MembershipSaleParticipant.constraintRefusals). A refusal rolls the whole sale back.
 */
export class MembershipSaleSteps {
  async after(
    runner: QueryRunner,
    data: MembershipSaleData | undefined,
    reservationId: string,
  ): Promise<MembershipRefusal | null> {
    if (!data) return null;
    // Members by id, then the code: the order `remaining` locked their rows in (no draw here waits on a lock).
    for (const r of [...data.redemptions].sort((a, b) => a.memberId - b.memberId)) {
      if (!(await this.redeem(runner, r, reservationId))) return 'MEMBER_BALANCE';
    }
    if (data.discount && !(await this.drawDiscount(runner, data.discount, reservationId))) return 'DISCOUNT_USED_UP';
    for (const s of data.sold) {
      // The member number is the row's own id (M-100000 + id): unique without a retry.
      const [row] = await runner.query(
        `INSERT INTO customer_membership (membership_id, customer_id, member_number, holder_name, ssn, mobile, balance,
                                          starts_at, ends_at, reservation_id)
         VALUES ($1, (SELECT id FROM customer WHERE ssn = $4), gen_random_uuid()::text, $3, $4, $5, $2,
                 now(), now() + make_interval(days => $6), $7)
         RETURNING id`,
        [s.membershipId, s.units, s.holderName, s.ssn, s.mobile, s.validDays, reservationId],
      );
      await runner.query(`UPDATE customer_membership SET member_number = 'M-' || (100000 + id) WHERE id = $1`, [
        row.id,
      ]);
    }
    for (const t of data.topups) {
      const rows = updatedRows(
        await runner.query(
          `UPDATE customer_membership SET balance = balance + $2 WHERE member_number = $1 AND status = 'active' RETURNING id`,
          [t.memberNumber, t.units],
        ),
      );
      if (rows.length !== 1) return 'MEMBER_GONE';
      await runner.query(
        `INSERT INTO membership_topup (member_number, membership_price_id, units, reservation_id) VALUES ($1, $2, $3, $4)`,
        [t.memberNumber, t.priceId, t.units, reservationId],
      );
    }
    for (const e of data.enrolments) {
      const rows: unknown[] = await runner.query(
        `INSERT INTO enrolment (membership_id, season_id, holder_ssn, membership_price_id, presentation_ids, section_id, x, y, reservation_id)
         VALUES ($1, $2, $3, $4, $5::int[], $6, $7, $8, $9)
         ON CONFLICT (season_id, holder_ssn) WHERE status = 'live' DO NOTHING RETURNING id`,
        [
          e.membershipId,
          e.seasonId,
          e.holderSsn,
          e.priceId,
          e.presentationIds,
          e.seat?.sectionId ?? null,
          e.seat?.x ?? null,
          e.seat?.y ?? null,
          reservationId,
        ],
      );
      if (rows.length !== 1) return 'ALREADY_ENROLLED';
    }
    return null;
  }

  /**
   * The code's use, drawn and recorded in one statement. False when the code's row is gone (its limit, dates and
   * state were the one check's, under its lock; going past max_uses fails on the CHECK).
   */
  private async drawDiscount(
    runner: QueryRunner,
    d: NonNullable<MembershipSaleData['discount']>,
    reservationId: string,
  ): Promise<boolean> {
    const rows: unknown[] = await runner.query(
      `WITH drawn AS (
         UPDATE membership_discount_code SET used_count = used_count + 1 WHERE id = $1 RETURNING id
       )
       INSERT INTO membership_discount_use (membership_discount_code_id, code, membership_id, discount_agorot, reservation_id)
       SELECT id, $2::text, $3::int, $4::int, $5::bigint FROM drawn RETURNING id`,
      [d.codeId, d.code, d.membershipId, d.discountAgorot, reservationId],
    );
    return rows.length === 1;
  }

  /**
   * One member's units drawn, its redemption recorded with the balance after the draw, and which ticket drew how
   * many units (a ticket cancelled alone gives its own units back): one statement. False when the member's row is
   * gone; a draw past the balance fails on the CHECK.
   */
  private async redeem(
    runner: QueryRunner,
    r: MembershipSaleData['redemptions'][number],
    reservationId: string,
  ): Promise<boolean> {
    const seats = r.seats ?? [];
    const [row]: { redeemed: number }[] = await runner.query(
      `WITH drawn AS (
         UPDATE customer_membership SET used_balance = used_balance + $3::int WHERE id = $1 RETURNING id, used_balance
       ), redemption AS (
         INSERT INTO member_redemption (customer_membership_id, reservation_id, units, used_after)
         SELECT id, $2::bigint, $3::int, used_balance FROM drawn RETURNING id
       ), per_ticket AS (
         INSERT INTO member_redemption_ticket (member_redemption_id, reservation_ticket_id, units)
         SELECT redemption.id, t.id, s.units
           FROM redemption, unnest($4::int[], $5::int[], $6::int[], $7::int[], $8::int[]) AS s(pid, sid, x, y, units)
           JOIN reservation_ticket t ON t.reservation_id = $2::bigint AND t.presentation_id = s.pid AND t.section_id = s.sid
                                    AND t.x = s.x AND t.y = s.y
         RETURNING 1
       )
       SELECT (SELECT count(*) FROM redemption)::int AS redeemed`,
      [
        r.memberId,
        reservationId,
        r.units,
        seats.map((s) => s.presentationId),
        seats.map((s) => s.sectionId),
        seats.map((s) => s.x),
        seats.map((s) => s.y),
        seats.map((s) => s.units),
      ],
    );
    return row?.redeemed === 1;
  }
}

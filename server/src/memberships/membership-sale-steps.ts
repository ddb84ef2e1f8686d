import type { QueryRunner } from 'typeorm';
import type { MembershipRefusal, MembershipSaleData } from './membership-sale.participant';

/** TypeORM answers an UPDATE ... RETURNING with [rows, rowCount]; an INSERT or SELECT with the rows. */
export function updatedRows(result: unknown): unknown[] {
  return Array.isArray(result) && Array.isArray(result[0]) ? (result[0] as unknown[]) : (result as unknown[]);
}

/**
 * The membership part of the sale, run inside the sale's transaction (reservations' SalesRepository.commitSale, through MembershipSaleParticipant):
 * `before` draws the member balances down (the guard), `after` writes the members, top-ups, enrolments and the
 * redemption ledger once the reservation exists. A refusal rolls the whole sale back.
 */
export class MembershipSaleSteps {
  /**
   * The guard: one conditional UPDATE per member, in id order (two orders wait on each other, never deadlock).
   * Under READ COMMITTED the second writer re-evaluates the WHERE on the row the first committed, so the last
   * units can only be drawn once; the CHECK (used_balance <= balance) backs it up.
   */
  async before(runner: QueryRunner, data: MembershipSaleData | undefined): Promise<MembershipRefusal | null> {
    if (!data) return null;
    // Members first, then the code: every sale takes the rows in the same order.
    const refused = await this.drawMembers(runner, data);
    if (refused) return refused;
    return data.discount ? this.drawDiscount(runner, data.discount.codeId) : null;
  }

  private async drawMembers(runner: QueryRunner, data: MembershipSaleData): Promise<MembershipRefusal | null> {
    if (data.redemptions.length === 0) return null;
    const units = new Map<number, number>();
    for (const r of data.redemptions) units.set(r.memberId, (units.get(r.memberId) ?? 0) + r.units);
    for (const [memberId, n] of [...units].sort((a, b) => a[0] - b[0])) {
      const refused = await this.draw(runner, memberId, n);
      if (refused) return refused;
    }
    return null;
  }

  /** Protected so the race test's control run can put an unguarded read-then-write in its place (test/support). */
  protected async draw(runner: QueryRunner, memberId: number, units: number): Promise<MembershipRefusal | null> {
    const rows = updatedRows(
      await runner.query(
        `UPDATE customer_membership SET used_balance = used_balance + $2
        WHERE id = $1 AND status = 'active' AND starts_at <= now() AND ends_at > now()
          AND used_balance + $2 <= balance
        RETURNING id`,
        [memberId, units],
      ),
    );
    return rows.length === 1 ? null : 'MEMBER_BALANCE';
  }

  /**
   * The discount code's guard: one conditional UPDATE, so the last use can be drawn only once (the second writer
   * re-reads the row the first committed); the CHECK (used_count <= max_uses) backs it up. The code's dates and
   * state are checked again here, on the database's clock. Protected for the race test's control run.
   */
  protected async drawDiscount(runner: QueryRunner, codeId: number): Promise<MembershipRefusal | null> {
    const rows = updatedRows(
      await runner.query(
        `UPDATE membership_discount_code SET used_count = used_count + 1
          WHERE id = $1 AND active AND (max_uses IS NULL OR used_count < max_uses)
            AND (valid_from IS NULL OR valid_from <= now()) AND (valid_until IS NULL OR valid_until > now())
          RETURNING id`,
        [codeId],
      ),
    );
    return rows.length === 1 ? null : 'DISCOUNT_USED_UP';
  }

  async after(
    runner: QueryRunner,
    data: MembershipSaleData | undefined,
    reservationId: string,
  ): Promise<MembershipRefusal | null> {
    if (!data) return null;
    if (data.discount) {
      const d = data.discount;
      await runner.query(
        `INSERT INTO membership_discount_use (membership_discount_code_id, code, membership_id, discount_agorot, reservation_id)
         VALUES ($1, $2, $3, $4, $5)`,
        [d.codeId, d.code, d.membershipId, d.discountAgorot, reservationId],
      );
    }
    for (const r of data.redemptions) {
      const [redemption] = await runner.query(
        `INSERT INTO member_redemption (customer_membership_id, reservation_id, units, used_after)
         SELECT id, $2, $3, used_balance FROM customer_membership WHERE id = $1 RETURNING id`,
        [r.memberId, reservationId, r.units],
      );
      const seats = r.seats ?? [];
      if (seats.length === 0) continue;
      // Which ticket drew how many units: a ticket cancelled alone gives its own units back.
      await runner.query(
        `INSERT INTO member_redemption_ticket (member_redemption_id, reservation_ticket_id, units)
         SELECT $1, t.id, s.units
           FROM unnest($3::int[], $4::int[], $5::int[], $6::int[], $7::int[]) AS s(pid, sid, x, y, units)
           JOIN reservation_ticket t ON t.reservation_id = $2 AND t.presentation_id = s.pid AND t.section_id = s.sid
                                    AND t.x = s.x AND t.y = s.y`,
        [
          redemption.id,
          reservationId,
          seats.map((s) => s.presentationId),
          seats.map((s) => s.sectionId),
          seats.map((s) => s.x),
          seats.map((s) => s.y),
          seats.map((s) => s.units),
        ],
      );
    }
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
}

import type { QueryRunner } from 'typeorm';
import { referenceEligibility } from '@hotline/shared';
import type { SaleReference } from '../reservations';

/** Live tickets sold with each option (cancelled tickets give their place back). */
export const USED_SQL = `SELECT r.option_id AS "optionId", count(*)::int AS used
   FROM reservation_ticket_reference r JOIN reservation_ticket rt ON rt.id = r.reservation_ticket_id AND rt.status = 'live'
  WHERE r.option_id = ANY($1::int[]) GROUP BY r.option_id`;

/**
 * In the sale's transaction, before the sale statement: lock the options in id order (the same
 * global order as vouchers and coupons: no deadlock), then count their live use UNDER the lock
 * and refuse when this sale would take more than is left. Two sales of the last ticket of a
 * reference queue on the row; the second counts the first's ticket once it committed.
 * Returns the option that ran out, or null.
 */
export async function lockReferenceQuantities(runner: QueryRunner, refs: SaleReference[]): Promise<number | null> {
  if (refs.length === 0) return null;
  const ids = [...new Set(refs.map((r) => r.optionId))].sort((a, b) => a - b);
  const options: { id: number; quantity: number }[] = await runner.query(
    'SELECT id, quantity FROM ticket_reference_option WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE',
    [ids],
  );
  return checkQuantities(runner, refs, options);
}

/** The re-check itself (shared with the test-only control, which skips the lock). */
export async function checkQuantities(
  runner: QueryRunner,
  refs: SaleReference[],
  options: { id: number; quantity: number }[],
): Promise<number | null> {
  const ids = options.map((o) => o.id);
  const used: { optionId: number; used: number }[] = await runner.query(USED_SQL, [ids]);
  const usedOf = new Map(used.map((u) => [u.optionId, u.used]));
  const byId = new Map(options.map((o) => [o.id, o]));
  const wanted = new Map<number, number>();
  for (const r of refs) wanted.set(r.optionId, (wanted.get(r.optionId) ?? 0) + r.seats.length);
  for (const [id, seats] of wanted) {
    const o = byId.get(id);
    const verdict = referenceEligibility(o ? { quantity: o.quantity, used: usedOf.get(id) ?? 0 } : null, seats);
    if (verdict !== 'ok') return id;
  }
  return null;
}

/** After the sale statement, in the same transaction: which of its tickets carry which reference. */
export async function recordSaleReferences(
  runner: QueryRunner,
  reservationId: string,
  refs: SaleReference[],
): Promise<void> {
  const rows = refs.flatMap((r) =>
    r.seats.map((s) => ({ ...s, optionId: r.optionId, r1: r.reference1, r2: r.reference2 })),
  );
  if (rows.length === 0) return;
  const inserted: unknown[] = await runner.query(
    `INSERT INTO reservation_ticket_reference (reservation_ticket_id, option_id, reference1, reference2)
     SELECT rt.id, s.option_id, s.r1, s.r2
       FROM unnest($2::int[], $3::int[], $4::int[], $5::int[], $6::int[], $7::text[], $8::text[])
            AS s(pid, sid, x, y, option_id, r1, r2)
       JOIN reservation_ticket rt ON rt.reservation_id = $1 AND rt.presentation_id = s.pid
        AND rt.section_id = s.sid AND rt.x = s.x AND rt.y = s.y AND rt.status = 'live'
     RETURNING reservation_ticket_id`,
    [
      reservationId,
      rows.map((r) => r.presentationId),
      rows.map((r) => r.sectionId),
      rows.map((r) => r.x),
      rows.map((r) => r.y),
      rows.map((r) => r.optionId),
      rows.map((r) => r.r1),
      rows.map((r) => r.r2),
    ],
  );
  // Every referenced seat is a ticket of this sale; anything else is a bug, and the transaction must not commit.
  if (inserted.length !== rows.length) throw new Error('sale references do not match the sale tickets');
}

import type { QueryRunner } from 'typeorm';

/** A reference the sale draws on: the option (PriceRowId), the typed values, and the seats that carry it. */
export interface SaleReference {
  optionId: number;
  reference1: string;
  reference2: string;
  seats: { presentationId: number; sectionId: number; x: number; y: number }[];
}

/** Live tickets sold with each option (cancelled tickets give their place back). */
export const USED_SQL = `SELECT r.option_id AS "optionId", count(*)::int AS used
   FROM reservation_ticket_reference r JOIN reservation_ticket rt ON rt.id = r.reservation_ticket_id AND rt.status = 'live'
  WHERE r.option_id = ANY($1::int[]) GROUP BY r.option_id`;

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

import type { QueryRunner } from 'typeorm';
import type { SaleChannel } from '../reservations';

/**
 * Draws the mini-site balances down inside the sale's transaction: one conditional UPDATE per ticket, in ticket
 * order (the global lock order after vouchers and coded tickets). `balance >= n` is re-evaluated on the locked
 * row, so concurrent sales queue on the row and the balance can never go below zero (the CHECK constraint is the
 * belt to these braces). False when a balance is used up.
 */
export async function drawDownMiniSiteBalances(runner: QueryRunner, channel: SaleChannel): Promise<boolean> {
  if (channel.miniSiteId === null) return true;
  for (const b of [...channel.balances].sort((a, c) => a.ticketId - c.ticketId)) {
    const [row]: { n: number }[] = await runner.query(
      `WITH drawn AS (
         UPDATE mini_site_ticket SET balance = balance - $3
          WHERE mini_site_id = $1 AND ticket_id = $2 AND balance IS NOT NULL AND balance >= $3
         RETURNING 1)
       SELECT count(*)::int AS n FROM drawn`,
      [channel.miniSiteId, b.ticketId, b.seats],
    );
    if (!row || row.n !== 1) return false;
  }
  return true;
}

/**
 * A cancellation gives back the mini-site balance its live tickets drew down: called in the cancellation's
 * transaction before the tickets turn 'cancelled', so only tickets still live count (a replay gives nothing twice).
 */
export async function giveBackMiniSiteBalances(
  tx: { query(sql: string, params?: unknown[]): Promise<unknown> },
  reservationTicketIds: string[],
): Promise<void> {
  await tx.query(
    `UPDATE mini_site_ticket mt SET balance = mt.balance + g.n
       FROM (SELECT c.mini_site_id, rt.ticket_id, count(*)::int AS n
               FROM reservation_ticket rt JOIN reservation_channel c ON c.reservation_id = rt.reservation_id
              WHERE rt.id = ANY($1::bigint[]) AND rt.status = 'live' AND c.mini_site_id IS NOT NULL
              GROUP BY c.mini_site_id, rt.ticket_id) g
      WHERE mt.mini_site_id = g.mini_site_id AND mt.ticket_id = g.ticket_id AND mt.balance IS NOT NULL`,
    [reservationTicketIds],
  );
}

/** Records the channel on the reservation, in the sale's transaction. */
export async function recordSaleChannel(
  runner: QueryRunner,
  reservationId: string,
  channel: SaleChannel,
): Promise<void> {
  await runner.query(
    `INSERT INTO reservation_channel (reservation_id, mini_site_id, integration_id, partner)
     VALUES ($1::bigint, $2, $3::uuid, $4)`,
    [reservationId, channel.miniSiteId, channel.integrationId, channel.partner],
  );
}

// The sale's channel writes (draw-down, record) live with the channel sale participant in orders, so channels
// imports no reservations type; the give-back's statement stays here.
/**
 * Gives back the mini-site balance these tickets drew down. The caller passes exactly the tickets it moves out of
 * 'live' in its transaction (a cancellation, a hold released at its deadline: ChannelSaleParticipant.giveBack), so
 * each ticket gives back once.
 */
export async function giveBackMiniSiteBalances(
  tx: { query(sql: string, params?: unknown[]): Promise<unknown> },
  reservationTicketIds: string[],
): Promise<void> {
  await tx.query(
    `UPDATE mini_site_ticket mt SET balance = mt.balance + g.n
       FROM (SELECT c.mini_site_id, rt.ticket_id, count(*)::int AS n
               FROM reservation_ticket rt JOIN reservation_channel c ON c.reservation_id = rt.reservation_id
              WHERE rt.id = ANY($1::bigint[]) AND c.mini_site_id IS NOT NULL
              GROUP BY c.mini_site_id, rt.ticket_id) g
      WHERE mt.mini_site_id = g.mini_site_id AND mt.ticket_id = g.ticket_id AND mt.balance IS NOT NULL`,
    [reservationTicketIds],
  );
}

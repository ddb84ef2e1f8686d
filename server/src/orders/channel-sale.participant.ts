import { Injectable } from '@nestjs/common';
import type { QueryRunner } from 'typeorm';
import { giveBackMiniSiteBalances } from '../channels';
import {
  RegisteredSaleParticipant,
  type ClaimableSale,
  type LimitClaim,
  type SaleRefused,
  type SaleInput,
  type SaleOutcome,
  type Queryable,
  type EndedSale,
} from '../reservations';

/**
 * Through which storefront channel an order is sold (docs/storefront-modes.md): a mini-site (whose ticket
 * balances the sale draws down) and/or a partner link (integrationId). Stored in the sale draft, so the recovery
 * job writes the same.
 */
export interface SaleChannel {
  miniSiteId: number | null;
  integrationId: string | null;
  partner: string | null;
  /** Mini-site tickets with a Balance: how many seats this order puts on each. */
  balances: { ticketId: number; seats: number }[];
}

declare module '../reservations' {
  interface SaleInput {
    /** Mini-site / partner link: balances drawn down and the channel recorded in the same transaction (this participant's payload). */
    channel?: SaleChannel | null;
  }
}

const USED_UP: SaleRefused = { ok: false, reason: 'MINI_SITE_BALANCE_USED_UP' };

/**
 * The storefront channel: the mini-site's ticket balances checked once (`remaining`, under the rows' lock), then
 * drawn down unconditionally with the channel's record after the reservation (one statement).
 * It lives with the commit (orders), which sets sale.channel from the channel check: in channels it would import
 * reservations, which closed a context cycle (reservations -> cart -> seats -> channels).
 */
@Injectable()
export class ChannelSaleParticipant extends RegisteredSaleParticipant {
  readonly name = 'channel';
  readonly order = 50;
  /** The balance's CHECK (balance >= 0): a draw past it, had the one check been skipped, is refused the same way. */
  readonly constraintRefusals = { mini_site_ticket_balance_left: USED_UP };

  applies(sale: SaleInput): boolean {
    return !!sale.channel;
  }

  claimsOf(sale: ClaimableSale): LimitClaim[] {
    const site = sale.channel?.miniSiteId;
    if (site === null || site === undefined) return [];
    return [...sale.channel!.balances]
      .sort((a, b) => a.ticketId - b.ticketId)
      .map((b) => ({ resource: `mini-site:${site}:${b.ticketId}`, units: b.seats }));
  }

  /** The mini-site's balance left on each ticket (no balance: unlimited), its rows locked. */
  async remaining(runner: QueryRunner, resources: string[]): Promise<Map<string, number>> {
    const keys = resources.map((r) => r.split(':').map(Number) as [number, number, number]);
    const rows: { site: number; ticket: number; balance: number | null }[] = await runner.query(
      `SELECT mini_site_id AS site, ticket_id AS ticket, balance FROM mini_site_ticket
        WHERE (mini_site_id, ticket_id) IN (SELECT * FROM unnest($1::int[], $2::int[]))
        ORDER BY mini_site_id, ticket_id FOR UPDATE`,
      [keys.map((k) => k[1]), keys.map((k) => k[2])],
    );
    return new Map(
      rows.map((r) => [`mini-site:${r.site}:${r.ticket}`, r.balance ?? Number.POSITIVE_INFINITY] as const),
    );
  }

  refusalFor(): SaleRefused {
    return USED_UP;
  }

  async after(runner: QueryRunner, sale: SaleInput, reservationId: string): Promise<SaleOutcome | null> {
    return (await recordSaleChannel(runner, reservationId, sale.channel!)) ? null : USED_UP;
  }

  /** A mini-site's balance comes back for each ended ticket sold through it (a released hold included). */
  async giveBack(db: Queryable, ended: EndedSale): Promise<void> {
    if (ended.ticketIds.length) await giveBackMiniSiteBalances(db, ended.ticketIds);
  }
}

/**
 * Records the channel on the reservation and draws the mini-site's balances down, in one statement of the sale's
 * transaction. The draw is unconditional: the balances were checked once, their rows locked in ticket order, by
 * `remaining` (before the charge and again in the sale), and the CHECK (balance >= 0) is the backstop, mapped to
 * MINI_SITE_BALANCE_USED_UP (ChannelSaleParticipant.constraintRefusals). False when a ticket's row is gone.
 */
export async function recordSaleChannel(
  runner: QueryRunner,
  reservationId: string,
  channel: SaleChannel,
): Promise<boolean> {
  // One line per ticket (an UPDATE ... FROM applies one joined row per target row): seats summed per ticket.
  const seats = new Map<number, number>();
  for (const b of channel.miniSiteId === null ? [] : channel.balances) {
    if (b.seats > 0) seats.set(b.ticketId, (seats.get(b.ticketId) ?? 0) + b.seats);
  }
  const [row]: { drawn: number }[] = await runner.query(
    `WITH drawn AS (
       UPDATE mini_site_ticket m SET balance = m.balance - d.seats
         FROM unnest($5::int[], $6::int[]) AS d(ticket_id, seats)
        WHERE m.mini_site_id = $2 AND m.ticket_id = d.ticket_id
       RETURNING 1
     ), recorded AS (
       INSERT INTO reservation_channel (reservation_id, mini_site_id, integration_id, partner)
       VALUES ($1::bigint, $2, $3::uuid, $4)
     )
     SELECT (SELECT count(*) FROM drawn)::int AS drawn`,
    [reservationId, channel.miniSiteId, channel.integrationId, channel.partner, [...seats.keys()], [...seats.values()]],
  );
  return row?.drawn === seats.size;
}

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

/**
 * The storefront channel: mini-site ticket balances drawn down before the sale, the channel recorded after it.
 * It lives with the commit (orders), which sets sale.channel from the channel check: in channels it would import
 * reservations, which closed a context cycle (reservations -> cart -> seats -> channels).
 */
@Injectable()
export class ChannelSaleParticipant extends RegisteredSaleParticipant {
  readonly name = 'channel';
  readonly order = 50;

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
    return { ok: false, reason: 'MINI_SITE_BALANCE_USED_UP' };
  }

  async before(runner: QueryRunner, sale: SaleInput): Promise<SaleOutcome | null> {
    if (await drawDownMiniSiteBalances(runner, sale.channel!)) return null;
    return { ok: false, reason: 'MINI_SITE_BALANCE_USED_UP' };
  }

  async after(runner: QueryRunner, sale: SaleInput, reservationId: string): Promise<SaleOutcome | null> {
    await recordSaleChannel(runner, reservationId, sale.channel!);
    return null;
  }

  /** A mini-site's balance comes back for each ended ticket sold through it (a released hold included). */
  async giveBack(db: Queryable, ended: EndedSale): Promise<void> {
    if (ended.ticketIds.length) await giveBackMiniSiteBalances(db, ended.ticketIds);
  }
}

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

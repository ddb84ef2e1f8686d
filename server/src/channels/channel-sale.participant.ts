import { Injectable } from '@nestjs/common';
import type { QueryRunner } from 'typeorm';
import {
  RegisteredSaleParticipant,
  type ClaimableSale,
  type LimitClaim,
  type SaleRefused,
  type SaleInput,
  type SaleOutcome,
} from '../reservations';
import { drawDownMiniSiteBalances, recordSaleChannel } from './sale-channel';

/** The storefront channel: mini-site ticket balances drawn down before the sale, the channel recorded after it. */
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
}

import { Injectable } from '@nestjs/common';
import type { QueryRunner } from 'typeorm';
import { channelQuotaLeft, type ChannelQuotaClaim } from '@hotline/shared';
import {
  RegisteredSaleParticipant,
  type ClaimableSale,
  type LimitClaim,
  type SaleInput,
  type SaleOutcome,
  type SaleRefused,
} from '../reservations';

/** The channel an order is sold through and the seats it takes from each date's quota for that channel. */
export interface SaleQuota {
  channel: ChannelQuotaClaim['channel'];
  dates: { presentationId: number; seats: number }[];
}

declare module '../reservations' {
  interface SaleInput {
    /** Seats taken from dates' channel quotas (this participant's payload): claimed, re-checked, the channel recorded. */
    quota?: SaleQuota | null;
  }
}

/** 'quota:<presentationId>:<channel>' (the limit-claim resource of one date's quota for one channel). */
const resourceOf = (presentationId: number, channel: string) => `quota:${presentationId}:${channel}`;
function parse(resource: string): { presentationId: number; channel: string } {
  const [, id, channel] = resource.split(':');
  return { presentationId: Number(id), channel: channel! };
}

/**
 * A date's channel quotas (docs/decisions/020): an order sold through a channel the date limits is claimed before
 * money moves like every other limit (limit-claims.ts), re-checked under the quota rows' lock in the sale, and its
 * channel recorded with the reservation. Counted from live tickets, so cancellations and released holds give seats
 * back by themselves.
 */
@Injectable()
export class ChannelQuotaSaleParticipant extends RegisteredSaleParticipant {
  readonly name = 'channel-quotas';
  readonly order = 27;

  applies(sale: SaleInput): boolean {
    return (sale.quota?.dates.length ?? 0) > 0;
  }

  claimsOf(sale: ClaimableSale): LimitClaim[] {
    const quota = sale.quota;
    if (!quota) return [];
    return quota.dates.map((d) => ({ resource: resourceOf(d.presentationId, quota.channel), units: d.seats }));
  }

  /**
   * Seats left per quota: the quota less the live tickets of its date sold through its channel. Two statements on
   * purpose (as for products): the count is read after the lock is granted, so it sees the sale it waited for. A
   * quota removed since the quote limits nothing.
   */
  async remaining(runner: QueryRunner, resources: string[]): Promise<Map<string, number>> {
    const wanted = resources.map(parse);
    const ids = wanted.map((w) => w.presentationId);
    const channels = wanted.map((w) => w.channel);
    const quotas: { presentation_id: number; channel: string; seats: number }[] = await runner.query(
      `SELECT q.presentation_id, q.channel, q.seats FROM presentation_channel_quota q
         JOIN unnest($1::int[], $2::text[]) AS w(pid, channel) ON w.pid = q.presentation_id AND w.channel = q.channel
        ORDER BY q.presentation_id, q.channel FOR UPDATE OF q`,
      [ids, channels],
    );
    const sold: { presentation_id: number; channel: string; n: number }[] = await runner.query(
      `SELECT rt.presentation_id, c.channel, count(*)::int AS n
         FROM reservation_ticket rt JOIN reservation_sale_channel c ON c.reservation_id = rt.reservation_id
         JOIN unnest($1::int[], $2::text[]) AS w(pid, channel) ON w.pid = rt.presentation_id AND w.channel = c.channel
        WHERE rt.status = 'live'
        GROUP BY rt.presentation_id, c.channel`,
      [ids, channels],
    );
    const soldOf = new Map(sold.map((s) => [resourceOf(s.presentation_id, s.channel), s.n]));
    const left = new Map(resources.map((r) => [r, Number.POSITIVE_INFINITY]));
    for (const q of quotas) {
      const resource = resourceOf(q.presentation_id, q.channel);
      left.set(resource, channelQuotaLeft(q.seats, soldOf.get(resource) ?? 0));
    }
    return left;
  }

  refusalFor(resource: string): SaleRefused {
    return { ok: false, reason: 'CHANNEL_QUOTA_EXHAUSTED', detail: String(parse(resource).presentationId) };
  }

  async after(runner: QueryRunner, sale: SaleInput, reservationId: string): Promise<SaleOutcome | null> {
    await runner.query('INSERT INTO reservation_sale_channel (reservation_id, channel) VALUES ($1::bigint, $2)', [
      reservationId,
      sale.quota!.channel,
    ]);
    return null;
  }
}

import { Injectable } from '@nestjs/common';
import type { QueryRunner } from 'typeorm';
import {
  RegisteredSaleParticipant,
  type ClaimableSale,
  type LimitClaim,
  type SaleRefused,
} from '../reservations/sale-participant';
import type { SaleInput, SaleOutcome } from '../reservations/sales.repository';

/**
 * Coded tickets with a use limit (coupons): the ticket rows locked in id order, their live use counted under the
 * lock, and the sale refused when it would go past the limit. Every way to sell with a coupon passes here, a hold
 * order included: an unpaid hold's tickets are live and count as uses.
 */
const idOf = (resource: string): number => Number(resource.slice('coupon:'.length));

@Injectable()
export class CouponSaleParticipant extends RegisteredSaleParticipant {
  readonly name = 'coupons';
  readonly order = 20;

  applies(sale: SaleInput): boolean {
    return sale.coupons.some((c) => c.limit !== null);
  }

  claimsOf(sale: ClaimableSale): LimitClaim[] {
    return sale.coupons
      .filter((c) => c.limit !== null)
      .sort((a, b) => a.ticketId - b.ticketId)
      .map((c) => ({ resource: `coupon:${c.ticketId}`, units: c.seats }));
  }

  /** Uses left: the code's limit (balance x seats per ticket) less its live tickets, the ticket rows locked. */
  async remaining(runner: QueryRunner, resources: string[]): Promise<Map<string, number>> {
    const rows: { id: number; left: number | null }[] = await runner.query(
      `SELECT t.id, t.balance * greatest(1, t.multiply_factor)
              - (SELECT count(*) FROM reservation_ticket rt WHERE rt.ticket_id = t.id AND rt.status = 'live')::int AS left
         FROM ticket t WHERE t.id = ANY($1::int[]) ORDER BY t.id FOR UPDATE OF t`,
      [resources.map(idOf)],
    );
    return new Map(rows.map((r) => [`coupon:${r.id}`, r.left ?? Number.POSITIVE_INFINITY]));
  }

  refusalFor(resource: string): SaleRefused {
    return { ok: false, reason: 'COUPON_USED_UP', detail: resource.slice('coupon:'.length) };
  }

  async before(runner: QueryRunner, sale: SaleInput): Promise<SaleOutcome | null> {
    const limited = sale.coupons.filter((c) => c.limit !== null);
    const ids = limited.map((c) => c.ticketId).sort((a, b) => a - b);
    await runner.query('SELECT id FROM ticket WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE', [ids]);
    const used: { ticket_id: number; n: number }[] = await runner.query(
      `SELECT ticket_id, count(*)::int AS n FROM reservation_ticket WHERE ticket_id = ANY($1::int[]) AND status = 'live' GROUP BY ticket_id`,
      [ids],
    );
    const usage = new Map(used.map((u) => [u.ticket_id, u.n]));
    for (const c of limited) {
      if ((usage.get(c.ticketId) ?? 0) + c.seats > c.limit!)
        return { ok: false, reason: 'COUPON_USED_UP', detail: String(c.ticketId) };
    }
    return null;
  }
}

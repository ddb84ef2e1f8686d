import { Injectable } from '@nestjs/common';
import type { QueryRunner } from 'typeorm';
import { RegisteredSaleParticipant } from '../reservations/sale-participant';
import type { SaleInput, SaleOutcome } from '../reservations/sales.repository';

/**
 * Coded tickets with a use limit (coupons): the ticket rows locked in id order, their live use counted under the
 * lock, and the sale refused when it would go past the limit. Every way to sell with a coupon passes here, a hold
 * order included: an unpaid hold's tickets are live and count as uses.
 */
@Injectable()
export class CouponSaleParticipant extends RegisteredSaleParticipant {
  readonly name = 'coupons';
  readonly order = 20;

  applies(sale: SaleInput): boolean {
    return sale.coupons.some((c) => c.limit !== null);
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

import { Injectable } from '@nestjs/common';
import type { QueryRunner } from 'typeorm';
import {
  RegisteredSaleParticipant,
  type ClaimableSale,
  type LimitClaim,
  type SaleRefused,
  type SaleInput,
} from '../reservations';

/** A coded ticket in the order: the seats this order puts on it, and how many the code allows in all (null: unlimited). */
export interface CouponUse {
  ticketId: number;
  seats: number;
  limit: number | null;
}

declare module '../reservations' {
  interface SaleInput {
    /** Coded tickets in the order (this participant's payload). */
    coupons: CouponUse[];
  }
}

/**
 * Coded tickets with a use limit (coupons): the ticket rows locked in id order, their live use counted under the
 * lock, and the sale refused when it would go past the limit (its one check: `remaining`, which the claim before the
 * charge and the sale's re-check both run, limit-claims.ts). Every way to sell with a coupon passes here, a hold
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
    return (sale.coupons ?? [])
      .filter((c) => c.limit !== null)
      .sort((a, b) => a.ticketId - b.ticketId)
      .map((c) => ({ resource: `coupon:${c.ticketId}`, units: c.seats }));
  }

  /**
   * Uses left: the code's limit (balance x seats per ticket) less its live tickets. Two statements on purpose: the
   * count must be read AFTER the lock is granted (a statement that waited for a lock keeps its older snapshot, and
   * would miss the tickets of the sale it waited for).
   */
  async remaining(runner: QueryRunner, resources: string[]): Promise<Map<string, number>> {
    const ids = resources.map(idOf);
    const limits: { id: number; limit: number | null }[] = await runner.query(
      `SELECT id, balance * greatest(1, multiply_factor) AS limit FROM ticket WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE`,
      [ids],
    );
    const used: { id: number; n: number }[] = await runner.query(
      `SELECT ticket_id AS id, count(*)::int AS n FROM reservation_ticket
        WHERE ticket_id = ANY($1::int[]) AND status = 'live' GROUP BY ticket_id`,
      [ids],
    );
    const usedOf = new Map(used.map((u) => [u.id, u.n]));
    return new Map(
      limits.map((l) => [
        `coupon:${l.id}`,
        l.limit === null ? Number.POSITIVE_INFINITY : l.limit - (usedOf.get(l.id) ?? 0),
      ]),
    );
  }

  refusalFor(resource: string): SaleRefused {
    return { ok: false, reason: 'COUPON_USED_UP', detail: resource.slice('coupon:'.length) };
  }
}

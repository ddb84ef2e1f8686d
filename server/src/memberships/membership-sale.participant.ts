import { Injectable } from '@nestjs/common';
import type { QueryRunner } from 'typeorm';
import {
  MembershipSaleSteps,
  type MembershipRefusal,
  RegisteredSaleParticipant,
  type ClaimableSale,
  type LimitClaim,
  type SaleRefused,
  type SaleInput,
  type SaleOutcome,
} from '../reservations';

const outcomeOf = (reason: MembershipRefusal | null): SaleOutcome | null => (reason ? { ok: false, reason } : null);

/**
 * Memberships in the sale (membership-sale-steps.ts): member balances and the discount code's use drawn before
 * the reservation, new members, top-ups, enrolments and the redemption ledger written after it.
 */
@Injectable()
export class MembershipSaleParticipant extends RegisteredSaleParticipant {
  readonly name = 'memberships';
  readonly order = 40;
  /** Protected so a race's control run can put an unguarded draw in its place (test/support). */
  protected readonly steps: MembershipSaleSteps = new MembershipSaleSteps();

  applies(sale: SaleInput): boolean {
    return !!sale.memberships;
  }

  /** Member units (members by id), then the discount code's one use: the order the sale draws them in. */
  claimsOf(sale: ClaimableSale): LimitClaim[] {
    const data = sale.memberships;
    if (!data) return [];
    const members = [...data.redemptions]
      .sort((a, b) => a.memberId - b.memberId)
      .map((r) => ({ resource: `member:${r.memberId}`, units: r.units }));
    return data.discount ? [...members, { resource: `discount:${data.discount.codeId}`, units: 1 }] : members;
  }

  async remaining(runner: QueryRunner, resources: string[]): Promise<Map<string, number>> {
    const left = new Map<string, number>();
    const members = resources.filter((r) => r.startsWith('member:')).map((r) => Number(r.slice('member:'.length)));
    if (members.length) {
      const rows: { id: number; left: number }[] = await runner.query(
        `SELECT id::int AS id, CASE WHEN status = 'active' AND starts_at <= now() AND ends_at > now()
                                    THEN balance - used_balance ELSE 0 END AS left
           FROM customer_membership WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE`,
        [members],
      );
      for (const r of rows) left.set(`member:${r.id}`, r.left);
    }
    const codes = resources.filter((r) => r.startsWith('discount:')).map((r) => Number(r.slice('discount:'.length)));
    if (codes.length) {
      const rows: { id: number; left: number | null }[] = await runner.query(
        `SELECT id, max_uses - used_count AS left FROM membership_discount_code
          WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE`,
        [codes],
      );
      for (const r of rows) left.set(`discount:${r.id}`, r.left ?? Number.POSITIVE_INFINITY);
    }
    return left;
  }

  refusalFor(resource: string): SaleRefused {
    return { ok: false, reason: resource.startsWith('discount:') ? 'DISCOUNT_USED_UP' : 'MEMBER_BALANCE' };
  }

  async before(runner: QueryRunner, sale: SaleInput): Promise<SaleOutcome | null> {
    return outcomeOf(await this.steps.before(runner, sale.memberships));
  }

  async after(runner: QueryRunner, sale: SaleInput, reservationId: string): Promise<SaleOutcome | null> {
    return outcomeOf(await this.steps.after(runner, sale.memberships, reservationId));
  }
}

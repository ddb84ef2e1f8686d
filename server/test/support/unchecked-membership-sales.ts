import type { QueryRunner } from 'typeorm';
import { MembershipSaleParticipant } from '../../src/memberships/membership-sale.participant';
import type { SaleInput, SaleOutcome } from '../../src/reservations/sale-input';
import type { LimitClaim } from '../../src/reservations/sale-participant';
import { barrier } from './barrier';

/**
 * TEST ONLY, for the member-balance and discount-code races' control runs: the memberships participant without its
 * one check (no claim before the charge, no re-check under the rows' lock in the sale), so its draws, unconditional,
 * take whatever they are asked for. The first `parties` sales wait for each other before drawing (each has passed
 * the quote's unlocked read by then, nothing committed yet): the interleaving the check exists for, every time.
 * Swapped in with a provider override (or the registry); src carries no switch. The control also lifts the counters'
 * CHECKs in its own database (MEMBERSHIP_BACKSTOPS), so nothing stops an oversell; with the CHECKs kept, the same
 * participant shows the backstop alone refusing the same way.
 */
export function uncheckedMembershipSales(parties: number): typeof MembershipSaleParticipant {
  return class UncheckedMembershipSaleParticipant extends MembershipSaleParticipant {
    private readonly together = barrier(parties);

    override claimsOf(): LimitClaim[] {
      return [];
    }

    override async after(runner: QueryRunner, sale: SaleInput, reservationId: string): Promise<SaleOutcome | null> {
      await this.together.arrive();
      return super.after(runner, sale, reservationId);
    }
  };
}

/** The counters' CHECKs as the migrations wrote them (put back NOT VALID after a control lifted them). */
export const MEMBERSHIP_BACKSTOPS = {
  lift: `ALTER TABLE customer_membership DROP CONSTRAINT customer_membership_balance_left;
    ALTER TABLE membership_discount_code DROP CONSTRAINT membership_discount_code_uses_left`,
  restore: `ALTER TABLE customer_membership ADD CONSTRAINT customer_membership_balance_left
      CHECK (used_balance <= balance) NOT VALID;
    ALTER TABLE membership_discount_code ADD CONSTRAINT membership_discount_code_uses_left
      CHECK (used_count >= 0 AND (max_uses IS NULL OR used_count <= max_uses)) NOT VALID`,
};

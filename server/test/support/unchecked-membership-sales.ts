import { MembershipSaleParticipant } from '../../src/memberships/membership-sale.participant';
import { withoutTheCheck } from './unchecked-sale-participant';

/** The memberships participant without its one check, `parties` sales held before their draws (a control's). */
export const uncheckedMembershipSales = (parties: number): typeof MembershipSaleParticipant =>
  withoutTheCheck(MembershipSaleParticipant, parties);

/** The counters' CHECKs as the migrations wrote them (put back NOT VALID after a control lifted them). */
export const MEMBERSHIP_BACKSTOPS = {
  lift: `ALTER TABLE customer_membership DROP CONSTRAINT customer_membership_balance_left;
    ALTER TABLE membership_discount_code DROP CONSTRAINT membership_discount_code_uses_left`,
  restore: `ALTER TABLE customer_membership ADD CONSTRAINT customer_membership_balance_left
      CHECK (used_balance <= balance) NOT VALID;
    ALTER TABLE membership_discount_code ADD CONSTRAINT membership_discount_code_uses_left
      CHECK (used_count >= 0 AND (max_uses IS NULL OR used_count <= max_uses)) NOT VALID`,
};

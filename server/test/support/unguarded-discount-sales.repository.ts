import type { LimitClaim } from '../../src/reservations/sale-participant';
import type { QueryRunner } from 'typeorm';
import { MembershipSaleSteps } from '../../src/memberships/membership-sale-steps';
import type { MembershipRefusal } from '../../src/memberships/membership-sale.participant';
import { MembershipSaleParticipant } from '../../src/memberships/membership-sale.participant';

/**
 * TEST ONLY, for the membership discount-code race's control run: the code's use drawn as a naive read-then-write
 * (read the count, compare in JS, wait a moment, write the computed value) instead of the guarded conditional
 * UPDATE. Two sales that both read before either writes both pass on the last use.
 */
class UnguardedDiscountSaleSteps extends MembershipSaleSteps {
  protected override async drawDiscount(runner: QueryRunner, codeId: number): Promise<MembershipRefusal | null> {
    const [row] = await runner.query('SELECT used_count, max_uses FROM membership_discount_code WHERE id = $1', [
      codeId,
    ]);
    if (!row || (row.max_uses !== null && row.used_count >= row.max_uses)) return 'DISCOUNT_USED_UP';
    await new Promise((resolve) => setTimeout(resolve, 300));
    await runner.query('UPDATE membership_discount_code SET used_count = $2 WHERE id = $1', [
      codeId,
      row.used_count + 1,
    ]);
    return null;
  }
}

export class UnguardedDiscountSalesRepository extends MembershipSaleParticipant {
  /** No claim before the charge either: the control shows the race with none of the participant's guards. */
  override claimsOf(): LimitClaim[] {
    return [];
  }

  protected override readonly steps = new UnguardedDiscountSaleSteps();
}

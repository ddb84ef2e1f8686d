import type { LimitClaim } from '../../src/reservations/sale-participant';
import type { QueryRunner } from 'typeorm';
import { MembershipSaleSteps } from '../../src/memberships/membership-sale-steps';
import type { MembershipRefusal } from '../../src/memberships/membership-sale.participant';
import { MembershipSaleParticipant } from '../../src/memberships/membership-sale.participant';

/**
 * TEST ONLY, for the member-balance race's control run: the draw as a naive read-then-write (read the balance,
 * check it in JS, wait a moment, write the computed value) instead of the guarded conditional UPDATE. Two sales
 * that both read before either writes both pass: the lost update the guard exists to prevent.
 */
class UnguardedMembershipSaleSteps extends MembershipSaleSteps {
  protected override async draw(
    runner: QueryRunner,
    memberId: number,
    units: number,
  ): Promise<MembershipRefusal | null> {
    const [row] = await runner.query('SELECT balance, used_balance FROM customer_membership WHERE id = $1', [memberId]);
    if (!row || row.used_balance + units > row.balance) return 'MEMBER_BALANCE';
    await new Promise((resolve) => setTimeout(resolve, 300));
    await runner.query('UPDATE customer_membership SET used_balance = $2 WHERE id = $1', [
      memberId,
      row.used_balance + units,
    ]);
    return null;
  }
}

export class UnguardedMemberSalesRepository extends MembershipSaleParticipant {
  /** No claim before the charge either: the control shows the race with none of the participant's guards. */
  override claimsOf(): LimitClaim[] {
    return [];
  }

  protected override readonly steps = new UnguardedMembershipSaleSteps();
}

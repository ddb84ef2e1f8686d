import { Injectable } from '@nestjs/common';
import type { QueryRunner } from 'typeorm';
import { MembershipSaleSteps, type MembershipRefusal } from '../reservations/membership-sale-steps';
import { RegisteredSaleParticipant } from '../reservations/sale-participant';
import type { SaleInput, SaleOutcome } from '../reservations/sales.repository';

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

  async before(runner: QueryRunner, sale: SaleInput): Promise<SaleOutcome | null> {
    return outcomeOf(await this.steps.before(runner, sale.memberships));
  }

  async after(runner: QueryRunner, sale: SaleInput, reservationId: string): Promise<SaleOutcome | null> {
    return outcomeOf(await this.steps.after(runner, sale.memberships, reservationId));
  }
}

import { Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { holdHolderOutcome, holdPolicyOutcome, holdRefusal } from '@hotline/shared';
import { AppError } from '../common/app-error';
import { CustomerSessions } from '../customers';
import { ACTIVE_MEMBERSHIP, type ActiveMembership } from './active-membership.port';
import { HoldClock } from './hold-clock';
import type { HoldTerms } from './hold-terms';
import './holds.errors';

/**
 * Admits a hold order (POST /api/payment/commit with cart.isHold): the rules that come before any price (logged in,
 * a plain ticket cart), then the terms the one commit applies to the quoted seats: each date's policy, who it lets
 * hold (members, any signed-in customer, nobody but the box office), premium seats, the deadline. The hold itself is
 * written by the same commit and the same sale write as a paid order (a hold is a state of the sale: the
 * HoldSaleParticipant), so every limit a paid order respects - coupons, mini-site balances, references, member
 * balances - binds a hold too.
 */
@Injectable()
export class HoldPlacementService {
  constructor(
    private readonly sessions: CustomerSessions,
    private readonly clock: HoldClock,
    @Inject(ACTIVE_MEMBERSHIP) private readonly membership: ActiveMembership,
  ) {}

  async admit(
    cart: { voucherPayments?: readonly unknown[] | null },
    request: FastifyRequest,
    kind: string,
  ): Promise<HoldTerms> {
    const customerId = await this.sessions.current(request);
    if (customerId === null) throw new AppError('HOLD_LOGIN_REQUIRED');
    // Asked now (the dates are known only after the quote); whether it matters is each date's to say.
    const isMember = await this.membership.hasActiveMembership(customerId);
    if (kind !== 'tickets' || cart.voucherPayments?.length) throw new AppError('HOLD_CART_INVALID');
    return {
      customerId,
      accept: ({ dates, premiumSeatKeys }) => {
        // Each date's policy first: a date that takes no holds is refused whatever else the cart holds.
        const policy = holdPolicyOutcome(dates, this.clock.now());
        if (policy.refusal === 'HOLD_NOT_ALLOWED')
          throw new AppError(policy.refusal, { details: policy.presentationIds.join(',') });
        const holder = holdHolderOutcome(dates, { isMember });
        if (holder.refusal === 'HOLD_NOT_ALLOWED')
          throw new AppError(holder.refusal, { details: holder.presentationIds.join(',') });
        if (holder.refusal) throw new AppError(holder.refusal);
        const deadline = policy.deadline;
        const refusal = holdRefusal({
          customerId,
          isMember: true, // each date's holders decided it above
          premiumSeats: premiumSeatKeys.length,
          beforeDeadline: policy.refusal === null,
        });
        // The storefront offers a regular order instead: it needs to know which seats are premium.
        if (refusal === 'HOLD_PREMIUM_SEAT') throw new AppError(refusal, { details: premiumSeatKeys.join(',') });
        if (refusal) throw new AppError(refusal);
        return deadline;
      },
    };
  }
}

import { Injectable } from '@nestjs/common';
import { agorotToShekels, membershipDiscountAgorot, type MembershipDiscountCheckResponse } from '@hotline/shared';
import { AppError } from '../common/app-error';
import './membership-discount.errors';
import { MembershipDiscountRepository, type MembershipDiscountRow } from './membership-discount.repository';
import { MembershipsRepository } from './memberships.repository';

/** A code lists the memberships it is valid for; an empty list means every membership. */
export function discountValidFor(row: Pick<MembershipDiscountRow, 'membershipIds'>, membershipId: number): boolean {
  return row.membershipIds.length === 0 || row.membershipIds.includes(membershipId);
}

/**
 * A membership discount code (docs/memberships.md, "Discount code"): found case-insensitively, active, inside its
 * dates, not used up, and valid for the membership. The storefront's check and the quote ask the same question;
 * only the sale's transaction draws a use (membership-sale-steps.ts), so a check reserves nothing.
 */
@Injectable()
export class MembershipDiscountService {
  constructor(
    private readonly codes: MembershipDiscountRepository,
    private readonly memberships: MembershipsRepository,
  ) {}

  /** The code if it can be used now (found, active, inside its dates, not used up); which membership is asked apart. */
  async usable(code: string): Promise<MembershipDiscountRow> {
    const row = await this.codes.byCode(code.trim());
    if (!row || !row.active) throw new AppError('MEMBERSHIP_DISCOUNT_NOT_FOUND');
    if (row.notStarted) throw new AppError('MEMBERSHIP_DISCOUNT_NOT_STARTED');
    if (row.expired) throw new AppError('MEMBERSHIP_DISCOUNT_EXPIRED');
    if (row.maxUses !== null && row.usedCount >= row.maxUses) throw new AppError('MEMBERSHIP_DISCOUNT_USED_UP');
    return row;
  }

  /** POST /membership/discount-code: what the code takes off the chosen price (the server's price, never the client's). */
  async check(body: {
    code: string;
    membershipId: number;
    membershipPriceId?: number | undefined;
  }): Promise<MembershipDiscountCheckResponse> {
    const [m] = await this.memberships.memberships({ ids: [body.membershipId] });
    if (!m) throw new AppError('MEMBERSHIP_NOT_FOUND');
    const row = await this.usable(body.code);
    if (!discountValidFor(row, m.id)) throw new AppError('MEMBERSHIP_DISCOUNT_NOT_FOR_MEMBERSHIP');
    const price = body.membershipPriceId ? m.prices.find((p) => p.id === body.membershipPriceId) : undefined;
    if (body.membershipPriceId && !price) throw new AppError('MEMBERSHIP_NOT_FOUND');
    const off = price ? membershipDiscountAgorot(price.priceAgorot, row) : 0;
    return {
      code: row.code,
      name: row.name,
      kind: row.kind,
      value: row.kind === 'percent' ? row.value : agorotToShekels(row.value),
      discountAmount: agorotToShekels(off),
    };
  }
}

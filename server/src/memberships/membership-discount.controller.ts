import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import type { MembershipDiscountCheckResponse } from '@hotline/shared';
import { dbId } from '../common/ids';
import { RATE_LIMITS, RateLimit } from '../common/rate-limit';
import { ZodBody } from '../common/validation';
import { MembershipDiscountService } from './membership-discount.service';

const checkBody = z.object({
  code: z.string().trim().min(1).max(40),
  membershipId: dbId,
  membershipPriceId: dbId.optional(),
});

/** The storefront's check of a membership discount code; the code itself is applied by the commit's quote. */
@ApiTags('memberships')
@Controller()
export class MembershipDiscountController {
  constructor(private readonly discounts: MembershipDiscountService) {}

  @Post('membership/discount-code')
  @HttpCode(200)
  @ApiOperation({ summary: 'Check a membership discount code against a membership (and price)' })
  // Codes are guessable short strings: the same per-visitor and per-address budget as the member-code lookups.
  @RateLimit(RATE_LIMITS.codeLookup)
  check(@ZodBody(checkBody) b: z.infer<typeof checkBody>): Promise<MembershipDiscountCheckResponse> {
    return this.discounts.check(b);
  }
}

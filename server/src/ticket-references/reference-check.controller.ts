import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import type { TicketReferenceCheckResponse } from '@hotline/shared';
import { dbId } from '../common/ids';
import { RATE_LIMITS, RateLimit } from '../common/rate-limit';
import { ZodBody } from '../common/validation';
import { ReferenceEligibility } from './reference-eligibility.service';

const checkBody = z.object({
  presentationId: dbId,
  ticketId: dbId,
  ref1: z.string().max(100),
  ref2: z.string().max(100).nullable().optional(),
  quantity: z.number().int().min(1).max(100).optional(),
});

/**
 * The storefront's ticket prompt: asks whether a reference may go on a ticket before the buyer pays
 * (the commit checks again, and the sale under the row lock). Rate limited like code lookups: the
 * answer must not become a way to guess references.
 */
@ApiTags('tickets')
@Controller('ticket-references')
export class ReferenceCheckController {
  constructor(private readonly eligibility: ReferenceEligibility) {}

  @Post('check')
  @HttpCode(200)
  @RateLimit(RATE_LIMITS.codeLookup)
  @ApiOperation({ summary: 'Whether a reference value is eligible for a ticket (409 REFERENCE_NOT_ELIGIBLE if not)' })
  async check(@ZodBody(checkBody) b: z.infer<typeof checkBody>): Promise<TicketReferenceCheckResponse> {
    const n = b.quantity ?? 1;
    // Distinct placeholder seats: only the count matters to the check.
    const seats = Array.from({ length: n }, (_, i) => ({
      presentationId: b.presentationId,
      sectionId: 0,
      x: i,
      y: 0,
      ticketId: b.ticketId,
      ref1: b.ref1,
      ref2: b.ref2,
    }));
    await this.eligibility.check(seats);
    return { eligible: true };
  }
}

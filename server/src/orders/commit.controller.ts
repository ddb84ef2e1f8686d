import { Body, Controller, Headers, Post, Query, UseFilters } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { CommitResponse } from '@hotline/shared';
import { BookingErrorFilter } from '../cart/booking-error.filter';
import { resolveLocale } from '../common/locale';
import { parseInput } from '../common/validation';
import { VisitorId } from '../common/visitor-identity';
import { commitBody } from '../payment/payment.queries';
import { CommitOrchestrator } from './commit.orchestrator';

/** POST /api/payment/commit (storefront-spec.md section 7): the path stays the spec's; the saga lives in orders/. */
@ApiTags('booking')
@Controller('payment')
@UseFilters(BookingErrorFilter)
export class CommitController {
  constructor(private readonly orders: CommitOrchestrator) {}

  @Post('commit')
  @ApiOperation({
    summary:
      'Pay for the cart and write the reservation; answers { reservationIdentifier, ticketIdentifiers } (idempotent per cartIdentifier, bound to the cart)',
  })
  commit(
    @VisitorId() visitorId: string,
    @Body() body: unknown,
    @Query() query: unknown,
    @Headers('accept-language') acceptLanguage?: string,
  ): Promise<CommitResponse> {
    const q = parseInput(commitBody, body, 'INVALID_BODY');
    return this.orders.commit(visitorId, q, resolveLocale(query, acceptLanguage));
  }
}

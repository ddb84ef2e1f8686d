import { Controller, Get, Headers, UseFilters } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { TicketByCodeResponse } from '@hotline/shared';
import type { z } from 'zod';
import { RequireBotCheck } from '../botcheck';
import { BookingErrorFilter } from '../cart';
import { resolveLocale } from '../common/locale';
import { RATE_LIMITS, RateLimit } from '../common/rate-limit';
import { ZodParams, ZodQuery } from '../common/validation';
import { VisitorId } from '../common/visitor-identity';
import { presentationParams, ticketByCodeQuery, type TicketByCodeQuery } from './ticket-by-code.queries';
import { ChannelScope } from '../channels';
import { TicketByCodeService } from './ticket-by-code.service';

@ApiTags('booking')
@Controller('presentations')
@UseFilters(BookingErrorFilter)
export class TicketsController {
  constructor(
    private readonly byCode: TicketByCodeService,
    private readonly channel: ChannelScope,
  ) {}

  @Get(':id/ticket')
  @ApiOperation({ summary: 'A coupon or voucher ticket by code (bot check required); answers { ticket, msg }' })
  // Codes are guessable in principle: the proof of work and the rate limit make trying them in bulk expensive.
  @RequireBotCheck()
  @RateLimit(RATE_LIMITS.codeLookup)
  async ticket(
    @VisitorId() visitorId: string,
    @ZodParams(presentationParams) params: z.infer<typeof presentationParams>,
    @ZodQuery(ticketByCodeQuery) q: TicketByCodeQuery,
    @Headers('accept-language') acceptLanguage?: string,
  ): Promise<TicketByCodeResponse> {
    await this.channel.assertPresentation(q, params.id);
    return this.channel.ticketByCode(
      q,
      await this.byCode.lookup(visitorId, params.id, q, resolveLocale(q, acceptLanguage)),
    );
  }
}

import { Controller, Get, Headers, Param, Query, UseFilters } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { TicketByCodeResponse } from '@hotline/shared';
import { BotCheck } from '../botcheck/bot-check.port';
import { BookingErrorFilter } from '../cart/booking-error.filter';
import { resolveLocale } from '../common/locale';
import { parseInput } from '../common/validation';
import { VisitorId } from '../common/visitor-identity';
import { presentationParams, ticketByCodeQuery } from './ticket-by-code.queries';
import { TicketByCodeService } from './ticket-by-code.service';

@ApiTags('booking')
@Controller('presentations')
@UseFilters(BookingErrorFilter)
export class TicketsController {
  constructor(
    private readonly byCode: TicketByCodeService,
    private readonly botCheck: BotCheck,
  ) {}

  @Get(':id/ticket')
  @ApiOperation({ summary: 'A coupon or voucher ticket by code (bot check required); answers { ticket, msg }' })
  @ApiParam({ name: 'id' })
  async ticket(
    @VisitorId() visitorId: string,
    @Param() params: unknown,
    @Query() query: unknown,
    @Headers('accept-language') acceptLanguage?: string,
  ): Promise<TicketByCodeResponse> {
    const { id } = parseInput(presentationParams, params);
    const q = parseInput(ticketByCodeQuery, query);
    // Codes are guessable in principle; the proof of work makes trying them in bulk expensive.
    await this.botCheck.verify(q.recaptchaToken, visitorId);
    return this.byCode.lookup(visitorId, id, q, resolveLocale(query, acceptLanguage));
  }
}

import { Controller, Get, Headers, HttpCode, Param, Post, Query, Req, UseFilters } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { CustomerHoldsResponse, PayExistingResponse } from '@hotline/shared';
import { RequireBotCheck } from '../botcheck';
import { BookingErrorFilter, cartSchema } from '../cart';
import { resolveLocale } from '../common/locale';
import { RATE_LIMITS, RateLimit } from '../common/rate-limit';
import { parseInput, ZodBody } from '../common/validation';
import { VisitorId } from '../common/visitor-identity';
import { CustomerSessions } from '../customers';
import { HoldPaymentService } from './hold-payment.service';
import { HoldSummaries } from './hold-summaries.service';
import { HoldsRepository } from './holds.repository';

export const payExistingBody = z.object({
  cart: cartSchema,
  cartIdentifier: z.uuid('must be a uuid'),
  recaptchaToken: z.string().min(1).max(20_000),
});
const resIdParam = z.object({ resId: z.string().regex(/^[A-Z0-9]{4,32}$/, 'is not a reservation identifier') });

/** Paying an existing unpaid reservation (storefront-spec.md section 7) and the customer area's list of holds. */
@ApiTags('holds')
@Controller()
@UseFilters(BookingErrorFilter)
export class HoldsController {
  constructor(
    private readonly payments: HoldPaymentService,
    private readonly holds: HoldsRepository,
    private readonly summaries: HoldSummaries,
    private readonly sessions: CustomerSessions,
  ) {}

  @Post('payment/:resId/payment')
  @ApiParam({
    name: 'resId',
    required: true,
    description: "The hold's reservation identifier",
    schema: { type: 'string' },
  })
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Pays an existing unpaid reservation (a hold order); idempotent per cartIdentifier, bound to the reservation and cart',
  })
  @RequireBotCheck()
  @RateLimit(RATE_LIMITS.commit)
  async pay(
    @VisitorId() visitorId: string,
    @Param() params: unknown,
    @ZodBody(payExistingBody) body: z.infer<typeof payExistingBody>,
    @Query() query: unknown,
    @Req() request: FastifyRequest,
    @Headers('accept-language') acceptLanguage?: string,
  ): Promise<PayExistingResponse> {
    const { resId } = parseInput(resIdParam, params);
    const locale = resolveLocale(query, acceptLanguage);
    const hold = await this.payments.payableBy(resId, visitorId, await this.sessions.current(request));
    return this.payments.payOnline(hold, visitorId, body, locale);
  }

  @Get('customer-area/holds')
  @ApiOperation({ summary: "The logged-in customer's hold orders with their pay-and-collect deadline" })
  async customerHolds(
    @Req() request: FastifyRequest,
    @Query() query: unknown,
    @Headers('accept-language') acceptLanguage?: string,
  ): Promise<CustomerHoldsResponse> {
    const customerId = await this.sessions.require(request);
    const rows = await this.holds.holdsOfCustomer(customerId);
    return { holds: await this.summaries.summarise(rows, resolveLocale(query, acceptLanguage)) };
  }
}

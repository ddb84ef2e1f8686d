import { Body, Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { CancellationQuoteResponse, CancelReservationResponse } from '@hotline/shared';
import { flag, pathText } from '../common/ids';
import { parseInput } from '../common/validation';
import { CustomerSessions } from '../customers';
import { CancellationService } from './cancellation.service';

const params = z.object({ id: pathText(40) });
const body = z.object({
  itemsToCancel: z.array(z.string().min(1).max(64)).max(200).optional().nullable(),
  refundToTransactionCredit: z.boolean().optional().default(false),
});
/** The quote's query: the same choice as the cancel's body ("items" comma-separated ticket identifiers). */
const quoteQuery = z.object({
  items: z
    .string()
    .max(200 * 65)
    .optional()
    .transform((s) => (s ? s.split(',').filter(Boolean) : []))
    .pipe(z.array(z.string().min(1).max(64)).max(200)),
  refundToTransactionCredit: flag.optional().default(false),
});

/** POST /reservations/{id}/cancel (storefront-spec.md section 7): the logged-in customer's own orders only. */
@ApiTags('customers')
@Controller('reservations')
export class CancellationsController {
  constructor(
    private readonly sessions: CustomerSessions,
    private readonly cancellations: CancellationService,
  ) {}

  @Post(':id/cancel')
  @ApiParam({
    name: 'id',
    required: true,
    description: "The order's reservation identifier",
    schema: { type: 'string' },
  })
  @HttpCode(200)
  @ApiOperation({
    summary: 'Cancel a whole reservation or chosen tickets; refund to the card/vouchers or store credit',
  })
  async cancel(
    @Param() raw: unknown,
    @Body() rawBody: unknown,
    @Req() request: FastifyRequest,
  ): Promise<CancelReservationResponse> {
    const customerId = await this.sessions.require(request);
    const { id } = parseInput(params, raw);
    const q = parseInput(body, rawBody, 'INVALID_BODY');
    return this.cancellations.cancel(customerId, id, {
      itemsToCancel: q.itemsToCancel ?? undefined,
      refundToTransactionCredit: q.refundToTransactionCredit,
    });
  }

  @Get(':id/cancellation-quote')
  @ApiParam({
    name: 'id',
    required: true,
    description: "The order's reservation identifier",
    schema: { type: 'string' },
  })
  @ApiOperation({
    summary: 'What cancelling these tickets would charge and refund, and where the refund goes (read-only)',
  })
  async quote(
    @Param() raw: unknown,
    @Query() rawQuery: unknown,
    @Req() request: FastifyRequest,
  ): Promise<CancellationQuoteResponse> {
    const customerId = await this.sessions.require(request);
    const { id } = parseInput(params, raw);
    const q = parseInput(quoteQuery, rawQuery);
    return this.cancellations.quote(customerId, id, {
      itemsToCancel: q.items,
      refundToTransactionCredit: q.refundToTransactionCredit,
    });
  }
}

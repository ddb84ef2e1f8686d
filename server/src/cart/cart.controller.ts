import { Controller, Get, Post, UseFilters } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { RestoreCartResponse, SaveCartResponse } from '@hotline/shared';
import type { z } from 'zod';
import { RequireBotCheck } from '../botcheck';
import { RATE_LIMITS, RateLimit } from '../common/rate-limit';
import { ZodBody, ZodParams, ZodQuery } from '../common/validation';
import { VisitorId } from '../common/visitor-identity';
import { BookingErrorFilter } from './booking-error.filter';
import { CartService } from './cart.service';
import { resIdParams, restoreQuery, saveCartBody } from './cart.schema';

@ApiTags('booking')
@Controller()
@UseFilters(BookingErrorFilter)
export class CartController {
  constructor(private readonly carts: CartService) {}

  @Post('cart')
  @ApiOperation({
    summary: "Save the visitor's cart server-side (bot check required); answers { cartIdentifier, resId }",
  })
  // Each call writes a row: a solved proof of work and a rate limit keep that from being free.
  @RequireBotCheck()
  @RateLimit(RATE_LIMITS.cart)
  save(
    @VisitorId() visitorId: string,
    @ZodBody(saveCartBody) q: z.infer<typeof saveCartBody>,
  ): Promise<SaveCartResponse> {
    return this.carts.save(visitorId, q.cart, q.uuid);
  }

  @Get('reservations/:resId')
  @ApiOperation({
    summary: 'Restore a saved cart (its owner, by the uuid header or cookie, only; anyone else gets 404)',
  })
  restore(
    @VisitorId() visitorId: string,
    @ZodParams(resIdParams) params: z.infer<typeof resIdParams>,
    @ZodQuery(restoreQuery) _query: z.infer<typeof restoreQuery>,
  ): Promise<RestoreCartResponse> {
    return this.carts.restore(visitorId, params.resId);
  }
}

import { Body, Controller, Get, Param, Post, Query, UseFilters } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { RestoreCartResponse, SaveCartResponse } from '@hotline/shared';
import { parseInput } from '../common/validation';
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
  @ApiOperation({ summary: "Save the visitor's cart server-side; answers { cartIdentifier, resId }" })
  save(@VisitorId() visitorId: string, @Body() body: unknown): Promise<SaveCartResponse> {
    const q = parseInput(saveCartBody, body, 'INVALID_BODY');
    return this.carts.save(visitorId, q.cart, q.uuid);
  }

  @Get('reservations/:resId')
  @ApiOperation({ summary: 'Restore a saved cart (its owner only; anyone else gets 404)' })
  @ApiParam({ name: 'resId' })
  @ApiQuery({ name: 'uuid', required: false, description: 'Ignored: the visitor is the uuid header or cookie' })
  restore(
    @VisitorId() visitorId: string,
    @Param() params: unknown,
    @Query() query: unknown,
  ): Promise<RestoreCartResponse> {
    const { resId } = parseInput(resIdParams, params);
    parseInput(restoreQuery, query);
    return this.carts.restore(visitorId, resId);
  }
}

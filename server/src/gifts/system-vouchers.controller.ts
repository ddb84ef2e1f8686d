import { Body, Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { pathText } from '../common/ids';
import { parseInput } from '../common/validation';
import { CustomerSessions } from '../customers';
import { SystemVouchersService } from './system-vouchers.service';

const params = z.object({ ref: pathText(64) });
const body = z.object({ reservationIdentifier: z.string().max(40).optional().nullable() });

/** POST /system-vouchers/{ref}/cancel and /replacement (storefront-spec.md section 7): the customer's own vouchers only. */
@ApiTags('gift vouchers and donations')
@Controller('system-vouchers')
export class SystemVouchersController {
  constructor(
    private readonly sessions: CustomerSessions,
    private readonly vouchers: SystemVouchersService,
  ) {}

  @Post(':ref/cancel')
  @ApiParam({ name: 'ref', required: true, description: "The voucher's reference", schema: { type: 'string' } })
  @HttpCode(200)
  @ApiOperation({ summary: "Withdraw one of the customer's unused vouchers" })
  async cancel(@Param() raw: unknown, @Body() rawBody: unknown, @Req() request: FastifyRequest) {
    const customerId = await this.sessions.require(request);
    const { ref } = parseInput(params, raw);
    parseInput(body, rawBody, 'INVALID_BODY');
    return this.vouchers.cancel(customerId, ref);
  }

  @Post(':ref/replacement')
  @ApiParam({ name: 'ref', required: true, description: "The voucher's reference", schema: { type: 'string' } })
  @HttpCode(200)
  @ApiOperation({ summary: "Turn one of the customer's vouchers into a replacement voucher with new dates" })
  async replacement(@Param() raw: unknown, @Body() rawBody: unknown, @Req() request: FastifyRequest) {
    const customerId = await this.sessions.require(request);
    const { ref } = parseInput(params, raw);
    parseInput(body, rawBody, 'INVALID_BODY');
    return this.vouchers.replace(customerId, ref);
  }
}

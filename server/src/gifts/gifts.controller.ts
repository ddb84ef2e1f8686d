import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { DonationsResponse, SystemVoucherHistoryResponse, SystemVoucherOffersResponse } from '@hotline/shared';
import { z } from 'zod';
import { dbId, pathText } from '../common/ids';
import { RATE_LIMITS, RateLimit } from '../common/rate-limit';
import { ZodParams } from '../common/validation';
import { GiftsService } from './gifts.service';

const superClassParams = z.object({ systemVoucherSuperClassId: dbId });
const referenceParams = z.object({ ref: pathText(64) });

/** The gift-voucher calls (memberships-backoffice-spec.md section 7). Buying is POST /payment/commit with `vouchers`. */
@ApiTags('gift vouchers and donations')
@Controller()
export class GiftsController {
  constructor(private readonly gifts: GiftsService) {}

  @Get('system-vouchers')
  @ApiOperation({ summary: 'Gift vouchers on sale with their prices' })
  all(): Promise<SystemVoucherOffersResponse> {
    return this.gifts.vouchersOnSale(null);
  }

  @Get('system-vouchers/:systemVoucherSuperClassId')
  @ApiOperation({ summary: 'Gift vouchers on sale in one super class' })
  bySuperClass(@ZodParams(superClassParams) p: z.infer<typeof superClassParams>): Promise<SystemVoucherOffersResponse> {
    return this.gifts.vouchersOnSale(p.systemVoucherSuperClassId);
  }

  @Get('system-vouchers/:ref/history')
  @ApiOperation({ summary: "A voucher's history: purchase, redemptions, re-credits, cancel, replacement" })
  @RateLimit(RATE_LIMITS.codeLookup)
  history(@ZodParams(referenceParams) p: z.infer<typeof referenceParams>): Promise<SystemVoucherHistoryResponse> {
    return this.gifts.voucherHistory(p.ref);
  }

  @Get('donations')
  @ApiOperation({ summary: 'Donations with their preset amounts and custom option' })
  donations(): Promise<DonationsResponse> {
    return this.gifts.donationsOnOffer();
  }
}

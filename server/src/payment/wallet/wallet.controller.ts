import { Controller, Get, Post, Query, Res, UseFilters } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { PaymentFormResponse } from '@hotline/shared';
import { z } from 'zod';
import { RequireBotCheck } from '../../botcheck';
import { BookingErrorFilter } from '../../cart';
import { isLocale } from '../../common/locale';
import { RATE_LIMITS, RateLimit } from '../../common/rate-limit';
import { ZodBody, ZodParams, ZodQuery } from '../../common/validation';
import { VisitorId } from '../../common/visitor-identity';
import { formParams, formQuery } from '../payment.queries';
import { WalletCheckoutService } from './wallet-checkout.service';

const walletTokenParams = z.object({ token: z.string().regex(/^EC-[A-Za-z0-9_-]{43}$/, 'is not a wallet checkout') });
const walletBody = z.object({ action: z.string().max(20).optional(), account: z.string().max(40).optional() });

/** The wallet's entry point for the storefront, beside /payment/form (the card's). Thin: parse, verify, delegate. */
@ApiTags('booking')
@Controller('payment/wallet')
@UseFilters(BookingErrorFilter)
export class WalletController {
  constructor(private readonly checkout: WalletCheckoutService) {}

  @Get('form/:locale')
  @ApiOperation({
    summary:
      'A wallet checkout for this visitor (the built-in one is a SANDBOX simulation); answers { paymentFormURL }',
  })
  @RequireBotCheck()
  @RateLimit(RATE_LIMITS.cardForm)
  form(
    @VisitorId() visitorId: string,
    @ZodParams(formParams) params: z.infer<typeof formParams>,
    @ZodQuery(formQuery) q: z.infer<typeof formQuery>,
  ): Promise<PaymentFormResponse> {
    return this.checkout.create(visitorId, isLocale(params.locale) ? params.locale : 'he', q.total ?? 0);
  }
}

/** The SANDBOX wallet page (HTML). Exists only because the built-in wallet is a simulation. */
@ApiTags('payment sandbox')
@Controller('payment/sandbox/wallet')
export class SandboxWalletController {
  constructor(private readonly checkout: WalletCheckoutService) {}

  @Get(':token')
  @ApiOperation({ summary: 'SANDBOX wallet page (simulation, no real money)' })
  async show(
    @ZodParams(walletTokenParams) params: z.infer<typeof walletTokenParams>,
    @Query() query: unknown,
    @Res() reply: FastifyReply,
  ) {
    const answer = await this.checkout.show(params.token, (query as Record<string, unknown> | undefined)?.lang);
    return this.html(reply, answer.status, answer.html);
  }

  @Post(':token')
  @ApiOperation({ summary: 'SANDBOX wallet approve/cancel: posts the approval (paypal block) to the parent window' })
  @RateLimit(RATE_LIMITS.cardFormSubmit)
  async submit(
    @ZodParams(walletTokenParams) params: z.infer<typeof walletTokenParams>,
    @Query() query: unknown,
    @ZodBody(walletBody) body: z.infer<typeof walletBody>,
    @Res() reply: FastifyReply,
  ) {
    const answer = await this.checkout.submit(params.token, body, (query as Record<string, unknown> | undefined)?.lang);
    return this.html(reply, answer.status, answer.html);
  }

  private html(reply: FastifyReply, status: number, html: string) {
    return reply
      .status(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex, nofollow')
      .header('content-security-policy', "frame-ancestors 'self'")
      .send(html);
  }
}

import { Controller, Get, Headers, Inject, Post, Query, Res, UseFilters } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { CustomerFormConfig, PaymentFormResponse, VoucherLookupResponse } from '@hotline/shared';
import type { z } from 'zod';
import { RequireBotCheck } from '../botcheck';
import { BookingErrorFilter } from '../cart';
import { isLocale, resolveLocale } from '../common/locale';
import { RATE_LIMITS, RateLimit } from '../common/rate-limit';
import { ZodBody, ZodParams, ZodQuery } from '../common/validation';
import { VisitorId } from '../common/visitor-identity';
import { CUSTOMER_FORM } from './customer-form';
import { PaymentFormService } from './payment-form.service';
import { formParams, formQuery, sandboxFormBody, sandboxTokenParams, voucherQuery } from './payment.queries';
import { SandboxFormService } from './sandbox-form.service';
import { VouchersService } from './vouchers.service';

/** The payment calls of storefront-spec.md section 7 (commit: orders/commit.controller.ts). Thin: parse, verify, delegate. */
@ApiTags('booking')
@Controller('payment')
@UseFilters(BookingErrorFilter)
export class PaymentController {
  constructor(
    private readonly vouchers: VouchersService,
    private readonly forms: PaymentFormService,
    @Inject(CUSTOMER_FORM) private readonly customerForm: CustomerFormConfig,
  ) {}

  @Get('voucher')
  @ApiOperation({
    summary:
      'A system voucher by reference (bot check required); answers { payment: { id, code, balance, systemVoucher } }',
  })
  @RequireBotCheck()
  @RateLimit(RATE_LIMITS.codeLookup)
  voucher(
    @ZodQuery(voucherQuery) q: z.infer<typeof voucherQuery>,
    @Headers('accept-language') acceptLanguage?: string,
  ): Promise<VoucherLookupResponse> {
    return this.vouchers.lookup(q.reference, resolveLocale(q, acceptLanguage));
  }

  @Get('form/:locale')
  @ApiOperation({
    summary:
      'A hosted card page for this visitor (the built-in one is a SANDBOX simulation); answers { paymentFormURL }',
  })
  @RequireBotCheck()
  @RateLimit(RATE_LIMITS.cardForm)
  form(
    @VisitorId() visitorId: string,
    @ZodParams(formParams) params: z.infer<typeof formParams>,
    @ZodQuery(formQuery) q: z.infer<typeof formQuery>,
  ): Promise<PaymentFormResponse> {
    return this.forms.create(visitorId, isLocale(params.locale) ? params.locale : 'he', q);
  }

  @Get('customer-form')
  @ApiOperation({
    summary: "This deployment's customer fields (isRequired / isIncluded), terms and mailing-consent settings",
  })
  customerFormConfig(): CustomerFormConfig {
    return this.customerForm;
  }
}

/** The SANDBOX hosted card page (HTML). Exists only because the built-in provider is a simulation. */
@ApiTags('payment sandbox')
@Controller('payment/sandbox/form')
export class SandboxFormController {
  constructor(private readonly sandbox: SandboxFormService) {}

  @Get(':token')
  @ApiOperation({ summary: 'SANDBOX card page (simulation, no real money)' })
  async show(
    @ZodParams(sandboxTokenParams) params: z.infer<typeof sandboxTokenParams>,
    @Query() query: unknown,
    @Res() reply: FastifyReply,
  ) {
    const answer = await this.sandbox.show(params.token, (query as Record<string, unknown> | undefined)?.lang);
    return this.html(reply, answer.status, answer.html);
  }

  @Post(':token')
  @ApiOperation({ summary: 'SANDBOX card page submit: records a card authorisation and posts it to the parent window' })
  @RateLimit(RATE_LIMITS.cardFormSubmit)
  async submit(
    @ZodParams(sandboxTokenParams) params: z.infer<typeof sandboxTokenParams>,
    @Query() query: unknown,
    @ZodBody(sandboxFormBody) body: z.infer<typeof sandboxFormBody>,
    @Res() reply: FastifyReply,
  ) {
    const answer = await this.sandbox.submit(params.token, body, (query as Record<string, unknown> | undefined)?.lang);
    return this.html(reply, answer.status, answer.html);
  }

  private html(reply: FastifyReply, status: number, html: string) {
    return (
      reply
        .status(status)
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex, nofollow')
        // Framed by our own storefront only.
        .header('content-security-policy', "frame-ancestors 'self'")
        .send(html)
    );
  }
}

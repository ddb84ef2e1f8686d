import { Body, Controller, Get, Headers, Inject, Param, Post, Query, Res, UseFilters } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { CustomerFormConfig, PaymentFormResponse, VoucherLookupResponse } from '@hotline/shared';
import { BotCheck } from '../botcheck/bot-check.port';
import { BookingErrorFilter } from '../cart/booking-error.filter';
import { isLocale, resolveLocale } from '../common/locale';
import { parseInput } from '../common/validation';
import { VisitorId } from '../common/visitor-identity';
import { CUSTOMER_FORM } from './customer-form';
import { PaymentFormService } from './payment-form.service';
import { formParams, formQuery, sandboxTokenParams, voucherQuery } from './payment.queries';
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
    private readonly botCheck: BotCheck,
    @Inject(CUSTOMER_FORM) private readonly customerForm: CustomerFormConfig,
  ) {}

  @Get('voucher')
  @ApiOperation({
    summary:
      'A system voucher by reference (bot check required); answers { payment: { id, code, balance, systemVoucher } }',
  })
  async voucher(
    @VisitorId() visitorId: string,
    @Query() query: unknown,
    @Headers('accept-language') acceptLanguage?: string,
  ): Promise<VoucherLookupResponse> {
    const q = parseInput(voucherQuery, query);
    await this.botCheck.verify(q.recaptchaToken, visitorId);
    return this.vouchers.lookup(q.reference, resolveLocale(query, acceptLanguage));
  }

  @Get('form/:locale')
  @ApiOperation({
    summary:
      'A hosted card page for this visitor (the built-in one is a SANDBOX simulation); answers { paymentFormURL }',
  })
  @ApiParam({ name: 'locale', description: 'he, en, ru or ar (anything else: he)' })
  async form(
    @VisitorId() visitorId: string,
    @Param() params: unknown,
    @Query() query: unknown,
  ): Promise<PaymentFormResponse> {
    const { locale } = parseInput(formParams, params);
    const q = parseInput(formQuery, query);
    await this.botCheck.verify(q.recaptchaToken, visitorId);
    return this.forms.create(visitorId, isLocale(locale) ? locale : 'he', q);
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
  async show(@Param() params: unknown, @Query() query: unknown, @Res() reply: FastifyReply) {
    const { token } = parseInput(sandboxTokenParams, params);
    const answer = await this.sandbox.show(token, (query as Record<string, unknown> | undefined)?.lang);
    return this.html(reply, answer.status, answer.html);
  }

  @Post(':token')
  @ApiOperation({ summary: 'SANDBOX card page submit: records a card authorisation and posts it to the parent window' })
  async submit(@Param() params: unknown, @Query() query: unknown, @Body() body: unknown, @Res() reply: FastifyReply) {
    const { token } = parseInput(sandboxTokenParams, params);
    const answer = await this.sandbox.submit(token, body, (query as Record<string, unknown> | undefined)?.lang);
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

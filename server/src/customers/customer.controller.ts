import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CustomerAreaInfo, MobileLoginResponse } from '@hotline/shared';
import { OTP_TTL_SECONDS } from '@hotline/shared';
import { resolveLocale } from '../common/locale';
import { parseInput } from '../common/validation';
import { clientIp, cookieValue, PENDING_LOGIN_COOKIE, setCookie } from './customer-cookies';
import { CustomerAreaService } from './customer-area.service';
import { CODE_SENT, CustomerLoginService } from './customer-login.service';
import { CustomerSessions } from './customer-sessions.service';
import { CustomersRepository } from './customers.repository';
import { checkoutCodeBody, checkoutLoginBody, passwordLoginBody } from './customer.queries';
import { PasswordLoginService } from './password-login.service';

const locale = (request: FastifyRequest) => resolveLocale(request.query, request.headers['accept-language']);

/** The checkout-side customer calls (storefront-spec.md section 7, /customer/...). */
@ApiTags('customers')
@Controller('customer')
export class CustomerController {
  constructor(
    private readonly login: CustomerLoginService,
    private readonly passwords: PasswordLoginService,
    private readonly sessions: CustomerSessions,
    private readonly area: CustomerAreaService,
    private readonly customers: CustomersRepository,
  ) {}

  @Post('mobile-login')
  @HttpCode(200)
  @ApiOperation({ summary: 'Send a login code (checkout); same answer for unknown numbers' })
  async mobileLogin(
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ success: true } & MobileLoginResponse> {
    const q = parseInput(checkoutLoginBody, body, 'INVALID_BODY');
    const handle = await this.login.requestCode({
      purpose: 'checkout',
      mobileNumber: q.mobileNumber,
      ssn: q.ssn,
      register: q.sendSmsRegardlessOfCustomerExistence,
      recaptchaToken: q.recaptchaToken,
      visitorId: request.visitorId,
      ip: clientIp(request),
      pendingHandle: cookieValue(request, PENDING_LOGIN_COOKIE),
      locale: locale(request),
    });
    setCookie(request, reply, PENDING_LOGIN_COOKIE, handle, OTP_TTL_SECONDS + 60, 'Strict');
    return { success: true, ...CODE_SENT };
  }

  @Post('mobile-login-validation-area')
  @HttpCode(200)
  @ApiOperation({ summary: 'Check the code (checkout); starts the session and answers customerInfo with members' })
  async validate(
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ customerInfo: CustomerAreaInfo }> {
    const q = parseInput(checkoutCodeBody, body, 'INVALID_BODY');
    const customerId = await this.login.verifyCode({
      purpose: 'checkout',
      pendingHandle: cookieValue(request, PENDING_LOGIN_COOKIE),
      smsCode: q.smsCode.trim(),
      mobileNumber: q.mobileNumber,
      ip: clientIp(request),
    });
    await this.sessions.start(request, reply, customerId);
    return { customerInfo: await this.area.info(customerId, locale(request)) };
  }

  @Post('refresh')
  @HttpCode(200)
  @ApiOperation({ summary: "The session's customerInfo (members included), e.g. to pre-fill the checkout form" })
  async refresh(@Req() request: FastifyRequest): Promise<{ customerInfo: CustomerAreaInfo }> {
    const customerId = await this.sessions.require(request);
    return { customerInfo: await this.area.info(customerId, locale(request)) };
  }

  @Post('logout')
  @HttpCode(200)
  async logout(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.sessions.end(request, reply);
    return { success: true };
  }

  @Get('locations')
  @ApiOperation({ summary: 'Locations (branches) a customer may choose' })
  async locations(@Req() request: FastifyRequest) {
    const he = locale(request) === 'he';
    const rows = await this.customers.locations();
    return { locations: rows.map((l) => ({ id: l.id, name: he ? l.name : l.nameEn })) };
  }

  @Post('login')
  @HttpCode(200)
  @ApiOperation({ summary: 'E-mail + password login (only when CUSTOMER_PASSWORD_LOGIN is on)' })
  async passwordLogin(
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ customerInfo: CustomerAreaInfo }> {
    const q = parseInput(passwordLoginBody, body, 'INVALID_BODY');
    const customerId = await this.passwords.login({
      email: q.email,
      password: q.password,
      recaptchaToken: q.recaptchaToken,
      visitorId: request.visitorId,
      ip: clientIp(request),
    });
    await this.sessions.start(request, reply, customerId);
    return { customerInfo: await this.area.info(customerId, locale(request)) };
  }
}

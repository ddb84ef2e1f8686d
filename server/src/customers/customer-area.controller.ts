import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CustomerAreaInfo, MobileLoginResponse } from '@hotline/shared';
import { OTP_TTL_SECONDS } from '@hotline/shared';
import { resolveLocale } from '../common/locale';
import { parseInput } from '../common/validation';
import { clientIp, cookieValue, PENDING_LOGIN_COOKIE, setCookie } from './customer-cookies';
import { CustomerAreaService } from './customer-area.service';
import { CODE_SENT, CustomerLoginService } from './customer-login.service';
import { CustomerSessions } from './customer-sessions.service';
import { CUSTOMER_SAVED } from './customers.errors';
import { areaDataQuery, areaLoginBody, codeBody, idParams } from './customer.queries';

const locale = (request: FastifyRequest) => resolveLocale(request.query, request.headers['accept-language']);

/** The customer area (storefront-spec.md section 7, /customer-area/...). Thin: parse, check the session, delegate. */
@ApiTags('customers')
@Controller('customer-area')
export class CustomerAreaController {
  constructor(
    private readonly login: CustomerLoginService,
    private readonly sessions: CustomerSessions,
    private readonly area: CustomerAreaService,
  ) {}

  @Post('mobile-login')
  @HttpCode(200)
  @ApiOperation({ summary: 'Send a one-time login code by SMS (ID + mobile); same answer for unknown customers' })
  async mobileLogin(
    @Body() body: unknown,
    @Query() query: Record<string, unknown>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<MobileLoginResponse> {
    const q = parseInput(areaLoginBody, body, 'INVALID_BODY');
    const handle = await this.login.requestCode({
      purpose: query && 'checkout' in query ? 'checkout' : 'area',
      mobileNumber: q.mobileNumber,
      ssn: q.ssn,
      customerEmail: q.customerEmail ?? undefined,
      register: false,
      recaptchaToken: q.recaptchaToken,
      visitorId: request.visitorId,
      ip: clientIp(request),
      pendingHandle: cookieValue(request, PENDING_LOGIN_COOKIE),
      locale: locale(request),
    });
    setCookie(request, reply, PENDING_LOGIN_COOKIE, handle, OTP_TTL_SECONDS + 60, 'Strict');
    return CODE_SENT;
  }

  @Post('mobile-login-validation')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Check the SMS code; starts a customer session (httpOnly cookie) and answers customerAreaInfo',
  })
  async validate(
    @Body() body: unknown,
    @Query() query: Record<string, unknown>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ customerAreaInfo: CustomerAreaInfo }> {
    const q = parseInput(codeBody, body, 'INVALID_BODY');
    const customerId = await this.login.verifyCode({
      purpose: query && 'checkout' in query ? 'checkout' : 'area',
      pendingHandle: cookieValue(request, PENDING_LOGIN_COOKIE),
      smsCode: q.smsCode.trim(),
      ip: clientIp(request),
    });
    await this.sessions.start(request, reply, customerId);
    return { customerAreaInfo: await this.area.info(customerId, locale(request)) };
  }

  @Get('customerAreaData')
  @ApiOperation({ summary: "The logged-in customer's data; with jwtToken, redeems a login link first" })
  async data(
    @Query() query: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ customerAreaInfo: CustomerAreaInfo }> {
    const q = parseInput(areaDataQuery, query);
    let customerId: number;
    if (q.jwtToken) {
      customerId = await this.sessions.redeemLoginLink(q.jwtToken);
      await this.sessions.start(request, reply, customerId);
    } else {
      customerId = await this.sessions.require(request);
    }
    return { customerAreaInfo: await this.area.info(customerId, locale(request)) };
  }

  @Post('logout')
  @HttpCode(200)
  @ApiOperation({ summary: 'Ends the customer session (revoked server-side)' })
  async logout(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    await this.sessions.end(request, reply);
    return { success: true };
  }

  @Put('customers/:id')
  @ApiParam({
    name: 'id',
    required: true,
    description: "The customer's id (the signed-in customer's own)",
    schema: { type: 'string' },
  })
  @ApiOperation({ summary: "Save the customer's own details" })
  async update(
    @Param() params: unknown,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
  ): Promise<{ success: true; message: string; customerAreaInfo: CustomerAreaInfo }> {
    const customerId = await this.sessions.require(request);
    const { id } = parseInput(idParams, params);
    await this.area.update(customerId, id, body);
    const lang = locale(request);
    return { success: true, message: CUSTOMER_SAVED[lang], customerAreaInfo: await this.area.info(customerId, lang) };
  }
}

import { Controller, Get, Header, Headers, Ip, Post, UseFilters } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import type { QueueStatusResponse } from '@hotline/shared';
import type { AltchaChallenge } from '../botcheck';
import { idString } from '../common/ids';
import { RATE_LIMITS, RateLimit } from '../common/rate-limit';
import { ZodBody, ZodParams } from '../common/validation';
import { VisitorId } from '../common/visitor-identity';
import { Cookies, type ResponseCookies } from '../common/response-cookies';
import { passCookieOf } from '../common/admission-context';
import { JoinRefusals } from './join-refusals.filter';
import { QueueService } from './queue.service';

const params = z.object({ presentationId: idString });
export const joinBody = z.object({ recaptchaToken: z.string().min(1).max(20_000) });

const STATUS_LIMIT = {
  name: 'queue-status',
  rules: [
    { by: 'visitor' as const, limit: 120, windowSeconds: 60 },
    { by: 'ip' as const, limit: 6_000, windowSeconds: 60 },
  ],
};

/** The admission also goes into an httpOnly cookie: the seat map's calls carry it without knowing about queues. */
function withPassCookie(cookies: ResponseCookies, r: QueueStatusResponse): QueueStatusResponse {
  if (r.pass && r.admittedUntil)
    cookies.set({
      name: passCookieOf(r.presentationId),
      value: r.pass,
      path: '/api',
      maxAgeSeconds: (Date.parse(r.admittedUntil) - r.serverTime) / 1000,
      httpOnly: true,
      sameSite: 'Lax',
    });
  return r;
}

/** The waiting room's public calls (docs/waiting-room.md). */
@ApiTags('waiting room')
@Controller('queue')
export class QueueController {
  constructor(private readonly queue: QueueService) {}

  @Get(':presentationId/challenge')
  @Header('cache-control', 'no-store')
  @RateLimit(RATE_LIMITS.botCheckChallenge)
  @ApiOperation({ summary: 'The ALTCHA challenge joining costs (QUEUE_JOIN_WORK times a seat lock)' })
  challenge(@ZodParams(params) p: { presentationId: number }): Promise<AltchaChallenge> {
    return this.queue.challenge(p.presentationId);
  }

  @Post(':presentationId/join')
  // Rate limited inside the join's one Redis script, not by a guard's round trip of its own (QueueService.join).
  @ApiResponse({ status: 429, description: 'Too many requests: see the Retry-After header' })
  // Its refusals (rate limit, bot check) are the control room's too.
  @UseFilters(JoinRefusals)
  @ApiOperation({ summary: "Takes this visitor's one place in the line (or answers the one it has)" })
  async join(
    @VisitorId() visitorId: string,
    @ZodParams(params) p: { presentationId: number },
    @ZodBody(joinBody) body: z.infer<typeof joinBody>,
    @Cookies() cookies: ResponseCookies,
    @Ip() ip: string,
  ): Promise<QueueStatusResponse> {
    return withPassCookie(cookies, await this.queue.join(p.presentationId, visitorId, body.recaptchaToken, ip));
  }

  @Get(':presentationId')
  @Header('cache-control', 'no-store')
  @RateLimit(STATUS_LIMIT)
  @ApiOperation({
    summary: "This visitor's place (send the wait ticket in the queue-ticket header); the admission pass when admitted",
  })
  async status(
    @VisitorId() visitorId: string,
    @ZodParams(params) p: { presentationId: number },
    // The ticket rides in a header, never in the URL (no secrets in URLs or logs).
    @Headers('queue-ticket') ticket: string | undefined,
    @Cookies() cookies: ResponseCookies,
  ): Promise<QueueStatusResponse> {
    return withPassCookie(cookies, await this.queue.status(p.presentationId, visitorId, ticket));
  }
}

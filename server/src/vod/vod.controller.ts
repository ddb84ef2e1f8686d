import { Controller, Get, Headers, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { VodAccessResponse, VodInfo } from '@hotline/shared';
import { z } from 'zod';
import { idString } from '../common/ids';
import { resolveLocale } from '../common/locale';
import { RATE_LIMITS, RateLimit } from '../common/rate-limit';
import { ZodBody, ZodParams } from '../common/validation';
import { CustomerSessions } from '../customers';
import { VodService } from './vod.service';

const vodParams = z.object({ vodId: idString });
const accessBody = z.object({
  reservationIdentifier: z.string().trim().max(40).nullable().optional(),
  email: z.string().trim().max(200).nullable().optional(),
  mobileNumber: z.string().trim().max(30).nullable().optional(),
});
const streamParams = z.object({
  token: z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9._-]+$/, 'is not a stream link'),
});

/** Video-on-demand: event info, the ownership check, and the signed stream. Thin: parse, delegate. */
@ApiTags('video on demand')
@Controller('vod')
export class VodController {
  constructor(
    private readonly vod: VodService,
    private readonly sessions: CustomerSessions,
  ) {}

  @Get(':vodId')
  @ApiOperation({ summary: 'A video-on-demand event (venue types 101-104); 404 VOD_NOT_FOUND for anything else' })
  info(
    @ZodParams(vodParams) params: z.infer<typeof vodParams>,
    @Req() request: FastifyRequest,
    @Headers('accept-language') acceptLanguage?: string,
  ): Promise<VodInfo> {
    return this.vod.info(params.vodId, resolveLocale(request.query, acceptLanguage));
  }

  @Post(':vodId/access')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Proof of purchase (customer session, or reservation identifier + e-mail or mobile) -> a short-lived signed streamUrl; 403 VOD_NOT_OWNED',
  })
  @RateLimit(RATE_LIMITS.codeLookup)
  async access(
    @ZodParams(vodParams) params: z.infer<typeof vodParams>,
    @ZodBody(accessBody) body: z.infer<typeof accessBody>,
    @Req() request: FastifyRequest,
  ): Promise<VodAccessResponse> {
    const customerId = await this.sessions.current(request).catch(() => null);
    return this.vod.access(params.vodId, { customerId, ...body });
  }

  @Get('stream/:token')
  @ApiOperation({ summary: 'The stream behind a signed link (SIMULATED source: a demo clip); supports Range' })
  async stream(
    @ZodParams(streamParams) params: z.infer<typeof streamParams>,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    const media = await this.vod.stream(params.token);
    reply
      .header('content-type', media.contentType)
      .header('accept-ranges', 'bytes')
      .header('cache-control', 'private, no-store')
      .header('x-robots-tag', 'noindex, nofollow');
    const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.range ?? '');
    if (range && (range[1] || range[2])) {
      const last = media.size - 1;
      const start = range[1] ? Number(range[1]) : Math.max(0, media.size - Number(range[2]));
      const end = range[1] && range[2] ? Math.min(Number(range[2]), last) : last;
      if (start > end || start > last) {
        return reply.status(416).header('content-range', `bytes */${media.size}`).send();
      }
      return reply
        .status(206)
        .header('content-range', `bytes ${start}-${end}/${media.size}`)
        .send(media.slice(start, end));
    }
    return reply.status(200).send(media.slice(0, media.size - 1));
  }
}

import { Controller, Get, Ip, Optional, Put, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  encodeSeatStatusBinary,
  type BestAvailableResponse,
  type LockSeatResponse,
  type SeatsStatusResponse,
  type TimerResponse,
  type UnlockSeatResponse,
} from '@hotline/shared';
import { RequireBotCheck, idFrom } from '../botcheck';
import { AppError } from '../common/app-error';
import { Metrics, NO_METRICS, RefusalTally } from '../observability';
import { RATE_LIMITS, RateLimit } from '../common/rate-limit';
import { encodeBinary, sendEncodedJson } from '../common/encoded-json';
import { ZodBody, ZodParams, ZodQuery } from '../common/validation';
import { AnonymousRead, VisitorId } from '../common/visitor-identity';
import { ChannelScope, channelQuery, type ChannelQuery } from '../channels';
import { BestAvailableService } from './best-available.service';
import { PublicSeatStatus } from './public-seat-status';
import { QueueEarly, bestAvailablePresentation, lockSeatPresentation } from './seat-admission';
import { SeatEngineService } from './seat-engine.service';
import {
  bestAvailableQuery,
  lockSeatBody,
  seatsStatusQuery,
  timerParams,
  timerQuery,
  type BestAvailableQuery,
  type LockSeatBody,
  type SeatsStatusQuery,
} from './seats.queries';

/** Lock-like routes: the per-address hold cap applies (checked inside the lock script, docs/seat-engine.md). */
const HOLD_CAP_REFUSAL = ApiResponse({
  status: 429,
  description: 'SEAT_HOLD_CAP: this address already holds the most seats allowed',
});

/**
 * The seat engine's REST calls (storefront-spec.md section 7). Thin: the edge (rate limits,
 * bot check, validation) is declared here; the client address goes to the engine, whose lock script applies the
 * per-address hold cap; the engine does the rest, including the
 * waiting room's admission (its AdmissionGate, docs/waiting-room.md): no route has to remember it.
 */
@ApiTags('seats')
@Controller('seats')
export class SeatsController {
  constructor(
    private readonly engine: SeatEngineService,
    private readonly best: BestAvailableService,
    private readonly channel: ChannelScope,
    private readonly publicStatus: PublicSeatStatus,
    @Optional() private readonly metrics: Metrics = NO_METRICS,
    @Optional() private readonly refusals?: RefusalTally,
  ) {}

  // Guards run in the order they are listed below each route's decorators reversed:
  // the rate limit (one Redis call) refuses a flood before the bot check's HMACs run.

  @Get('seats-status')
  // Asked beside the presentation by a first-time visitor: without an id it is the shared answer (no seat theirs).
  @AnonymousRead()
  @ApiOperation({
    summary:
      'Every place of a presentation as [sectionId, seatGroupId, x, y, allocationId, ticketGroupId, status], with the state version; format=binary: the same answer as application/octet-stream (shared/src/seats/seat-status-binary.ts)',
  })
  async status(
    @VisitorId() visitorId: string,
    @ZodQuery(seatsStatusQuery) query: SeatsStatusQuery,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SeatsStatusResponse | Buffer> {
    await this.channel.assertPresentation(query, query.presentationId);
    // Most visitors hold no seat: their answer is one shared, compressed document (public-seat-status.ts).
    const shared = await this.publicStatus.answer(visitorId, query);
    if (shared) return sendEncodedJson(request, reply, shared);
    const own = await this.channel.seatsStatus(query, query.presentationId, await this.engine.status(visitorId, query));
    if (query.format !== 'binary') return own;
    return sendEncodedJson(request, reply, await encodeBinary(encodeSeatStatusBinary(own)));
  }

  @Put('lock-seat')
  @ApiOperation({ summary: 'Lock a seat (a couch or bed locks whole; general admission: the server picks the place)' })
  @RequireBotCheck({
    presentationOf: (request) => idFrom((request.body as LockSeatBody | undefined)?.seat?.PresentationId),
  })
  @RateLimit(RATE_LIMITS.seatLock)
  @HOLD_CAP_REFUSAL
  @QueueEarly(lockSeatPresentation)
  async lock(
    @VisitorId() visitorId: string,
    @ZodBody(lockSeatBody) q: LockSeatBody,
    @ZodQuery(channelQuery) channel: ChannelQuery,
    @Ip() address: string,
  ): Promise<LockSeatResponse> {
    // The hot path stays as it was: only a lock in a channel reads the layout here.
    if (channel.miniSiteUrl || channel.domain)
      await this.channel.assertLockable(channel, await this.engine.layout(q.seat.PresentationId), q.seat);
    return this.metrics.timed('seat_lock', () =>
      this.engine
        .lock(visitorId, q.seat, address, channel.miniSiteUrl || channel.domain ? 'channel' : 'public')
        .catch((error: unknown) => {
          // Refusals by reason for the control room; the waiting room counts its own (AdmissionGate).
          if (error instanceof AppError && error.status < 500 && error.code !== 'QUEUE_REQUIRED')
            this.refusals?.count(q.seat.PresentationId, 'lock', error.code.toLowerCase());
          throw error;
        }),
    );
  }

  @Put('unlock-seat')
  @ApiOperation({ summary: 'Release a seat this visitor holds (its couch/bed group with it)' })
  @RateLimit(RATE_LIMITS.seatLock)
  unlock(
    @VisitorId() visitorId: string,
    @ZodBody(lockSeatBody) q: LockSeatBody,
    @Ip() address: string,
  ): Promise<UnlockSeatResponse> {
    return this.metrics.timed('seat_unlock', () => this.engine.unlock(visitorId, q.seat, address));
  }

  @Get('best-available')
  @ApiOperation({ summary: 'Best blocks of adjacent seats; isLock=1 locks the first one that is still free' })
  @RequireBotCheck({
    presentationOf: (request) => idFrom((request.query as Record<string, unknown> | undefined)?.presentationId),
  })
  @RateLimit(RATE_LIMITS.bestAvailable, RATE_LIMITS.bestAvailableLock)
  @HOLD_CAP_REFUSAL
  @QueueEarly(bestAvailablePresentation)
  async bestAvailable(
    @VisitorId() visitorId: string,
    @ZodQuery(bestAvailableQuery) q: BestAvailableQuery,
    @Ip() address: string,
  ): Promise<BestAvailableResponse> {
    if (q.presentationId !== undefined) await this.channel.assertPresentation(q, q.presentationId);
    return this.best.find(visitorId, q, address);
  }
}

@ApiTags('seats')
@Controller('presentations')
export class TimerController {
  constructor(private readonly engine: SeatEngineService) {}

  @Get('timer/:id')
  @ApiOperation({ summary: "Order timer keyed by presentation id: seconds left on this visitor's earliest lock" })
  timer(
    @VisitorId() visitorId: string,
    @ZodParams(timerParams) params: { id: number },
    @ZodQuery(timerQuery) query: { lang?: 'he' | 'en' | 'ru' | 'ar' },
  ): Promise<TimerResponse> {
    return this.engine.timer(params.id, visitorId, query.lang);
  }
}

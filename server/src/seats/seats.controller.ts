import { Body, Controller, Get, Param, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiQuery, ApiTags } from '@nestjs/swagger';
import type {
  BestAvailableResponse,
  LockSeatResponse,
  SeatsStatusResponse,
  TimerResponse,
  UnlockSeatResponse,
} from '@hotline/shared';
import { parseInput } from '../common/validation';
import { VisitorId } from '../common/visitor-identity';
import { BestAvailableService } from './best-available.service';
import { SeatEngineService } from './seat-engine.service';
import { bestAvailableQuery, lockSeatBody, seatsStatusQuery, timerParams, timerQuery } from './seats.queries';

/** The seat engine's REST calls (storefront-spec.md section 7). Thin: parse, verify, delegate. */
@ApiTags('seats')
@Controller('seats')
export class SeatsController {
  constructor(
    private readonly engine: SeatEngineService,
    private readonly best: BestAvailableService,
  ) {}

  @Get('seats-status')
  @ApiOperation({
    summary:
      'Every place of a presentation as [sectionId, seatGroupId, x, y, allocationId, ticketGroupId, status], with the state version',
  })
  @ApiQuery({ name: 'presentationId' })
  @ApiQuery({ name: 'isReserved', required: false, description: '1 reserved sections, 0 general admission' })
  @ApiQuery({ name: 'sectionId', required: false })
  @ApiQuery({ name: 'isHold', required: false })
  status(@VisitorId() visitorId: string, @Query() query: unknown): Promise<SeatsStatusResponse> {
    return this.engine.status(visitorId, parseInput(seatsStatusQuery, query));
  }

  @Put('lock-seat')
  @ApiOperation({ summary: 'Lock a seat (a couch or bed locks whole; general admission: the server picks the place)' })
  async lock(@VisitorId() visitorId: string, @Body() body: unknown): Promise<LockSeatResponse> {
    const q = parseInput(lockSeatBody, body, 'INVALID_BODY');
    await this.engine.verifyBotCheck(q.recaptchaToken, visitorId);
    return this.engine.lock(visitorId, q.seat);
  }

  @Put('unlock-seat')
  @ApiOperation({ summary: 'Release a seat this visitor holds (its couch/bed group with it)' })
  async unlock(@VisitorId() visitorId: string, @Body() body: unknown): Promise<UnlockSeatResponse> {
    const q = parseInput(lockSeatBody, body, 'INVALID_BODY');
    return this.engine.unlock(visitorId, q.seat);
  }

  @Get('best-available')
  @ApiOperation({ summary: 'Best blocks of adjacent seats; isLock=1 locks the first one that is still free' })
  async bestAvailable(@VisitorId() visitorId: string, @Query() query: unknown): Promise<BestAvailableResponse> {
    const q = parseInput(bestAvailableQuery, query);
    await this.engine.verifyBotCheck(q.recaptchaToken, visitorId);
    return this.best.find(visitorId, q);
  }
}

@ApiTags('seats')
@Controller('presentations')
export class TimerController {
  constructor(private readonly engine: SeatEngineService) {}

  @Get('timer/:id')
  @ApiOperation({ summary: "Order timer keyed by presentation id: seconds left on this visitor's earliest lock" })
  @ApiParam({ name: 'id' })
  timer(@VisitorId() visitorId: string, @Param() params: unknown, @Query() query: unknown): Promise<TimerResponse> {
    const { id } = parseInput(timerParams, params);
    const { lang } = parseInput(timerQuery, query);
    return this.engine.timer(id, visitorId, lang);
  }
}

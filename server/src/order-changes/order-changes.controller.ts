import { Body, Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  BACK_OFFICE_PERMISSION,
  type ModifiableReservation,
  type SwapOptionsResponse,
  type SwapSeatsResponse,
  type SwapTargetsResponse,
} from '@hotline/shared';
import { BusinessScope, CurrentStaff, StaffOnly, type StaffIdentity } from '../backoffice';
import { resolveLocale } from '../common/locale';
import { RateLimit } from '../common/rate-limit';
import type { RateLimitPolicy } from '../common/rate-limit/rate-limit.policies';
import { parseInput, ZodParams, ZodQuery } from '../common/validation';
import { VisitorId } from '../common/visitor-identity';
import { CustomerSessions } from '../customers';
import { ApiQueueRequired } from '../seats';
import { OrderChangesService, type OrderChangeActor } from './order-changes.service';

const resParams = z.object({ resId: z.string().regex(/^[A-Za-z0-9-]{1,40}$/) });
const optionsQuery = z.object({ ticket: z.string().min(1).max(64) });
const coordinate = z.number().int().min(-100_000).max(100_000);
const swapBody = z.object({
  modifiedTickets: z
    .array(
      z.object({
        TicketIdentifier: z.string().min(1).max(64),
        sectionId: z.number().int().min(1).max(2_147_483_647),
        x: coordinate,
        y: coordinate,
        ticketId: z.number().int().min(1).max(2_147_483_647).optional(),
      }),
    )
    .min(1)
    .max(20),
  transactionId: z
    .string()
    .regex(/^[A-Za-z0-9-]{8,64}$/)
    .optional(),
});

/** A change writes to PostgreSQL and Redis and holds seats meanwhile: a few a minute is plenty for a person. */
const ORDER_CHANGE_LIMIT: RateLimitPolicy = {
  name: 'order-change',
  rules: [
    { by: 'visitor', limit: 20, windowSeconds: 60 },
    { by: 'ip', limit: 60, windowSeconds: 60 },
  ],
};
const ORDER_CHANGE_READ_LIMIT: RateLimitPolicy = {
  name: 'order-change-read',
  rules: [
    { by: 'visitor', limit: 120, windowSeconds: 60 },
    { by: 'ip', limit: 480, windowSeconds: 60 },
  ],
};

const localeOf = (request: FastifyRequest) => resolveLocale(request.query, request.headers['accept-language']);

/**
 * Changing the seats of an existing order from the storefront (docs/order-changes.md): the buyer proves the order
 * is theirs by their customer-area login or by being the browser that bought it (its uuid). The spec's Modified
 * ticket names travel as it spells them (modifiedTickets, ChosenSeats, LastTransactionId).
 */
@ApiTags('order changes')
@Controller('order-changes')
export class OrderChangesController {
  constructor(
    private readonly changes: OrderChangesService,
    private readonly sessions: CustomerSessions,
  ) {}

  private async buyer(visitorId: string, request: FastifyRequest): Promise<OrderChangeActor> {
    return { kind: 'buyer', visitorId, customerId: await this.sessions.current(request) };
  }

  @Get(':resId')
  @RateLimit(ORDER_CHANGE_READ_LIMIT)
  @ApiOperation({ summary: 'A paid order of yours as the change page shows it (ChosenSeats, LastTransactionId)' })
  async view(
    @VisitorId() visitorId: string,
    @ZodParams(resParams) p: z.infer<typeof resParams>,
    @Req() request: FastifyRequest,
  ): Promise<ModifiableReservation> {
    return this.changes.view(await this.buyer(visitorId, request), p.resId, localeOf(request));
  }

  @Get(':resId/options')
  @RateLimit(ORDER_CHANGE_READ_LIMIT)
  @ApiOperation({ summary: 'Free seats a ticket of your order may move to (same ticket group and price)' })
  async options(
    @VisitorId() visitorId: string,
    @ZodParams(resParams) p: z.infer<typeof resParams>,
    @ZodQuery(optionsQuery) q: z.infer<typeof optionsQuery>,
    @Req() request: FastifyRequest,
  ): Promise<SwapOptionsResponse> {
    return this.changes.options(await this.buyer(visitorId, request), p.resId, q.ticket, localeOf(request));
  }

  @Get(':resId/targets')
  @RateLimit(ORDER_CHANGE_READ_LIMIT)
  @ApiOperation({ summary: 'Every seat a ticket of your order may move to by the rule (the change map offers these)' })
  async targets(
    @VisitorId() visitorId: string,
    @ZodParams(resParams) p: z.infer<typeof resParams>,
    @ZodQuery(optionsQuery) q: z.infer<typeof optionsQuery>,
    @Req() request: FastifyRequest,
  ): Promise<SwapTargetsResponse> {
    return this.changes.targets(await this.buyer(visitorId, request), p.resId, q.ticket);
  }

  @Post(':resId/swap')
  @HttpCode(200)
  @RateLimit(ORDER_CHANGE_LIMIT)
  @ApiQueueRequired()
  @ApiOperation({ summary: 'Swap seats of your paid order: old seat freed and new one sold in one step' })
  async swap(
    @VisitorId() visitorId: string,
    @ZodParams(resParams) p: z.infer<typeof resParams>,
    @Body() raw: unknown,
    @Req() request: FastifyRequest,
  ): Promise<SwapSeatsResponse> {
    const body = parseInput(swapBody, raw, 'INVALID_BODY');
    return this.changes.swap(await this.buyer(visitorId, request), p.resId, body);
  }
}

/**
 * The same change from the back office (permission 268, producer reservations): any order of the staff member's
 * businesses, and past the event's "no changes" setting (the box office moves people off a broken seat).
 */
@ApiTags('back office')
@Controller('PRES-live/v2/order-changes')
export class StaffOrderChangesController {
  constructor(
    private readonly changes: OrderChangesService,
    private readonly scope: BusinessScope,
  ) {}

  private async staffActor(staff: StaffIdentity, visitorId: string, resId: string): Promise<OrderChangeActor> {
    const presentationId = await this.changes.presentationOf(resId);
    await this.scope.presentation(staff, presentationId);
    return { kind: 'staff', staffUserId: staff.userId, visitorId };
  }

  @Get(':resId')
  @StaffOnly(BACK_OFFICE_PERMISSION.producerReservations)
  @RateLimit(ORDER_CHANGE_READ_LIMIT)
  @ApiOperation({ summary: 'An order of your businesses as the change page shows it' })
  async view(
    @CurrentStaff() staff: StaffIdentity,
    @VisitorId() visitorId: string,
    @ZodParams(resParams) p: z.infer<typeof resParams>,
    @Req() request: FastifyRequest,
  ): Promise<ModifiableReservation> {
    return this.changes.view(await this.staffActor(staff, visitorId, p.resId), p.resId, localeOf(request));
  }

  @Get(':resId/options')
  @StaffOnly(BACK_OFFICE_PERMISSION.producerReservations)
  @RateLimit(ORDER_CHANGE_READ_LIMIT)
  @ApiOperation({ summary: 'Free seats a ticket of an order of your businesses may move to' })
  async options(
    @CurrentStaff() staff: StaffIdentity,
    @VisitorId() visitorId: string,
    @ZodParams(resParams) p: z.infer<typeof resParams>,
    @ZodQuery(optionsQuery) q: z.infer<typeof optionsQuery>,
    @Req() request: FastifyRequest,
  ): Promise<SwapOptionsResponse> {
    const actor = await this.staffActor(staff, visitorId, p.resId);
    return this.changes.options(actor, p.resId, q.ticket, localeOf(request));
  }

  @Get(':resId/targets')
  @StaffOnly(BACK_OFFICE_PERMISSION.producerReservations)
  @RateLimit(ORDER_CHANGE_READ_LIMIT)
  @ApiOperation({ summary: 'Every seat a ticket of an order of your businesses may move to by the rule' })
  async targets(
    @CurrentStaff() staff: StaffIdentity,
    @VisitorId() visitorId: string,
    @ZodParams(resParams) p: z.infer<typeof resParams>,
    @ZodQuery(optionsQuery) q: z.infer<typeof optionsQuery>,
  ): Promise<SwapTargetsResponse> {
    return this.changes.targets(await this.staffActor(staff, visitorId, p.resId), p.resId, q.ticket);
  }

  @Post(':resId/swap')
  @HttpCode(200)
  @StaffOnly(BACK_OFFICE_PERMISSION.producerReservations)
  @RateLimit(ORDER_CHANGE_LIMIT)
  @ApiOperation({ summary: 'Swap seats of an order of your businesses (same ticket group and price)' })
  async swap(
    @CurrentStaff() staff: StaffIdentity,
    @VisitorId() visitorId: string,
    @ZodParams(resParams) p: z.infer<typeof resParams>,
    @Body() raw: unknown,
  ): Promise<SwapSeatsResponse> {
    const body = parseInput(swapBody, raw, 'INVALID_BODY');
    return this.changes.swap(await this.staffActor(staff, visitorId, p.resId), p.resId, body);
  }
}

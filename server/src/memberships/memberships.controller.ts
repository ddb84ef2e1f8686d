import { Controller, Get, HttpCode, Post, Put, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import type {
  AvailableMembersResponse,
  MembershipLockResponse,
  MembershipSeatplanResponse,
  MembershipsResponse,
  MemberTicketsResponse,
} from '@hotline/shared';
import { RequireBotCheck } from '../botcheck';
import { dbId, pathText } from '../common/ids';
import { resolveLocale } from '../common/locale';
import { RATE_LIMITS, RateLimit } from '../common/rate-limit';
import { ZodBody, ZodParams, ZodQuery } from '../common/validation';
import { VisitorId } from '../common/visitor-identity';
import { CustomerSessions } from '../customers';
import { ApiQueueRequired } from '../seats';
import { MembershipsService } from './memberships.service';

const locale = (request: FastifyRequest) => resolveLocale(request.query, request.headers['accept-language']);
const coordinate = z.number().int().min(-100_000).max(100_000);
const token = z.string().min(1).max(20_000);

const membershipSeatBody = z.object({
  recaptchaToken: token.optional(),
  seat: z.object({
    MembershipId: dbId,
    VenueId: dbId,
    VenueSeatplanId: dbId,
    VenueSectionId: dbId,
    TicketGroupId: z.number().int().min(0).nullable().optional(),
    XCoordinate: coordinate,
    YCoordinate: coordinate,
  }),
  selections: z.unknown().optional(),
});
type MembershipSeatBody = z.infer<typeof membershipSeatBody>;

const enrolSelection = z.object({ prsntId: dbId }).passthrough();
const enrolSeatBody = z.object({
  recaptchaToken: token.optional(),
  venueId: dbId,
  seatplanId: dbId,
  sectionId: dbId,
  x: coordinate,
  y: coordinate,
  ticketGroupId: z.number().int().min(0).nullable().optional(),
  seasonId: dbId.nullable().optional(),
  presentationId: dbId.nullable().optional(),
  selections: z.array(enrolSelection).max(100).optional(),
});
type EnrolSeatBody = z.infer<typeof enrolSeatBody>;

const membershipIdParams = z.object({ membershipId: dbId });
const membershipIdQuery = z.object({ membershipId: dbId });
const codeParams = z.object({ membershipCode: pathText(64) });
const lookupBody = z
  .object({
    recaptchaToken: token.optional(),
    ssn: z
      .string()
      .trim()
      .regex(/^\d{5,9}$/, 'is not an ID number')
      .optional(),
    memberNumber: z.string().trim().min(1).max(64).optional(),
    mobileNumber: z.string().trim().min(9).max(20).optional(),
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'is not a 6-digit code')
      .optional(),
  })
  .refine((b) => Boolean(b.ssn || b.memberNumber || b.mobileNumber || b.code), 'name the member');
const sendCodeBody = z.object({ recaptchaToken: token.optional(), memberNumber: z.string().trim().min(1).max(64) });
const presentationQuery = z.object({ presentationId: dbId });

const enrolPresentations = (b: EnrolSeatBody) => [
  ...new Set([...(b.presentationId ? [b.presentationId] : []), ...(b.selections ?? []).map((s) => s.prsntId)]),
];

/**
 * The membership and enrolment calls (memberships-backoffice-spec.md section 7). Thin: validation, rate limits
 * and the bot check here; MembershipsService does the rest. Buying is POST /payment/commit with `memberships`.
 */
@ApiTags('memberships')
@Controller()
export class MembershipsController {
  constructor(
    private readonly memberships: MembershipsService,
    private readonly sessions: CustomerSessions,
    private readonly db: DataSource,
  ) {}

  @Get('memberships')
  @ApiOperation({ summary: 'Memberships on sale with their prices and presentations' })
  list(@Req() request: FastifyRequest): Promise<MembershipsResponse> {
    return this.memberships.list(locale(request));
  }

  @Get('memberships/:membershipCode')
  @ApiOperation({ summary: 'One membership by its code (the /membership/{membershipCode} route)' })
  byCode(@ZodParams(codeParams) p: z.infer<typeof codeParams>, @Req() request: FastifyRequest) {
    return this.memberships.byCode(p.membershipCode, locale(request));
  }

  @Get('membership/seatplan')
  @ApiOperation({
    summary: "A membership's seat plan: the presentations its seat is held on and the seats taken on any",
  })
  seatplan(@ZodQuery(membershipIdQuery) q: z.infer<typeof membershipIdQuery>): Promise<MembershipSeatplanResponse> {
    return this.memberships.seatplan(q.membershipId, false);
  }

  @Put('membership/lock-seat')
  @ApiQueueRequired()
  @ApiOperation({ summary: 'Lock a membership seat (held on every presentation of the membership at once)' })
  @RequireBotCheck()
  @RateLimit(RATE_LIMITS.seatLock)
  lockMembershipSeat(
    @VisitorId() visitorId: string,
    @ZodBody(membershipSeatBody) b: MembershipSeatBody,
  ): Promise<MembershipLockResponse> {
    return this.memberships.lockSeat(visitorId, membershipSeat(b), false);
  }

  @Put('membership/unlock-seat')
  @ApiOperation({ summary: 'Release a membership seat' })
  @RateLimit(RATE_LIMITS.seatLock)
  unlockMembershipSeat(@VisitorId() visitorId: string, @ZodBody(membershipSeatBody) b: MembershipSeatBody) {
    return this.memberships.unlockSeat(visitorId, membershipSeat(b), false);
  }

  @Get('enroll/:membershipId/seatplan')
  @ApiOperation({ summary: "A season's seat plan: its presentations and the seats taken on any of them" })
  enrolSeatplan(
    @ZodParams(membershipIdParams) p: z.infer<typeof membershipIdParams>,
  ): Promise<MembershipSeatplanResponse> {
    return this.memberships.seatplan(p.membershipId, true);
  }

  @Put('enroll/:membershipId/lock-seat')
  @ApiQueueRequired()
  @ApiOperation({ summary: 'Hold one fixed seat on every chosen presentation (required ones added), all or nothing' })
  @RequireBotCheck()
  @RateLimit(RATE_LIMITS.seatLock)
  lockEnrolSeat(
    @VisitorId() visitorId: string,
    @ZodParams(membershipIdParams) p: z.infer<typeof membershipIdParams>,
    @ZodBody(enrolSeatBody) b: EnrolSeatBody,
  ): Promise<MembershipLockResponse> {
    return this.memberships.lockSeat(visitorId, enrolSeat(p.membershipId, b), true);
  }

  @Put('enroll/:membershipId/unlock-seat')
  @ApiOperation({ summary: "Release the season seat on the membership's presentations" })
  @RateLimit(RATE_LIMITS.seatLock)
  unlockEnrolSeat(
    @VisitorId() visitorId: string,
    @ZodParams(membershipIdParams) p: z.infer<typeof membershipIdParams>,
    @ZodBody(enrolSeatBody) b: EnrolSeatBody,
  ) {
    return this.memberships.unlockSeat(visitorId, enrolSeat(p.membershipId, b), true);
  }

  @Post('membership/available-member')
  @HttpCode(200)
  @ApiOperation({ summary: 'Find a member by ID, member number, mobile number or a one-time code' })
  @RequireBotCheck()
  @RateLimit(RATE_LIMITS.codeLookup)
  availableMember(
    @VisitorId() visitorId: string,
    @ZodBody(lookupBody) b: z.infer<typeof lookupBody>,
  ): Promise<AvailableMembersResponse> {
    return this.memberships.lookup(visitorId, b);
  }

  @Post('membership/member-code')
  @HttpCode(200)
  @ApiOperation({ summary: "Send a one-time code to a member's mobile (CUSTOMER_NOT_FOUND, CUSTOMER_NO_MOBILE)" })
  @RequireBotCheck()
  @RateLimit(RATE_LIMITS.codeLookup)
  sendCode(@ZodBody(sendCodeBody) b: z.infer<typeof sendCodeBody>, @Req() request: FastifyRequest) {
    return this.memberships.sendCode(b.memberNumber, locale(request), this.db);
  }

  @Get('membership/mine')
  @ApiOperation({ summary: "The logged-in customer's memberships (lets this visitor buy member tickets on them)" })
  async mine(@VisitorId() visitorId: string, @Req() request: FastifyRequest): Promise<AvailableMembersResponse> {
    // Not logged in: nobody's memberships (an empty answer, not a 401: the ticket step asks on every visit).
    const customerId = await this.sessions.current(request);
    if (customerId === null) return { members: [] };
    return this.memberships.mine(visitorId, customerId);
  }

  @Get('membership/member-tickets')
  @ApiOperation({ summary: 'The member-price tickets of a presentation' })
  memberTickets(
    @ZodQuery(presentationQuery) q: z.infer<typeof presentationQuery>,
    @Req() request: FastifyRequest,
  ): Promise<MemberTicketsResponse> {
    return this.memberships.memberTickets(q.presentationId, locale(request));
  }
}

function membershipSeat(b: MembershipSeatBody) {
  return {
    membershipId: b.seat.MembershipId,
    venueId: b.seat.VenueId,
    seatplanId: b.seat.VenueSeatplanId,
    sectionId: b.seat.VenueSectionId,
    x: b.seat.XCoordinate,
    y: b.seat.YCoordinate,
  };
}

function enrolSeat(membershipId: number, b: EnrolSeatBody) {
  return {
    membershipId,
    venueId: b.venueId,
    seatplanId: b.seatplanId,
    sectionId: b.sectionId,
    x: b.x,
    y: b.y,
    presentationIds: enrolPresentations(b),
  };
}

import { Controller, Get, HttpCode, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  HOLD_HOLDERS,
  HOLD_POLICY_BOUNDS,
  CHANNEL_QUOTA_MAX,
  COUPON_CHANNELS,
  SET_ASIDE_MAX_SEATS,
  BACK_OFFICE_PERMISSION,
  CANCELLATION_CHARGE_TYPES,
  FEATURE_CATEGORIES,
  VIDEO_ON_DEMAND_KINDS,
  type AdminDateSettingsResponse,
  type AdminFeature,
  type AdminFeatureListResponse,
  type AdminPresentation,
  type AdminPresentationListResponse,
  type AdminPresentationMoved,
  type AdminSetAsideSeats,
  type AdminZoneListResponse,
  type FeatureCategoryId,
} from '@hotline/shared';
import { CurrentStaff, StaffOnly, type StaffIdentity } from '../backoffice';
import { dbId, idString, revision } from '../common/ids';
import { RATE_LIMITS, RateLimit } from '../common/rate-limit';
import { ZodBody, ZodParams, ZodQuery } from '../common/validation';
import { names, plainText } from './admin-input';
import { couponCap, couponChangeBody, couponCode, couponTerms, instant } from './coupon-input';
import { EventAdminService } from './event-admin.service';
import { SeatPlanChangeService } from './seat-plan-change.service';

const descriptions = z.object({
  he: plainText(4000).default(''),
  en: plainText(4000).default(''),
  ru: plainText(4000).default(''),
  ar: plainText(4000).default(''),
});

const categoryId = z
  .number()
  .int()
  .refine((id) => id in FEATURE_CATEGORIES, 'must be one of the categories the storefront knows')
  .transform((id) => id as FeatureCategoryId);

const featureFields = z.object({
  name: names,
  description: descriptions,
  categoryId,
  durationMinutes: z.number().int().min(1).max(1440),
  ageLimit: z.number().int().min(0).max(21).nullable().default(null),
});
const createFeatureBody = featureFields.extend({ businessId: dbId });
const updateFeatureBody = featureFields.extend({ revision });

const dateKey = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date 'YYYY-MM-DD'");
const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a time 'HH:MM'");
const agorot = z.number().int().min(0).max(10_000_000);
/** Seats one ticket covers (a couple ticket: 2); the pricing pipeline charges it on the first seat of each unit. */
const multiplyFactor = z.number().int().min(1).max(10).default(1);
const plainTicketFields = { name: names, priceAgorot: agorot, serviceChargeAgorot: agorot.default(0), multiplyFactor };
const ticketFields = {
  ...plainTicketFields,
  cap: couponCap.nullable().default(null),
  terms: couponTerms.nullable().default(null),
};
/** A member price in a draft's whole price set: written with the code MEMBER (docs/memberships.md). */
const memberUnits = z.number().int().min(1).max(10).nullable().default(null);
const ticketPrice = z
  .object({ ...ticketFields, code: couponCode.nullable().default(null), memberUnits })
  .refine((t) => t.memberUnits === null || (t.code === null && t.cap === null && t.terms === null), {
    message: 'a member price has no code, cap or terms of its own',
    path: ['memberUnits'],
  })
  .refine((t) => t.memberUnits === null || t.multiplyFactor === 1, {
    message: 'a member price covers one seat (its units are drawn per seat)',
    path: ['multiplyFactor'],
  })
  .refine((t) => t.cap === null || t.code !== null, {
    message: 'a cap needs a code (it limits a coupon)',
    path: ['cap'],
  })
  .refine((t) => t.terms === null || t.code !== null, {
    message: "terms need a code (they are a coupon's)",
    path: ['terms'],
  });
/** POST /api/admin/presentations/:id/coupons: one more coupon on a zone the date prices. */
const couponBody = z.object({
  revision,
  zoneId: dbId,
  coupon: z.object({ ...ticketFields, code: couponCode }),
});
/** POST /api/admin/presentations/:id/tickets: one more ticket without a code (e.g. a couple ticket) on a priced zone. */
const ticketBody = z.object({ revision, zoneId: dbId, ticket: z.object(plainTicketFields) });
const couponParams = z.object({ id: idString, ticketId: idString });
/** PUT /api/admin/presentations/:id/settings: the waiver and the buyer's cancellation policy, each whole or null. */
const settingsBody = z.object({
  revision,
  waiver: z
    .object({
      terms: z.object({ he: plainText(4000).pipe(z.string().min(1)), en: plainText(4000).pipe(z.string().min(1)) }),
    })
    .nullable(),
  cancellation: z
    .object({
      customerMayCancel: z.boolean(),
      minMinutesBeforeEvent: z.number().int().min(0).max(525_600),
      maxDaysAfterPurchase: z.number().int().min(0).max(3650).nullable(),
      chargeType: z.enum(CANCELLATION_CHARGE_TYPES),
      chargeValue: z.number().min(0).max(10_000_000),
    })
    .refine((c) => !c.chargeType.startsWith('percent') || c.chargeValue <= 100, {
      message: 'a percentage is at most 100',
      path: ['chargeValue'],
    })
    .refine((c) => c.chargeType.startsWith('percent') || Number.isInteger(c.chargeValue), {
      message: 'an amount is whole agorot',
      path: ['chargeValue'],
    })
    .refine((c) => c.chargeType !== 'none' || c.chargeValue === 0, {
      message: 'no charge has no value',
      path: ['chargeValue'],
    })
    .nullable(),
});

/** PUT /api/admin/presentations/:id/sale-window: when the public may buy the date; null: no limit on that side. */
const saleWindowBody = z
  .object({ revision, opensAt: instant.nullable(), closesAt: instant.nullable() })
  .refine((w) => !w.opensAt || !w.closesAt || Date.parse(w.closesAt) > Date.parse(w.opensAt), {
    message: 'must close after it opens',
    path: ['closesAt'],
  });

/** PUT /api/admin/presentations/:id/watching: the hall (null) or one of the online kinds. */
const watchingBody = z.object({ revision, videoOnDemand: z.enum(VIDEO_ON_DEMAND_KINDS).nullable() });

/**
 * PUT /api/admin/presentations/:id/hold-policy: may hold orders take the date, who may place them (left out: as it
 * was), released when, living how long.
 */
const minutesIn = (b: { min: number; max: number }) => z.number().int().min(b.min).max(b.max);
const holdPolicyBody = z.object({
  revision,
  allowed: z.boolean(),
  holders: z.enum(HOLD_HOLDERS).optional(),
  releaseMinutesBeforeStart: minutesIn(HOLD_POLICY_BOUNDS.releaseMinutesBeforeStart),
  maxHoldMinutes: minutesIn(HOLD_POLICY_BOUNDS.maxHoldMinutes).nullable(),
});
/** PUT /api/admin/presentations/:id/rotating-code: the doors take only the code that changes every 15 s, or not. */
const rotatingCodeBody = z.object({ revision, rotatingCode: z.boolean() });

/** PUT /api/admin/presentations/:id/channel-allocations: seats per sales channel, each channel at most once. */
const channelAllocationsBody = z.object({
  revision,
  allocations: z
    .array(z.object({ channel: z.enum(COUPON_CHANNELS), seats: z.number().int().min(0).max(CHANNEL_QUOTA_MAX) }))
    .max(COUPON_CHANNELS.length)
    .refine((a) => new Set(a.map((x) => x.channel)).size === a.length, 'each channel at most once'),
});

/** PUT /api/admin/presentations/:id/set-aside-seats: one allocation's named seats until a release instant, each once. */
const seatPlace = z.object({ sectionId: dbId, x: z.number().int().min(0), y: z.number().int().min(0) });
const setAsideBody = z.object({
  revision,
  allocationId: dbId,
  releaseAt: instant.nullable(),
  seats: z
    .array(seatPlace)
    .max(SET_ASIDE_MAX_SEATS)
    .refine(
      (seats) => new Set(seats.map((s) => `${s.sectionId}:${s.x}:${s.y}`)).size === seats.length,
      'each seat at most once',
    ),
});

/** PUT /api/admin/presentations/:id/member-prices: a member's price per zone and the units each ticket draws. */
const memberPricesBody = z.object({
  revision,
  zones: z
    .array(z.object({ zoneId: dbId, priceAgorot: agorot, units: z.number().int().min(1).max(10).default(1) }))
    .min(1)
    .max(200),
});
const prices = z
  .array(z.object({ zoneId: dbId, tickets: z.array(ticketPrice).max(20) }))
  .max(200)
  .superRefine((zones, ctx) => {
    // One code names one coupon on a date (a buyer types the code, not the zone).
    const seen = new Set<string>();
    zones.forEach((zone, z) =>
      zone.tickets.forEach((t, i) => {
        if (t.code === null) return;
        if (seen.has(t.code))
          ctx.addIssue({ code: 'custom', message: 'the same code twice on one date', path: [z, 'tickets', i, 'code'] });
        seen.add(t.code);
      }),
    );
  });
const maxSeatsPerOrder = z.number().int().min(1).max(50);

const seriesBody = z.object({
  featureId: dbId,
  seatPlanId: dbId,
  firstDate: dateKey,
  time: timeOfDay,
  everyDays: z.number().int().min(1).max(28).default(7),
  count: z.number().int().min(1).max(60).default(1),
  maxSeatsPerOrder: maxSeatsPerOrder.default(10),
  prices,
  videoOnDemand: z.enum(VIDEO_ON_DEMAND_KINDS).nullable().default(null),
});
const updatePresentationBody = z.object({ revision, date: dateKey, time: timeOfDay, maxSeatsPerOrder, prices });

const priceChangeBody = z.object({
  revision,
  tickets: z
    .array(z.object({ ticketId: dbId, priceAgorot: agorot, serviceChargeAgorot: agorot.default(0) }))
    .min(1)
    .max(500),
});
const moveBody = z.object({ revision, date: dateKey, time: timeOfDay });
const seatPlanBody = z.object({ revision, seatPlanId: dbId });
const cancelBody = z.object({ revision, reason: plainText(500).default('') });

const idParams = z.object({ id: idString });
/** A page cursor as the list gives it: the last date's start (microseconds since 1970) and id, "1767225600000000-42". */
const cursor = z
  .string()
  .regex(/^\d{1,17}-\d{1,9}$/, "must be a list's 'next' value")
  .transform((c) => {
    const [startsUs, id] = c.split('-');
    return { startsUs: startsUs!, id: Number(id) };
  });
const listQuery = z.object({
  featureId: idString.optional(),
  after: cursor.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});
const publishBody = z.object({ revision });

/**
 * Events and their dates, for staff with the catalogue permission (291), within their businesses
 * (docs/catalogue-admin.md): an event named in four languages; its dates created as drafts one or a series at a
 * time on a published seat-plan version, priced per zone, and published when ready; edits name their revision.
 */
@ApiTags('catalogue administration')
@Controller('admin')
@StaffOnly(BACK_OFFICE_PERMISSION.catalogue)
export class EventAdminController {
  constructor(
    private readonly events: EventAdminService,
    private readonly seatPlans: SeatPlanChangeService,
  ) {}

  @Get('features')
  @RateLimit(RATE_LIMITS.catalogueAdmin)
  @ApiOperation({ summary: 'The events of your businesses' })
  async features(@CurrentStaff() staff: StaffIdentity): Promise<AdminFeatureListResponse> {
    return { features: await this.events.listFeatures(staff) };
  }

  @Post('features')
  @RateLimit(RATE_LIMITS.catalogueAdmin)
  @ApiOperation({ summary: 'Creates an event, hidden from buyers until one of its dates is published' })
  createFeature(
    @CurrentStaff() staff: StaffIdentity,
    @ZodBody(createFeatureBody) body: z.infer<typeof createFeatureBody>,
  ): Promise<AdminFeature> {
    return this.events.createFeature(staff, body);
  }

  @Get('features/:id')
  @RateLimit(RATE_LIMITS.catalogueAdmin)
  @ApiOperation({ summary: 'One event' })
  feature(
    @CurrentStaff() staff: StaffIdentity,
    @ZodParams(idParams) p: z.infer<typeof idParams>,
  ): Promise<AdminFeature> {
    return this.events.feature(staff, p.id);
  }

  @Put('features/:id')
  @RateLimit(RATE_LIMITS.catalogueAdmin)
  @ApiOperation({
    summary: "Changes an event's names, description, category, duration and age limit (409 STALE_REVISION)",
  })
  updateFeature(
    @CurrentStaff() staff: StaffIdentity,
    @ZodParams(idParams) p: z.infer<typeof idParams>,
    @ZodBody(updateFeatureBody) body: z.infer<typeof updateFeatureBody>,
  ): Promise<AdminFeature> {
    const { revision: seen, ...fields } = body;
    return this.events.updateFeature(staff, p.id, seen, fields);
  }

  @Get('seat-plans/:id/zones')
  @RateLimit(RATE_LIMITS.catalogueAdmin)
  @ApiOperation({ summary: 'The zones of a seat-plan version, which a date prices' })
  async zones(
    @CurrentStaff() staff: StaffIdentity,
    @ZodParams(idParams) p: z.infer<typeof idParams>,
  ): Promise<AdminZoneListResponse> {
    return { zones: await this.events.zones(staff, p.id) };
  }

  @Get('presentations')
  @RateLimit(RATE_LIMITS.catalogueAdmin)
  @ApiOperation({
    summary: 'The dates of your businesses (of one event with featureId), drafts and published, a page at a time',
  })
  async presentations(
    @CurrentStaff() staff: StaffIdentity,
    @ZodQuery(listQuery) q: z.infer<typeof listQuery>,
  ): Promise<AdminPresentationListResponse> {
    const page = await this.events.listPresentations(staff, q);
    return {
      presentations: page.presentations,
      next: page.next ? `${page.next.startsUs}-${page.next.id}` : null,
    };
  }

  @Post('presentations')
  @RateLimit(RATE_LIMITS.catalogueAdmin)
  @ApiOperation({ summary: 'Creates one date or a series (count dates everyDays apart) as drafts, all or none' })
  async createSeries(
    @CurrentStaff() staff: StaffIdentity,
    @ZodBody(seriesBody) body: z.infer<typeof seriesBody>,
  ): Promise<AdminPresentationListResponse> {
    return { presentations: await this.events.createSeries(staff, body) };
  }

  @Get('presentations/:id')
  @RateLimit(RATE_LIMITS.catalogueAdmin)
  @ApiOperation({ summary: 'One date with its prices' })
  presentation(
    @CurrentStaff() staff: StaffIdentity,
    @ZodParams(idParams) p: z.infer<typeof idParams>,
  ): Promise<AdminPresentation> {
    return this.events.presentation(staff, p.id);
  }

  @Put('presentations/:id')
  @RateLimit(RATE_LIMITS.catalogueAdmin)
  @ApiOperation({
    summary: "Changes a draft's time, order limit and prices (409 PRESENTATION_PUBLISHED, STALE_REVISION)",
  })
  updatePresentation(
    @CurrentStaff() staff: StaffIdentity,
    @ZodParams(idParams) p: z.infer<typeof idParams>,
    @ZodBody(updatePresentationBody) body: z.infer<typeof updatePresentationBody>,
  ): Promise<AdminPresentation> {
    return this.events.updatePresentation(staff, p.id, body);
  }

  @Put('presentations/:id/prices')
  @RateLimit(RATE_LIMITS.catalogueAdmin)
  @ApiOperation({
    summary:
      "New prices for a date's tickets, draft or published: sold tickets keep what was paid, so they apply to new sales",
  })
  changePrices(
    @CurrentStaff() staff: StaffIdentity,
    @ZodParams(idParams) p: z.infer<typeof idParams>,
    @ZodBody(priceChangeBody) body: z.infer<typeof priceChangeBody>,
  ): Promise<AdminPresentation> {
    return this.events.changePrices(staff, p.id, body);
  }

  @Post('presentations/:id/coupons')
  @RateLimit(RATE_LIMITS.catalogueAdmin)
  @ApiOperation({
    summary: 'One more coupon on a zone the date prices, draft or on sale (409 COUPON_CODE_TAKEN, STALE_REVISION)',
  })
  addCoupon(
    @CurrentStaff() staff: StaffIdentity,
    @ZodParams(idParams) p: z.infer<typeof idParams>,
    @ZodBody(couponBody) body: z.infer<typeof couponBody>,
  ): Promise<AdminPresentation> {
    return this.events.addCoupon(staff, p.id, body);
  }

  @Post('presentations/:id/tickets')
  @RateLimit(RATE_LIMITS.catalogueAdmin)
  @ApiOperation({
    summary:
      'One more ticket on a zone the date prices (a couple ticket: multiplyFactor 2), draft or on sale (409 STALE_REVISION)',
  })
  addTicket(
    @CurrentStaff() staff: StaffIdentity,
    @ZodParams(idParams) p: z.infer<typeof idParams>,
    @ZodBody(ticketBody) body: z.infer<typeof ticketBody>,
  ): Promise<AdminPresentation> {
    return this.events.addTicket(staff, p.id, body);
  }

  @Get('presentations/:id/settings')
  @RateLimit(RATE_LIMITS.catalogueAdmin)
  @ApiOperation({ summary: "A date's waiver and the buyer's cancellation policy, with the date" })
  settings(
    @CurrentStaff() staff: StaffIdentity,
    @ZodParams(idParams) p: z.infer<typeof idParams>,
  ): Promise<AdminDateSettingsResponse> {
    return this.events.settings(staff, p.id);
  }

  @Put('presentations/:id/settings')
  @RateLimit(RATE_LIMITS.catalogueAdmin)
  @ApiOperation({
    summary: "A date's waiver and the buyer's cancellation policy, each whole or null (409 STALE_REVISION)",
  })
  changeSettings(
    @CurrentStaff() staff: StaffIdentity,
    @ZodParams(idParams) p: z.infer<typeof idParams>,
    @ZodBody(settingsBody) body: z.infer<typeof settingsBody>,
  ): Promise<AdminDateSettingsResponse> {
    return this.events.changeSettings(staff, p.id, body);
  }

  @Put('presentations/:id/sale-window')
  @RateLimit(RATE_LIMITS.catalogueAdmin)
  @ApiOperation({
    summary:
      "A date's sale window (opens at / closes at, null: no limit): outside it the public may not buy, the box office may",
  })
  changeSaleWindow(
    @CurrentStaff() staff: StaffIdentity,
    @ZodParams(idParams) p: z.infer<typeof idParams>,
    @ZodBody(saleWindowBody) body: z.infer<typeof saleWindowBody>,
  ): Promise<AdminPresentation> {
    return this.events.changeSaleWindow(staff, p.id, body);
  }

  @Put('presentations/:id/watching')
  @RateLimit(RATE_LIMITS.catalogueAdmin)
  @ApiOperation({
    summary:
      'A date between the hall and online after it was created; refused once a ticket is sold or held (409) and online on numbered seats (422)',
  })
  changeWatching(
    @CurrentStaff() staff: StaffIdentity,
    @ZodParams(idParams) p: z.infer<typeof idParams>,
    @ZodBody(watchingBody) body: z.infer<typeof watchingBody>,
  ): Promise<AdminPresentation> {
    return this.events.changeWatching(staff, p.id, body);
  }

  @Put('presentations/:id/hold-policy')
  @RateLimit(RATE_LIMITS.catalogueAdmin)
  @ApiOperation({
    summary:
      "A date's hold policy (allowed, who may hold, released how many minutes before the start, longest life); holds placed from now on",
  })
  changeHoldPolicy(
    @CurrentStaff() staff: StaffIdentity,
    @ZodParams(idParams) p: z.infer<typeof idParams>,
    @ZodBody(holdPolicyBody) body: z.infer<typeof holdPolicyBody>,
  ): Promise<AdminPresentation> {
    return this.events.changeHoldPolicy(staff, p.id, body);
  }
  @Put('presentations/:id/rotating-code')
  @RateLimit(RATE_LIMITS.catalogueAdmin)
  @ApiOperation({
    summary:
      "A date's rotating door code on or off (409 ROTATING_CODE_LOCKED once its doors have opened or a ticket was scanned)",
  })
  changeRotatingCode(
    @CurrentStaff() staff: StaffIdentity,
    @ZodParams(idParams) p: z.infer<typeof idParams>,
    @ZodBody(rotatingCodeBody) body: z.infer<typeof rotatingCodeBody>,
  ): Promise<AdminPresentation> {
    return this.events.changeRotatingCode(staff, p.id, body);
  }

  @Put('presentations/:id/channel-allocations')
  @RateLimit(RATE_LIMITS.catalogueAdmin)
  @ApiOperation({
    summary:
      "A date's channel allocations: at most so many seats sold through the storefront, the box office, mini-sites, partner links",
  })
  changeChannelAllocations(
    @CurrentStaff() staff: StaffIdentity,
    @ZodParams(idParams) p: z.infer<typeof idParams>,
    @ZodBody(channelAllocationsBody) body: z.infer<typeof channelAllocationsBody>,
  ): Promise<AdminPresentation> {
    return this.events.changeChannelAllocations(staff, p.id, body);
  }

  @Get('presentations/:id/set-aside-seats')
  @RateLimit(RATE_LIMITS.catalogueAdmin)
  @ApiOperation({ summary: "A date's named seats set aside for mini-sites and the live domain, with their release" })
  setAsideSeats(
    @CurrentStaff() staff: StaffIdentity,
    @ZodParams(idParams) p: z.infer<typeof idParams>,
  ): Promise<AdminSetAsideSeats> {
    return this.events.setAsideSeats(staff, p.id);
  }

  @Put('presentations/:id/set-aside-seats')
  @RateLimit(RATE_LIMITS.catalogueAdmin)
  @ApiOperation({
    summary:
      "An allocation's named seats on a date, kept off the public until a release instant (replaces the allocation's)",
  })
  changeSetAside(
    @CurrentStaff() staff: StaffIdentity,
    @ZodParams(idParams) p: z.infer<typeof idParams>,
    @ZodBody(setAsideBody) body: z.infer<typeof setAsideBody>,
  ): Promise<AdminPresentation> {
    return this.events.changeSetAside(staff, p.id, body);
  }

  @Put('presentations/:id/member-prices')
  @RateLimit(RATE_LIMITS.catalogueAdmin)
  @ApiOperation({
    summary:
      'The price a member pays per zone, added or changed on a draft or a date on sale (sold tickets keep theirs)',
  })
  setMemberPrices(
    @CurrentStaff() staff: StaffIdentity,
    @ZodParams(idParams) p: z.infer<typeof idParams>,
    @ZodBody(memberPricesBody) body: z.infer<typeof memberPricesBody>,
  ): Promise<AdminPresentation> {
    return this.events.setMemberPrices(staff, p.id, body);
  }

  @Put('presentations/:id/coupons/:ticketId')
  @RateLimit(RATE_LIMITS.catalogueAdmin)
  @ApiOperation({
    summary: "A coupon's cap and terms: on or off, from and until, channels, seats per order (its code and price stay)",
  })
  changeCoupon(
    @CurrentStaff() staff: StaffIdentity,
    @ZodParams(couponParams) p: z.infer<typeof couponParams>,
    @ZodBody(couponChangeBody) body: z.infer<typeof couponChangeBody>,
  ): Promise<AdminPresentation> {
    return this.events.changeCoupon(staff, p.id, p.ticketId, body);
  }

  @Post('presentations/:id/move')
  @HttpCode(200)
  @RateLimit(RATE_LIMITS.catalogueAdmin)
  @ApiOperation({ summary: 'Moves a date to a new date and time; every order for it is sent the new time (outbox)' })
  move(
    @CurrentStaff() staff: StaffIdentity,
    @ZodParams(idParams) p: z.infer<typeof idParams>,
    @ZodBody(moveBody) body: z.infer<typeof moveBody>,
  ): Promise<AdminPresentationMoved> {
    return this.events.move(staff, p.id, body);
  }

  @Post('presentations/:id/seat-plan')
  @HttpCode(200)
  @RateLimit(RATE_LIMITS.catalogueAdmin)
  @ApiOperation({
    summary:
      'Moves a date (draft or on sale) to another published version of its plan: refused (409 SEAT_PLAN_SEATS_MISSING, listing them) while a place sold, held or in a cart is not in it',
  })
  changeSeatPlan(
    @CurrentStaff() staff: StaffIdentity,
    @ZodParams(idParams) p: z.infer<typeof idParams>,
    @ZodBody(seatPlanBody) body: z.infer<typeof seatPlanBody>,
  ): Promise<AdminPresentation> {
    return this.seatPlans.changeSeatPlan(staff, p.id, body);
  }

  @Post('presentations/:id/cancel')
  @HttpCode(202)
  @RateLimit(RATE_LIMITS.catalogueAdmin)
  @ApiOperation({
    summary: 'Cancels a date: off sale now; a job cancels every order for it, refunds it in full and tells the buyer',
  })
  cancel(
    @CurrentStaff() staff: StaffIdentity,
    @ZodParams(idParams) p: z.infer<typeof idParams>,
    @ZodBody(cancelBody) body: z.infer<typeof cancelBody>,
  ): Promise<AdminPresentation> {
    return this.events.cancel(staff, p.id, body);
  }

  @Post('presentations/:id/publish')
  @HttpCode(200)
  @RateLimit(RATE_LIMITS.catalogueAdmin)
  @ApiOperation({ summary: 'Puts a draft on sale once it starts in the future and every zone with places has a price' })
  publish(
    @CurrentStaff() staff: StaffIdentity,
    @ZodParams(idParams) p: z.infer<typeof idParams>,
    @ZodBody(publishBody) body: z.infer<typeof publishBody>,
  ): Promise<AdminPresentation> {
    return this.events.publish(staff, p.id, body.revision);
  }
}

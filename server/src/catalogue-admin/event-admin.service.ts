import { Injectable } from '@nestjs/common';
import {
  dateSeries,
  firstScheduleOverlap,
  jerusalemDateKey,
  jerusalemTimeOfDay,
  jerusalemWallClockToUtc,
  presentationReadiness,
  venueTypeOfWatching,
  watchingChange,
  type AdminCouponChange,
  type AdminDateSettingsChange,
  type AdminDateSettingsResponse,
  type AdminMemberPrices,
  type AdminCouponInput,
  type AdminTicketInput,
  type AdminFeature,
  type AdminFeatureInput,
  type AdminPresentation,
  type AdminPriceChange,
  type AdminPresentationSeriesInput,
  type AdminPresentationUpdate,
  type AdminPresentationMove,
  type AdminPresentationCancel,
  type AdminPresentationMoved,
  type AdminSaleWindowChange,
  type AdminHoldPolicyChange,
  type AdminChannelAllocationsChange,
  type AdminSetAsideChange,
  type AdminSetAsideSeats,
  type AdminWatchingChange,
  type AdminRotatingCodeChange,
  type AdminZone,
  type AdminZonePrices,
  type ScheduledRun,
  type SeriesDate,
} from '@hotline/shared';
import { AuditLogRepository, type StaffIdentity } from '../backoffice';
import { AppError } from '../common/app-error';
import { auditChange, requireBusinessScope } from './admin-scope';
import { Clock } from '../common/clock';
import { PresentationNotReadyError, SetAsideSeatsError, StaleRevisionError } from './catalogue-admin.errors';
import { EventAdminRepository, type PresentationCursor } from './event-admin.repository';
import { EventCancellationJob } from './event-cancellation.job';
import { EventCancellationRepository } from './event-cancellation.repository';

/**
 * Events and their dates for staff with the catalogue permission (291), within their businesses: dates are created
 * as drafts (one or a series), priced per zone of a published seat-plan version, and published when ready; every
 * change audited with who, what and the state before and after.
 */
@Injectable()
export class EventAdminService {
  constructor(
    private readonly events: EventAdminRepository,
    private readonly audit: AuditLogRepository,
    private readonly clock: Clock,
    private readonly cancellationJob: EventCancellationJob,
    private readonly cancellations: EventCancellationRepository,
  ) {}

  listFeatures(staff: StaffIdentity): Promise<AdminFeature[]> {
    return this.events.listFeatures(staff.businessIds);
  }

  async feature(staff: StaffIdentity, id: number): Promise<AdminFeature> {
    const feature = await this.events.feature(id);
    if (!feature) throw new AppError('FEATURE_NOT_FOUND');
    requireBusinessScope(staff, feature.businessId);
    return feature;
  }

  async createFeature(staff: StaffIdentity, input: AdminFeatureInput): Promise<AdminFeature> {
    requireBusinessScope(staff, input.businessId);
    const id = await this.events.createFeature(input);
    const after = (await this.events.feature(id))!;
    await this.audited(staff, 'feature-create', after.businessId, `feature:${id}`, { after });
    return after;
  }

  async updateFeature(
    staff: StaffIdentity,
    id: number,
    revision: number,
    input: Omit<AdminFeatureInput, 'businessId'>,
  ): Promise<AdminFeature> {
    const before = await this.feature(staff, id);
    if (!(await this.events.updateFeature(id, revision, input)))
      throw new StaleRevisionError(await this.feature(staff, id));
    const after = (await this.events.feature(id))!;
    await this.audited(staff, 'feature-update', after.businessId, `feature:${id}`, { before, after });
    return after;
  }

  async zones(staff: StaffIdentity, seatPlanId: number): Promise<AdminZone[]> {
    await this.seatPlan(staff, seatPlanId);
    return this.events.zones(seatPlanId);
  }

  /** A page of dates of the staff member's businesses (of one event with `featureId`), in start order. */
  listPresentations(
    staff: StaffIdentity,
    page: { featureId?: number; after?: PresentationCursor; limit: number },
  ): Promise<{ presentations: AdminPresentation[]; next: PresentationCursor | null }> {
    return this.events.listPresentations(staff.businessIds, page);
  }

  async presentation(staff: StaffIdentity, id: number): Promise<AdminPresentation> {
    return (await this.presentationRef(staff, id)).presentation;
  }

  /** One date or a series, as drafts, all or none. */
  async createSeries(staff: StaffIdentity, input: AdminPresentationSeriesInput): Promise<AdminPresentation[]> {
    const feature = await this.feature(staff, input.featureId);
    const plan = await this.seatPlan(staff, input.seatPlanId);
    if (!plan.published) throw new AppError('SEAT_PLAN_DRAFT');
    await this.checkZones(input.seatPlanId, input.prices);
    const dates = seriesOf(input);
    const past = dates.find((d) => d.startsAt.getTime() <= this.clock.nowMs());
    if (past) throw new AppError('DATE_IN_PAST', { date: past.dateKey, time: past.time });
    const online = input.videoOnDemand ?? null;
    // An online date is a place in a virtual hall: general admission only, and watched at home (no overlaps).
    if (online && plan.reserved) throw new AppError('VOD_NEEDS_GENERAL_ADMISSION');
    const runs = dates.map((d) => ({ startsAt: d.startsAt, durationMinutes: feature.durationMinutes }));
    const overlap = overlapCheck(runs);
    const ids = await this.events.createSeries(
      plan.venueId,
      dates,
      { ...input, venueTypeId: venueTypeOfWatching(online) },
      online ? () => false : overlap.check,
    );
    if (ids === 'overlap') throw overlap.error();
    const mine = await this.events.presentationsByIds(ids);
    await this.audited(staff, 'presentation-create', plan.businessId, `feature:${feature.id}`, {
      after: { presentationIds: ids, ...input },
    });
    return mine;
  }

  /** A draft's time, order limit and prices. */
  async updatePresentation(
    staff: StaffIdentity,
    id: number,
    change: AdminPresentationUpdate,
  ): Promise<AdminPresentation> {
    const { presentation: before, durationMinutes } = await this.presentationRef(staff, id);
    if (before.status === 'published') throw new AppError('PRESENTATION_PUBLISHED');
    await this.checkZones(before.seatPlanId, change.prices);
    const startsAt = wallClock(change.date, change.time);
    if (startsAt.getTime() <= this.clock.nowMs())
      throw new AppError('DATE_IN_PAST', { date: change.date, time: change.time });
    const overlap = overlapCheck([{ startsAt, durationMinutes }]);
    const outcome = await this.events.updateDraft(
      id,
      before.venueId,
      change.revision,
      { ...change, startsAt },
      overlap.check,
    );
    if (outcome === 'published') throw new AppError('PRESENTATION_PUBLISHED');
    if (outcome === 'cancelled') throw new AppError('PRESENTATION_CANCELLED');
    if (outcome === 'stale') throw new StaleRevisionError(await this.presentation(staff, id));
    if (outcome === 'overlap') throw overlap.error();
    const after = await this.presentation(staff, id);
    await this.audited(staff, 'presentation-update', after.businessId, `presentation:${id}`, { before, after });
    return after;
  }

  /** New prices for a date's tickets; on a published date they apply to new sales only (see AdminPriceChange). */
  async changePrices(staff: StaffIdentity, id: number, change: AdminPriceChange): Promise<AdminPresentation> {
    const { presentation: before } = await this.presentationRef(staff, id);
    const result = await this.events.changePrices(id, change.revision, change.tickets);
    if (result.outcome === 'cancelled') throw new AppError('PRESENTATION_CANCELLED');
    if (result.outcome === 'stale') throw new StaleRevisionError(await this.presentation(staff, id));
    if (result.outcome === 'unknown') throw new AppError('TICKET_NOT_OF_DATE', { ticketId: result.ticketId });
    const after = await this.presentation(staff, id);
    await this.audited(staff, 'presentation-prices', after.businessId, `presentation:${id}`, {
      before: before.prices,
      after: after.prices,
    });
    return after;
  }

  /** One more coupon on a zone the date prices, draft or on sale (a new ticket: no sale refers to it yet). */
  async addCoupon(staff: StaffIdentity, id: number, input: AdminCouponInput): Promise<AdminPresentation> {
    const { presentation: before } = await this.presentationRef(staff, id);
    const outcome = await this.events.addTicket(id, input.revision, input.zoneId, input.coupon);
    if (outcome === 'cancelled') throw new AppError('PRESENTATION_CANCELLED');
    if (outcome === 'stale') throw new StaleRevisionError(await this.presentation(staff, id));
    if (outcome === 'unpriced') throw new AppError('ZONE_NOT_PRICED', { zoneId: input.zoneId });
    if (outcome === 'taken') throw new AppError('COUPON_CODE_TAKEN', { code: input.coupon.code });
    const after = await this.presentation(staff, id);
    await this.audited(staff, 'coupon-create', after.businessId, `presentation:${id}`, {
      zoneId: input.zoneId,
      coupon: input.coupon,
      revisionBefore: before.revision,
    });
    return after;
  }

  /** One more ticket without a code on a zone the date prices, draft or on sale (no sale refers to it yet). */
  async addTicket(staff: StaffIdentity, id: number, input: AdminTicketInput): Promise<AdminPresentation> {
    const { presentation: before } = await this.presentationRef(staff, id);
    const outcome = await this.events.addTicket(id, input.revision, input.zoneId, input.ticket);
    if (outcome === 'cancelled') throw new AppError('PRESENTATION_CANCELLED');
    if (outcome === 'stale') throw new StaleRevisionError(await this.presentation(staff, id));
    if (outcome === 'unpriced') throw new AppError('ZONE_NOT_PRICED', { zoneId: input.zoneId });
    const after = await this.presentation(staff, id);
    await this.audited(staff, 'ticket-create', after.businessId, `presentation:${id}`, {
      zoneId: input.zoneId,
      ticket: input.ticket,
      revisionBefore: before.revision,
    });
    return after;
  }

  /** A date's waiver and the buyer's cancellation policy, with the date (its revision for the next change). */
  async settings(staff: StaffIdentity, id: number): Promise<AdminDateSettingsResponse> {
    const presentation = await this.presentation(staff, id);
    return { presentation, settings: await this.events.settings(id) };
  }

  /** A date's waiver and cancellation policy, written whole (draft or on sale; they apply to orders from now on). */
  async changeSettings(
    staff: StaffIdentity,
    id: number,
    change: AdminDateSettingsChange,
  ): Promise<AdminDateSettingsResponse> {
    await this.presentationRef(staff, id);
    const before = await this.events.settings(id);
    const { revision, ...settings } = change;
    const outcome = await this.events.changeSettings(id, revision, settings);
    if (outcome === 'cancelled') throw new AppError('PRESENTATION_CANCELLED');
    if (outcome === 'stale') throw new StaleRevisionError(await this.settings(staff, id));
    const after = await this.settings(staff, id);
    await this.audited(staff, 'presentation-settings', after.presentation.businessId, `presentation:${id}`, {
      before,
      after: after.settings,
    });
    return after;
  }

  /** A date's sale window, draft or on sale: every node's seat engine learns it within 5 s (its layout's flags). */
  async changeSaleWindow(staff: StaffIdentity, id: number, change: AdminSaleWindowChange): Promise<AdminPresentation> {
    const { presentation: before } = await this.presentationRef(staff, id);
    const outcome = await this.events.changeSaleWindow(id, change.revision, change);
    if (outcome === 'cancelled') throw new AppError('PRESENTATION_CANCELLED');
    if (outcome === 'stale') throw new StaleRevisionError(await this.presentation(staff, id));
    const after = await this.presentation(staff, id);
    await this.audited(staff, 'presentation-sale-window', after.businessId, `presentation:${id}`, {
      before: { opensAt: before.salesOpenAt, closesAt: before.salesCloseAt },
      after: { opensAt: after.salesOpenAt, closesAt: after.salesCloseAt },
    });
    return after;
  }

  /**
   * A date between the hall and online after it was created (shared watchingChange): refused once any ticket of it is
   * live, online only on a plan without numbered seats, into the hall only where it overlaps no other date.
   */
  async changeWatching(staff: StaffIdentity, id: number, change: AdminWatchingChange): Promise<AdminPresentation> {
    const { presentation: before, durationMinutes } = await this.presentationRef(staff, id);
    const plan = await this.seatPlan(staff, before.seatPlanId);
    const overlap = overlapCheck([{ startsAt: new Date(before.startsAt), durationMinutes }]);
    const outcome = await this.events.changeWatching(
      id,
      before.venueId,
      change.revision,
      venueTypeOfWatching(change.videoOnDemand),
      async (liveTickets, runs) => {
        const decided = watchingChange({
          from: before.videoOnDemand,
          to: change.videoOnDemand,
          liveTickets,
          planHasNumberedSeats: plan.reserved,
        });
        if (decided.refusal === 'WATCHING_CHANGE_AFTER_SALES')
          throw new AppError(decided.refusal, { count: liveTickets });
        if (decided.refusal) throw new AppError(decided.refusal);
        if (decided.checkOverlap && overlap.check(await runs())) throw overlap.error();
        return before.videoOnDemand === change.videoOnDemand ? 'unchanged' : 'go';
      },
    );
    if (outcome === 'cancelled') throw new AppError('PRESENTATION_CANCELLED');
    if (outcome === 'stale') throw new StaleRevisionError(await this.presentation(staff, id));
    const after = await this.presentation(staff, id);
    if (outcome === 'changed')
      await this.audited(staff, 'presentation-watching', after.businessId, `presentation:${id}`, {
        before: { videoOnDemand: before.videoOnDemand },
        after: { videoOnDemand: after.videoOnDemand },
      });
    return after;
  }

  /** A date's hold policy, draft or on sale: every node's commit applies it within 5 s (its layout's flags). */
  async changeHoldPolicy(staff: StaffIdentity, id: number, change: AdminHoldPolicyChange): Promise<AdminPresentation> {
    const { presentation: before } = await this.presentationRef(staff, id);
    const { revision, ...policy } = change;
    const outcome = await this.events.changeHoldPolicy(id, revision, policy);
    if (outcome === 'cancelled') throw new AppError('PRESENTATION_CANCELLED');
    if (outcome === 'stale') throw new StaleRevisionError(await this.presentation(staff, id));
    const after = await this.presentation(staff, id);
    await this.audited(staff, 'presentation-hold-policy', after.businessId, `presentation:${id}`, {
      before: before.holdPolicy,
      after: after.holdPolicy,
    });
    return after;
  }
  /**
   * The doors' rotating code on or off, only before the doors open and before any scan (docs/door-checkin.md, "The
   * rotating code"): e-ticket pages and scanners learn it at their next load.
   */
  async changeRotatingCode(
    staff: StaffIdentity,
    id: number,
    change: AdminRotatingCodeChange,
  ): Promise<AdminPresentation> {
    const { presentation: before } = await this.presentationRef(staff, id);
    const outcome = await this.events.changeRotatingCode(id, change.revision, change.rotatingCode, this.clock.now());
    if (outcome === 'cancelled') throw new AppError('PRESENTATION_CANCELLED');
    if (outcome === 'stale') throw new StaleRevisionError(await this.presentation(staff, id));
    if (outcome === 'locked') throw new AppError('ROTATING_CODE_LOCKED');
    const after = await this.presentation(staff, id);
    await this.audited(staff, 'presentation-rotating-code', after.businessId, `presentation:${id}`, {
      before: before.rotatingCode,
      after: after.rotatingCode,
    });
    return after;
  }

  /**
   * A date's channel quotas (docs/decisions/020), draft or on sale: every node's commit claims them within 5 s (its
   * layout's flags); sold tickets keep their seats whatever the new quota.
   */
  async changeChannelAllocations(
    staff: StaffIdentity,
    id: number,
    change: AdminChannelAllocationsChange,
  ): Promise<AdminPresentation> {
    const { presentation: before } = await this.presentationRef(staff, id);
    const outcome = await this.events.changeChannelAllocations(id, change.revision, change.allocations);
    if (outcome === 'cancelled') throw new AppError('PRESENTATION_CANCELLED');
    if (outcome === 'stale') throw new StaleRevisionError(await this.presentation(staff, id));
    const after = await this.presentation(staff, id);
    const quotas = (p: AdminPresentation) => p.channelAllocations.map(({ channel, seats }) => ({ channel, seats }));
    await this.audited(staff, 'presentation-channel-allocations', after.businessId, `presentation:${id}`, {
      before: quotas(before),
      after: quotas(after),
    });
    return after;
  }

  /** Every set-aside place of a date (the back office's seat picker starts from them). */
  async setAsideSeats(staff: StaffIdentity, id: number): Promise<AdminSetAsideSeats> {
    await this.presentationRef(staff, id);
    return { seats: await this.events.setAsideSeats(id) };
  }

  /**
   * An allocation's named seats set aside on a date until a release instant (docs/decisions/024); each node's lock,
   * map and commit learn them within 5 s (the date's revision changes, so its layout re-reads them).
   */
  async changeSetAside(staff: StaffIdentity, id: number, change: AdminSetAsideChange): Promise<AdminPresentation> {
    const { presentation: before } = await this.presentationRef(staff, id);
    const outcome = await this.events.changeSetAside(id, change.revision, {
      allocationId: change.allocationId,
      releaseAt: change.releaseAt === null ? null : new Date(change.releaseAt),
      seats: change.seats,
    });
    if (outcome === 'cancelled') throw new AppError('PRESENTATION_CANCELLED');
    if (outcome === 'stale') throw new StaleRevisionError(await this.presentation(staff, id));
    if (typeof outcome === 'object' && 'notInPlan' in outcome)
      throw new SetAsideSeatsError('SET_ASIDE_SEAT_NOT_IN_PLAN', outcome.notInPlan);
    if (typeof outcome === 'object') throw new SetAsideSeatsError('SET_ASIDE_SEATS_TAKEN', outcome.taken);
    const after = await this.presentation(staff, id);
    await this.audited(staff, 'presentation-set-aside', after.businessId, `presentation:${id}`, {
      before: before.setAside,
      after: after.setAside,
    });
    return after;
  }

  /** The price a member pays per zone (added, or its amount and units changed; sold tickets keep what was paid). */
  async setMemberPrices(staff: StaffIdentity, id: number, change: AdminMemberPrices): Promise<AdminPresentation> {
    const { presentation: before } = await this.presentationRef(staff, id);
    const seen = new Set<number>();
    for (const z of change.zones) {
      if (seen.has(z.zoneId)) throw new AppError('ZONE_NOT_IN_PLAN', { zoneId: z.zoneId });
      seen.add(z.zoneId);
    }
    const result = await this.events.setMemberPrices(id, change.revision, change.zones, MEMBER_PRICE_NAME);
    if (result.outcome === 'cancelled') throw new AppError('PRESENTATION_CANCELLED');
    if (result.outcome === 'stale') throw new StaleRevisionError(await this.presentation(staff, id));
    if (result.outcome === 'unpriced') throw new AppError('ZONE_NOT_PRICED', { zoneId: result.zoneId });
    const after = await this.presentation(staff, id);
    await this.audited(staff, 'presentation-member-prices', after.businessId, `presentation:${id}`, {
      before: memberPricesOf(before),
      after: memberPricesOf(after),
    });
    return after;
  }

  /** A coupon's cap and terms (its code and price stay: prices change with the date's prices). */
  async changeCoupon(
    staff: StaffIdentity,
    id: number,
    ticketId: number,
    change: AdminCouponChange,
  ): Promise<AdminPresentation> {
    const { presentation: before } = await this.presentationRef(staff, id);
    const outcome = await this.events.changeCoupon(id, change.revision, ticketId, change.cap, change.terms);
    if (outcome === 'cancelled') throw new AppError('PRESENTATION_CANCELLED');
    if (outcome === 'stale') throw new StaleRevisionError(await this.presentation(staff, id));
    if (outcome === 'unknown') throw new AppError('TICKET_NOT_OF_DATE', { ticketId });
    const after = await this.presentation(staff, id);
    await this.audited(staff, 'coupon-update', after.businessId, `presentation:${id}`, {
      before: couponOf(before, ticketId),
      after: couponOf(after, ticketId),
    });
    return after;
  }

  /** A date to a new Jerusalem date and time; every order for it is told the new time, in the same transaction. */
  async move(staff: StaffIdentity, id: number, change: AdminPresentationMove): Promise<AdminPresentationMoved> {
    const { presentation: before, durationMinutes } = await this.presentationRef(staff, id);
    const startsAt = wallClock(change.date, change.time);
    if (startsAt.getTime() <= this.clock.nowMs())
      throw new AppError('DATE_IN_PAST', { date: change.date, time: change.time });
    const overlap = overlapCheck([{ startsAt, durationMinutes }]);
    const outcome = await this.events.moveDate(id, before.venueId, change.revision, startsAt, overlap.check);
    if (outcome === 'cancelled') throw new AppError('PRESENTATION_CANCELLED');
    if (outcome === 'stale') throw new StaleRevisionError(await this.presentation(staff, id));
    if (outcome === 'overlap') throw overlap.error();
    const after = await this.presentation(staff, id);
    await this.audited(staff, 'presentation-move', after.businessId, `presentation:${id}`, {
      before,
      after,
      ordersTold: outcome.told,
    });
    return { presentation: after, ordersTold: outcome.told };
  }

  /** Puts a draft on sale (and its event in the storefront) once it starts in the future and every zone is priced. */
  async publish(staff: StaffIdentity, id: number, revision: number): Promise<AdminPresentation> {
    const { presentation: before } = await this.presentationRef(staff, id);
    const outcome = await this.events.publish(id, revision, async (current, tx) => {
      const zones = await this.events.zones(current.seatPlanId, tx);
      const problems = presentationReadiness({
        startsAt: new Date(current.startsAt),
        now: this.clock.now(),
        zones,
        // A coupon prices nobody who has no code: a zone needs a ticket anyone can buy.
        ticketsPerZone: new Map(current.prices.map((z) => [z.zoneId, z.tickets.filter((t) => !t.code).length])),
      });
      const names = new Map(zones.map((z) => [z.id, z.name]));
      if (problems.length > 0)
        throw new PresentationNotReadyError(problems, (zoneId, locale) => {
          const name = names.get(zoneId);
          return (locale === 'he' ? name?.he : name?.en) || String(zoneId);
        });
    });
    if (outcome === 'already') throw new AppError('PRESENTATION_PUBLISHED');
    if (outcome === 'cancelled') throw new AppError('PRESENTATION_CANCELLED');
    if (outcome === 'stale') throw new StaleRevisionError(await this.presentation(staff, id));
    const after = await this.presentation(staff, id);
    await this.audited(staff, 'presentation-publish', after.businessId, `presentation:${id}`, { before, after });
    return after;
  }

  /**
   * Takes a date off sale now and leaves its orders to the cancellation job (started at once for the first batch):
   * every order's tickets for it cancelled, their full value refunded, each buyer told. Nothing is deleted.
   */
  async cancel(staff: StaffIdentity, id: number, change: AdminPresentationCancel): Promise<AdminPresentation> {
    const { presentation: before } = await this.presentationRef(staff, id);
    const outcome = await this.cancellations.requestCancellation(id, change.revision, staff.userId, change.reason);
    if (outcome === 'already') throw new AppError('PRESENTATION_CANCELLED');
    if (outcome === 'stale') throw new StaleRevisionError(await this.presentation(staff, id));
    await this.audited(staff, 'presentation-cancel', before.businessId, `presentation:${id}`, {
      before,
      reason: change.reason,
    });
    // The first batch now, not at the job's next period; a failure is the job's to retry.
    void this.cancellationJob.runOnce().catch(() => undefined);
    return this.presentation(staff, id);
  }

  private async presentationRef(staff: StaffIdentity, id: number) {
    const ref = await this.events.presentation(id);
    if (!ref) throw new AppError('PRESENTATION_NOT_FOUND');
    requireBusinessScope(staff, ref.presentation.businessId);
    return ref;
  }

  private async seatPlan(staff: StaffIdentity, seatPlanId: number) {
    const plan = await this.events.seatPlanOwner(seatPlanId);
    if (!plan) throw new AppError('SEAT_PLAN_NOT_FOUND');
    requireBusinessScope(staff, plan.businessId);
    return plan;
  }

  /** Every priced zone is a zone of the plan, named once. */
  private async checkZones(seatPlanId: number, prices: AdminZonePrices[]): Promise<void> {
    const zones = new Set((await this.events.zones(seatPlanId)).map((z) => z.id));
    const seen = new Set<number>();
    for (const { zoneId } of prices) {
      if (!zones.has(zoneId) || seen.has(zoneId)) throw new AppError('ZONE_NOT_IN_PLAN', { zoneId });
      seen.add(zoneId);
    }
  }

  private audited(
    staff: StaffIdentity,
    action: string,
    businessId: number,
    subject: string,
    detail: Record<string, unknown>,
  ) {
    return auditChange(this.audit, staff, { action, businessId, subject, detail });
  }
}

/** A Jerusalem wall-clock date and time as an instant; a day the calendar does not have is refused. */
function wallClock(date: string, time: string): Date {
  try {
    return jerusalemWallClockToUtc(date, time);
  } catch {
    throw new AppError('DATE_NOT_REAL', { date });
  }
}

function seriesOf(input: AdminPresentationSeriesInput): SeriesDate[] {
  wallClock(input.firstDate, input.time);
  return dateSeries(input);
}

/** The overlap rule as the repository runs it under the venue's lock, and the refusal naming the pair found. */
function overlapCheck(runs: ScheduledRun[]) {
  let found: ReturnType<typeof firstScheduleOverlap> = null;
  const at = (d: Date) => ({ date: jerusalemDateKey(d), time: jerusalemTimeOfDay(d) });
  return {
    check: (existing: ScheduledRun[]) => (found = firstScheduleOverlap(runs, existing)) !== null,
    error: () => {
      const { added, other } = found!;
      const a = at(added.startsAt);
      const o = at(other.startsAt);
      return new AppError('SCHEDULE_OVERLAP', { ...a, otherDate: o.date, otherTime: o.time });
    },
  };
}

/** One coupon of a date as the audit log keeps it: its zone, code, cap, terms and uses. */
function couponOf(p: AdminPresentation, ticketId: number): Record<string, unknown> | null {
  for (const zone of p.prices)
    for (const t of zone.tickets) if (t.ticketId === ticketId) return { zoneId: zone.zoneId, ...t };
  return null;
}

/** A member price's ticket name (the demo's words): shown on the buyer's ticket and in reports. */
const MEMBER_PRICE_NAME = { he: 'מחיר מנוי', en: 'Member price', ru: 'Цена для членов клуба', ar: 'سعر الأعضاء' };

/** A date's member prices as the audit log keeps them: zone, amount, units. */
function memberPricesOf(p: AdminPresentation): Record<string, unknown>[] {
  return p.prices.flatMap((zone) =>
    zone.tickets
      .filter((t) => t.memberUnits)
      .map((t) => ({ zoneId: zone.zoneId, priceAgorot: t.priceAgorot, units: t.memberUnits })),
  );
}

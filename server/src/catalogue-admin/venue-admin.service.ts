import { Injectable } from '@nestjs/common';
import { type AdminSeatPlanSummary, type AdminVenue, type AdminVenueInput } from '@hotline/shared';
import {
  SeatmapValidationError,
  applySeatPlanPatch,
  isSeatPlanPatch,
  publishProblems,
  validateVenue,
  type VenueDocument,
} from '@hotline/seatmaps';
import { AuditLogRepository, type StaffIdentity } from '../backoffice';
import { AppError } from '../common/app-error';
import { ServerTiming } from '../common/server-timing';
import { auditChange, requireBusinessScope } from './admin-scope';
import { SeatPlanInvalidError, SeatPlanNotPublishableError, StaleRevisionError } from './catalogue-admin.errors';
import { VenueAdminRepository, type SeatPlanRef } from './venue-admin.repository';

/** The largest plan we take: the demo stadium has 100,000 seats; a plan many times that is a mistake or an attack. */
export const MAX_SEAT_PLAN_SEATS = 120_000;

/**
 * Seats in an uploaded document, counted without trusting its shape (before the validator walks it: a 300,000-seat
 * file is refused without spending a validation on it).
 */
export function countUploadedSeats(doc: unknown): number {
  const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
  const field = (v: unknown, k: string): unknown =>
    v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined;
  let seats = 0;
  for (const section of list(field(doc, 'sections')))
    for (const group of list(field(section, 'groups')))
      for (const row of list(field(group, 'rows'))) seats += list(field(row, 'seats')).length;
  return seats;
}

/**
 * Venues and seat-plan versions for staff with the catalogue permission (291), within their businesses; every change
 * audited with who, what and the state before and after.
 */
@Injectable()
export class VenueAdminService {
  constructor(
    private readonly venues: VenueAdminRepository,
    private readonly audit: AuditLogRepository,
  ) {}

  list(staff: StaffIdentity): Promise<AdminVenue[]> {
    return this.venues.listVenues(staff.businessIds);
  }

  async get(staff: StaffIdentity, id: number): Promise<AdminVenue> {
    const venue = await this.venues.venue(id);
    if (!venue) throw new AppError('VENUE_NOT_FOUND');
    requireBusinessScope(staff, venue.businessId);
    return venue;
  }

  async create(staff: StaffIdentity, input: AdminVenueInput): Promise<AdminVenue> {
    requireBusinessScope(staff, input.businessId);
    if (await this.venues.codeTaken(input.code)) throw new AppError('VENUE_CODE_TAKEN', { code: input.code });
    const id = await this.venues.createVenue(input);
    const venue = (await this.venues.venue(id))!;
    await this.audited(staff, 'venue-create', venue.businessId, `venue:${id}`, { after: summaryOf(venue) });
    return venue;
  }

  async update(
    staff: StaffIdentity,
    id: number,
    revision: number,
    input: Omit<AdminVenueInput, 'businessId' | 'code'>,
  ): Promise<AdminVenue> {
    const before = await this.get(staff, id);
    if (!(await this.venues.updateVenue(id, revision, input))) throw new StaleRevisionError(await this.get(staff, id));
    const after = (await this.venues.venue(id))!;
    await this.audited(staff, 'venue-update', after.businessId, `venue:${id}`, {
      before: summaryOf(before),
      after: summaryOf(after),
    });
    return after;
  }

  async seatPlan(staff: StaffIdentity, id: number): Promise<AdminSeatPlanSummary> {
    return (await this.planRef(staff, id)).plan;
  }

  private async planRef(staff: StaffIdentity, id: number): Promise<SeatPlanRef> {
    const ref = await this.venues.seatPlan(id);
    if (!ref) throw new AppError('SEAT_PLAN_NOT_FOUND');
    requireBusinessScope(staff, ref.businessId);
    return ref;
  }

  async seatPlanDocument(staff: StaffIdentity, id: number): Promise<VenueDocument | null> {
    await this.seatPlan(staff, id);
    return this.venues.seatPlanDocument(id);
  }

  /** An uploaded document becomes the next draft version of the venue's plan with its code. */
  async upload(
    staff: StaffIdentity,
    venueId: number,
    upload: unknown,
    timing = new ServerTiming(),
  ): Promise<AdminSeatPlanSummary> {
    const venue = await this.get(staff, venueId);
    if (isSeatPlanPatch(upload))
      throw new AppError('INVALID_BODY', { details: 'a new seat plan is sent whole, not as a patch' });
    const doc = timing.measure('validate', () => checkedDocument(upload));
    const id = await timing.measureAsync('write', () => this.venues.createDraft(venue.id, doc));
    const plan = (await this.venues.seatPlan(id))!.plan;
    await this.audited(staff, 'seat-plan-upload', venue.businessId, `seat-plan:${id}`, { after: plan });
    return plan;
  }

  /**
   * A draft's document replaced, if nobody changed it since `revision` and it is not published. The upload is the whole
   * document, or a patch of the document stored at `revision` (docs/seat-plan-designer.md, "Saving what changed"):
   * applied here and the result checked as a whole document is, so every refusal of a full save holds for it.
   */
  async replace(
    staff: StaffIdentity,
    id: number,
    revision: number,
    upload: unknown,
    timing = new ServerTiming(),
  ): Promise<AdminSeatPlanSummary> {
    const { plan: before, businessId } = await this.planRef(staff, id);
    if (before.status === 'published') throw new AppError('SEAT_PLAN_PUBLISHED');
    const whole = isSeatPlanPatch(upload) ? await this.patched(staff, id, revision, upload, timing) : upload;
    const doc = timing.measure('validate', () => checkedDocument(whole));
    const outcome = await timing.measureAsync('write', () => this.venues.replaceDraft(id, revision, doc));
    if (outcome === 'published') throw new AppError('SEAT_PLAN_PUBLISHED');
    if (outcome === 'stale') throw new StaleRevisionError(await this.seatPlan(staff, id));
    const after = await this.seatPlan(staff, id);
    await this.audited(staff, 'seat-plan-replace', businessId, `seat-plan:${id}`, { before, after });
    return after;
  }

  /**
   * The document a patch makes of the one stored at `revision` (not yet checked). A patch of another revision is the
   * usual 409 with the current version: the designer then has no base and sends its whole document.
   */
  private async patched(
    staff: StaffIdentity,
    id: number,
    revision: number,
    patch: unknown,
    timing: ServerTiming,
  ): Promise<unknown> {
    const stored = await timing.measureAsync('read', () => this.venues.revisionDocument(id));
    if (!stored || stored.revision !== revision) throw new StaleRevisionError(await this.seatPlan(staff, id));
    if (!stored.document)
      throw new AppError('INVALID_BODY', { details: 'this seat plan has no stored document to patch' });
    const applied = timing.measure('patch', () => applySeatPlanPatch(stored.document!, patch));
    if (applied.ok) return applied.document;
    const refusal = applied.refusal;
    throw new AppError('INVALID_BODY', {
      details:
        refusal.reason === 'unknownSection'
          ? `sections/${refusal.index}: the stored version has no section "${refusal.code}"`
          : refusal.detail,
    });
  }

  /**
   * A draft becomes the immutable published version, unless the designer's check finds anything left to fix (the
   * revision makes sure the document checked is the one published: a save in between makes it stale).
   */
  async publish(
    staff: StaffIdentity,
    id: number,
    revision: number,
    timing = new ServerTiming(),
  ): Promise<AdminSeatPlanSummary> {
    const { plan: before, businessId } = await this.planRef(staff, id);
    let doc: VenueDocument | null = null;
    if (before.status === 'draft' && before.revision === revision) {
      doc = await timing.measureAsync('read', () => this.venues.seatPlanDocument(id));
      const problems = timing.measure('validate', () => (doc ? publishProblems(doc) : []));
      if (problems.length > 0) throw new SeatPlanNotPublishableError(problems);
    }
    // The write makes the draft's seats from the document checked (a draft is kept as its document alone).
    const outcome = await timing.measureAsync('write', () => this.venues.publish(id, revision, doc));
    if (outcome === 'already') throw new AppError('SEAT_PLAN_PUBLISHED');
    if (outcome === 'stale') throw new StaleRevisionError(await this.seatPlan(staff, id));
    const after = await this.seatPlan(staff, id);
    await this.audited(staff, 'seat-plan-publish', businessId, `seat-plan:${id}`, { before, after });
    return after;
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

/** A venue as the audit log keeps it: its own fields, not its plans (each plan change has its own entry). */
function summaryOf(v: AdminVenue): Record<string, unknown> {
  const { seatPlans: _plans, ...own } = v;
  return own;
}

/** The seatmaps/ format's validator, its problems as SEAT_PLAN_INVALID (said per request language); the size cap first. */
function checkedDocument(upload: unknown): VenueDocument {
  const seats = countUploadedSeats(upload);
  if (seats > MAX_SEAT_PLAN_SEATS)
    throw new AppError('SEAT_PLAN_TOO_LARGE', { max: MAX_SEAT_PLAN_SEATS, count: seats });
  try {
    return validateVenue(upload, 'upload');
  } catch (error) {
    if (!(error instanceof SeatmapValidationError)) throw error;
    throw new SeatPlanInvalidError(error.issues);
  }
}

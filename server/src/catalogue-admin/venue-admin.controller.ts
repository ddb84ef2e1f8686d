import { Controller, Get, HttpCode, Post, Put, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  BACK_OFFICE_PERMISSION,
  type AdminSeatPlanSummary,
  type AdminVenue,
  type AdminVenueListResponse,
} from '@hotline/shared';
import type { VenueDocument } from '@hotline/seatmaps';
import { CurrentStaff, StaffOnly, type StaffIdentity } from '../backoffice';
import { AppError } from '../common/app-error';
import { dbId, idString, revision } from '../common/ids';
import { RATE_LIMITS, RateLimit } from '../common/rate-limit';
import { ServerTiming } from '../common/server-timing';
import { ZodBody, ZodParams, ZodQuery } from '../common/validation';
import { names, plainText, revisionQuery } from './admin-input';
import { uploadInflateMs, uploadParseMs } from './seat-plan-upload-parser';
import { VenueAdminService } from './venue-admin.service';

const venueKind = z.enum(['cinema', 'hall', 'stadium', 'arena']);

const venueFields = z.object({ name: names, address: plainText(200).default(''), kind: venueKind });

const createVenueBody = venueFields.extend({
  businessId: dbId,
  code: z.string().regex(/^[a-z0-9][a-z0-9-]{1,39}$/, 'must be 2 to 40 lower-case letters, digits or dashes'),
});

const updateVenueBody = venueFields.extend({ revision });

const idParams = z.object({ id: idString });
const publishBody = z.object({ revision });
/** The seatmaps/ format (seatmaps/schema/venue.schema.json); the service validates it fully. */
const seatPlanDocument = z.record(z.string(), z.unknown());

/**
 * Venues and their seat plans, for staff with the catalogue permission (291), within their businesses
 * (docs/catalogue-admin.md). A seat plan is uploaded as a file in the seatmaps/ format (up to 16 MB with the
 * content type `application/vnd.hotline.seat-plan+json`, up to 256 kB as plain JSON), becomes a draft version, and is
 * published when ready; edits name the revision they were made against.
 */
@ApiTags('catalogue administration')
@Controller('admin')
@StaffOnly(BACK_OFFICE_PERMISSION.catalogue)
export class VenueAdminController {
  constructor(private readonly venues: VenueAdminService) {}

  @Get('venues')
  @RateLimit(RATE_LIMITS.catalogueAdmin)
  @ApiOperation({ summary: 'The venues of your businesses, each with its seat-plan versions' })
  async list(@CurrentStaff() staff: StaffIdentity): Promise<AdminVenueListResponse> {
    return { venues: await this.venues.list(staff) };
  }

  @Post('venues')
  @RateLimit(RATE_LIMITS.catalogueAdmin)
  @ApiOperation({ summary: 'Creates a venue (in a location of its own, same code and names)' })
  create(
    @CurrentStaff() staff: StaffIdentity,
    @ZodBody(createVenueBody) body: z.infer<typeof createVenueBody>,
  ): Promise<AdminVenue> {
    return this.venues.create(staff, body);
  }

  @Get('venues/:id')
  @RateLimit(RATE_LIMITS.catalogueAdmin)
  @ApiOperation({ summary: 'One venue with its seat-plan versions' })
  venue(@CurrentStaff() staff: StaffIdentity, @ZodParams(idParams) p: z.infer<typeof idParams>): Promise<AdminVenue> {
    return this.venues.get(staff, p.id);
  }

  @Put('venues/:id')
  @RateLimit(RATE_LIMITS.catalogueAdmin)
  @ApiOperation({ summary: "Changes a venue's names, address and kind (409 STALE_REVISION with the current one)" })
  update(
    @CurrentStaff() staff: StaffIdentity,
    @ZodParams(idParams) p: z.infer<typeof idParams>,
    @ZodBody(updateVenueBody) body: z.infer<typeof updateVenueBody>,
  ): Promise<AdminVenue> {
    const { revision, ...fields } = body;
    return this.venues.update(staff, p.id, revision, fields);
  }

  @Post('venues/:id/seat-plans')
  @RateLimit(RATE_LIMITS.seatPlanUpload)
  @ApiOperation({ summary: 'Uploads a seat plan (seatmaps/ format) as the next draft version of its plan code' })
  async upload(
    @CurrentStaff() staff: StaffIdentity,
    @ZodParams(idParams) p: z.infer<typeof idParams>,
    @ZodBody(seatPlanDocument) document: Record<string, unknown>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AdminSeatPlanSummary> {
    const timing = uploadTiming(request);
    const plan = await this.venues.upload(staff, p.id, document, timing);
    reply.header('server-timing', timing.header());
    return plan;
  }

  @Get('seat-plans/:id')
  @RateLimit(RATE_LIMITS.catalogueAdmin)
  @ApiOperation({ summary: 'One seat-plan version' })
  seatPlan(
    @CurrentStaff() staff: StaffIdentity,
    @ZodParams(idParams) p: z.infer<typeof idParams>,
  ): Promise<AdminSeatPlanSummary> {
    return this.venues.seatPlan(staff, p.id);
  }

  @Get('seat-plans/:id/document')
  @RateLimit(RATE_LIMITS.catalogueAdmin)
  @ApiOperation({ summary: 'The document a seat-plan version was uploaded as (for the preview and the designer)' })
  async document(
    @CurrentStaff() staff: StaffIdentity,
    @ZodParams(idParams) p: z.infer<typeof idParams>,
  ): Promise<VenueDocument> {
    const document = await this.venues.seatPlanDocument(staff, p.id);
    // The demo's plans were loaded before versions kept their document.
    if (!document) throw new AppError('SEAT_PLAN_NOT_FOUND');
    return document;
  }

  @Put('seat-plans/:id')
  @RateLimit(RATE_LIMITS.seatPlanUpload)
  @ApiOperation({ summary: "Replaces a draft's document (409 SEAT_PLAN_PUBLISHED once published, STALE_REVISION)" })
  async replace(
    @CurrentStaff() staff: StaffIdentity,
    @ZodParams(idParams) p: z.infer<typeof idParams>,
    @ZodQuery(revisionQuery) q: z.infer<typeof revisionQuery>,
    @ZodBody(seatPlanDocument) document: Record<string, unknown>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AdminSeatPlanSummary> {
    const timing = uploadTiming(request);
    const plan = await this.venues.replace(staff, p.id, q.revision, document, timing);
    reply.header('server-timing', timing.header());
    return plan;
  }

  @Post('seat-plans/:id/publish')
  @HttpCode(200)
  @RateLimit(RATE_LIMITS.catalogueAdmin)
  @ApiOperation({
    summary:
      'Publishes a draft: from then on it never changes and presentations may sell it (422 SEAT_PLAN_NOT_PUBLISHABLE while the plan check finds problems)',
  })
  async publish(
    @CurrentStaff() staff: StaffIdentity,
    @ZodParams(idParams) p: z.infer<typeof idParams>,
    @ZodBody(publishBody) body: z.infer<typeof publishBody>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<AdminSeatPlanSummary> {
    const timing = new ServerTiming();
    const plan = await this.venues.publish(staff, p.id, body.revision, timing);
    reply.header('server-timing', timing.header());
    return plan;
  }
}

/**
 * A seat-plan save's Server-Timing: the upload inflated (when sent compressed) and its JSON parsed, then what the
 * service adds (the plan check, the write).
 * What a 100,000-seat save spends where, seen from the designer's network panel and the save bench.
 */
function uploadTiming(request: FastifyRequest): ServerTiming {
  const timing = new ServerTiming();
  const inflated = uploadInflateMs(request);
  if (inflated !== undefined) timing.add('inflate', inflated);
  const parsed = uploadParseMs(request);
  if (parsed !== undefined) timing.add('parse', parsed);
  return timing;
}

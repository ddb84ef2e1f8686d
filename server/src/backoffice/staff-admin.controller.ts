import { Controller, Get, Header, HttpCode, Inject, Post, Put, Req } from '@nestjs/common';
import { AuditLogRepository } from './audit-log.repository';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  BACK_OFFICE_PERMISSION,
  type AdminStaff,
  type AdminStaffListResponse,
  type AdminAuditPage,
  type AdminStaffWithSetupLink,
  type StaffSetupStart,
} from '@hotline/shared';
import { dbId, idString, isoMoment, revision } from '../common/ids';
import { RATE_LIMITS, RateLimit } from '../common/rate-limit';
import { ZodBody, ZodParams, ZodQuery } from '../common/validation';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { publicBaseUrl } from '../reservations';
import { StaffAdminService } from './staff-admin.service';
import { CurrentStaff, StaffOnly } from './staff.guard';
import type { StaffIdentity } from './staff.repository';

const personName = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .refine((s) => !/[<>]/.test(s), 'must not contain < or >');
const grants = {
  permissions: z.array(z.number().int().min(1).max(9999)).max(50),
  businessIds: z.array(dbId).max(100),
};
const createBody = z.object({
  username: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9._-]{2,63}$/, 'must be 3 to 64 lower-case letters, digits, dots, dashes or underscores'),
  firstName: personName,
  lastName: personName,
  ...grants,
});
const updateBody = z.object({ revision, firstName: personName, lastName: personName, ...grants });
const revisionBody = z.object({ revision });
const idParams = z.object({ id: idString });
/** The token from the link's fragment: 32 random bytes, base64url. */
const token = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'not a setup link');
const setupStartBody = z.object({ token });
const setupFinishBody = z.object({
  token,
  password: z.string().min(1).max(200),
  totpCode: z.string().regex(/^\d{6}$/),
});

/**
 * Staff accounts, for staff with permission 292 within their businesses (docs/back-office.md, "Staff"). A new or
 * reset account answers with its one-time setup link (shown once; only its digest is kept).
 */
@ApiTags('back office')
@Controller('admin/staff')
@StaffOnly(BACK_OFFICE_PERMISSION.staff)
export class StaffAdminController {
  constructor(
    private readonly staff: StaffAdminService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @RateLimit(RATE_LIMITS.staffAdmin)
  @ApiOperation({ summary: 'The staff of your businesses' })
  async list(@CurrentStaff() editor: StaffIdentity): Promise<AdminStaffListResponse> {
    return { staff: await this.staff.list(editor) };
  }

  @Post()
  @RateLimit(RATE_LIMITS.staffAdmin)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Creates an account; answers its one-time setup link (password and authenticator)' })
  create(
    @CurrentStaff() editor: StaffIdentity,
    @ZodBody(createBody) body: z.infer<typeof createBody>,
    @Req() request: FastifyRequest,
  ): Promise<AdminStaffWithSetupLink> {
    return this.staff.create(editor, body, publicBaseUrl(this.config, request));
  }

  @Get(':id')
  @RateLimit(RATE_LIMITS.staffAdmin)
  @ApiOperation({ summary: 'One account' })
  one(@CurrentStaff() editor: StaffIdentity, @ZodParams(idParams) p: z.infer<typeof idParams>): Promise<AdminStaff> {
    return this.staff.get(editor, p.id);
  }

  @Put(':id')
  @RateLimit(RATE_LIMITS.staffAdmin)
  @ApiOperation({ summary: "Changes an account's names, permissions and businesses (never more than yours)" })
  update(
    @CurrentStaff() editor: StaffIdentity,
    @ZodParams(idParams) p: z.infer<typeof idParams>,
    @ZodBody(updateBody) body: z.infer<typeof updateBody>,
  ): Promise<AdminStaff> {
    const { revision: seen, ...fields } = body;
    return this.staff.update(editor, p.id, seen, fields);
  }

  @Post(':id/disable')
  @HttpCode(200)
  @RateLimit(RATE_LIMITS.staffAdmin)
  @ApiOperation({ summary: 'Disables an account: its sessions end at once, it signs in nowhere' })
  disable(
    @CurrentStaff() editor: StaffIdentity,
    @ZodParams(idParams) p: z.infer<typeof idParams>,
    @ZodBody(revisionBody) body: z.infer<typeof revisionBody>,
  ): Promise<AdminStaff> {
    return this.staff.setActive(editor, p.id, body.revision, false);
  }

  @Post(':id/enable')
  @HttpCode(200)
  @RateLimit(RATE_LIMITS.staffAdmin)
  @ApiOperation({ summary: 'Enables a disabled account again' })
  enable(
    @CurrentStaff() editor: StaffIdentity,
    @ZodParams(idParams) p: z.infer<typeof idParams>,
    @ZodBody(revisionBody) body: z.infer<typeof revisionBody>,
  ): Promise<AdminStaff> {
    return this.staff.setActive(editor, p.id, body.revision, true);
  }

  @Post(':id/reset')
  @HttpCode(200)
  @RateLimit(RATE_LIMITS.staffAdmin)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Clears password and authenticator, ends every session; answers a new setup link' })
  reset(
    @CurrentStaff() editor: StaffIdentity,
    @ZodParams(idParams) p: z.infer<typeof idParams>,
    @ZodBody(revisionBody) body: z.infer<typeof revisionBody>,
    @Req() request: FastifyRequest,
  ): Promise<AdminStaffWithSetupLink> {
    return this.staff.reset(editor, p.id, body.revision, publicBaseUrl(this.config, request));
  }
}

const auditQuery = z.object({
  action: z
    .string()
    .regex(/^[a-z][a-z-]{1,63}$/, 'must be an action name such as presentation-cancel')
    .optional(),
  subject: z
    .string()
    .regex(/^[a-z-]+:[0-9]*$/, "must be a subject such as 'presentation:12' or 'presentation:'")
    .optional(),
  staffUserId: idString.optional(),
  from: isoMoment.optional(),
  to: isoMoment.optional(),
  before: idString.optional(),
  limit: z
    .string()
    .regex(/^\d{1,3}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(1).max(200))
    .optional(),
});
const AUDIT_PAGE = 50;

/**
 * The audit log, for staff with permission 292 (docs/back-office.md, "Audit log"): who did what, when, to what, with
 * the state before and after; entries of the viewer's businesses and of no business (staff and system actions),
 * newest first, filterable, paged by `before`.
 */
@ApiTags('back office')
@Controller('admin/audit')
@StaffOnly(BACK_OFFICE_PERMISSION.staff)
export class AuditController {
  constructor(private readonly audit: AuditLogRepository) {}

  @Get()
  @RateLimit(RATE_LIMITS.staffAdmin)
  @ApiOperation({ summary: 'The audit log, newest first: filter by action, subject, staff member and time' })
  async page(
    @CurrentStaff() viewer: StaffIdentity,
    @ZodQuery(auditQuery) q: z.infer<typeof auditQuery>,
  ): Promise<AdminAuditPage> {
    const limit = q.limit ?? AUDIT_PAGE;
    const entries = await this.audit.page({
      businessIds: viewer.businessIds,
      action: q.action,
      subject: q.subject,
      staffUserId: q.staffUserId,
      from: q.from ? new Date(q.from) : undefined,
      to: q.to ? new Date(q.to) : undefined,
      before: q.before,
      limit: limit + 1,
    });
    const more = entries.length > limit;
    const shown = more ? entries.slice(0, limit) : entries;
    return { entries: shown, nextBefore: more ? (shown[shown.length - 1]?.id ?? null) : null };
  }
}

/**
 * The setup link's page calls (no session: the token in the body is the credential; it travels in the link's
 * fragment, never in a URL a server sees). Start shows the account's name and a new authenticator secret; finish
 * sets the password and proves the scan with a code; then the link is spent.
 */
@ApiTags('back office')
@Controller('backoffice/setup')
export class StaffSetupController {
  constructor(private readonly staff: StaffAdminService) {}

  @Post('start')
  @HttpCode(200)
  @RateLimit(RATE_LIMITS.staffSetup)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: "A setup link opened: the account's name and the authenticator secret to scan" })
  start(@ZodBody(setupStartBody) body: z.infer<typeof setupStartBody>): Promise<StaffSetupStart> {
    return this.staff.startSetup(body.token);
  }

  @Post('finish')
  @HttpCode(200)
  @RateLimit(RATE_LIMITS.staffSetup)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Sets the password and the authenticator (a code from it); the link is spent' })
  finish(@ZodBody(setupFinishBody) body: z.infer<typeof setupFinishBody>): Promise<{ username: string }> {
    return this.staff.finishSetup(body.token, body.password, body.totpCode);
  }
}

import { Controller, Get, Header, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { backOfficeMenuFor, staffRole, type AuthenticatorEnrolment, type StaffMeResponse } from '@hotline/shared';
import { RATE_LIMITS, RateLimit } from '../common/rate-limit';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { ZodBody } from '../common/validation';
import { AuditLogRepository } from './audit-log.repository';
import { AuthenticatorService } from './authenticator.service';
import { STAFF_SESSION_COOKIE } from './staff-sessions.service';
import { clientIp, cookieValue, handleHash } from '../customers';
import { StaffAuthService } from './staff-auth.service';
import { CurrentStaff, StaffOnly } from './staff.guard';
import { StaffRepository, type StaffIdentity } from './staff.repository';
import { StaffSessions } from './staff-sessions.service';

const enrolBody = z.object({ password: z.string().min(1).max(200) });
const confirmBody = z.object({ code: z.string().regex(/^\d{6}$/) });

const signInBody = z.object({
  username: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(200),
  totpCode: z.string().regex(/^\d{6}$/),
});

function me(staff: StaffIdentity, boxOfficeMaxSeats: number): StaffMeResponse {
  return {
    staff: {
      ...staff,
      menu: backOfficeMenuFor(staff.permissions),
      role: staffRole(staff.permissions),
      boxOfficeMaxSeats,
    },
  };
}

/**
 * Staff identity (docs/back-office.md): sign-in with password + TOTP, the signed-in user
 * with the menu their permissions allow, sign-out. Paths are ours (the spec does not show them).
 */
@ApiTags('back office')
@Controller('backoffice')
export class BackOfficeController {
  constructor(
    private readonly auth: StaffAuthService,
    private readonly sessions: StaffSessions,
    private readonly staff: StaffRepository,
    private readonly audit: AuditLogRepository,
    private readonly authenticator: AuthenticatorService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('authenticator')
  @HttpCode(200)
  @StaffOnly()
  @RateLimit(RATE_LIMITS.staffSignIn)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Starts replacing your authenticator: password again; answers the new secret as a QR code' })
  startEnrolment(
    @CurrentStaff() staff: StaffIdentity,
    @ZodBody(enrolBody) body: z.infer<typeof enrolBody>,
  ): Promise<AuthenticatorEnrolment> {
    return this.authenticator.start(staff, body.password);
  }

  @Post('authenticator/confirm')
  @HttpCode(200)
  @StaffOnly()
  @RateLimit(RATE_LIMITS.staffSignIn)
  @ApiOperation({ summary: 'A code from the new app makes it your authenticator; your other sessions end' })
  confirmEnrolment(
    @CurrentStaff() staff: StaffIdentity,
    @ZodBody(confirmBody) body: z.infer<typeof confirmBody>,
    @Req() request: FastifyRequest,
  ): Promise<{ success: true }> {
    return this.authenticator.confirm(staff, body.code, handleHash(cookieValue(request, STAFF_SESSION_COOKIE) ?? ''));
  }

  @Post('sign-in')
  @HttpCode(200)
  @RateLimit(RATE_LIMITS.staffSignIn)
  @ApiOperation({ summary: 'Staff sign-in: user name, password and the authenticator code; sets the session cookie' })
  async signIn(
    @ZodBody(signInBody) body: z.infer<typeof signInBody>,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StaffMeResponse> {
    const id = await this.auth.signIn(body, clientIp(request));
    await this.sessions.start(request, reply, id);
    return me((await this.staff.identity(id))!, this.config.BOX_OFFICE_MAX_SEATS);
  }

  @Get('me')
  @StaffOnly()
  @ApiOperation({ summary: 'The signed-in staff member, their businesses, permissions and menu' })
  who(@CurrentStaff() staff: StaffIdentity): StaffMeResponse {
    return me(staff, this.config.BOX_OFFICE_MAX_SEATS);
  }

  @Post('sign-out')
  @HttpCode(200)
  @ApiOperation({ summary: 'Ends the staff session server-side' })
  async signOut(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<{ success: true }> {
    const id = await this.sessions.end(request, reply);
    if (id !== null) await this.audit.record({ staffUserId: id, action: 'sign-out' });
    return { success: true };
  }
}

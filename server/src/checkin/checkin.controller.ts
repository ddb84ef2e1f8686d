import { Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  BACK_OFFICE_PERMISSION,
  DOOR_OUTCOMES,
  type CheckinConflictsResponse,
  type CheckinKeysResponse,
  type CheckinManifest,
  type CheckinUploadResponse,
  type RedeemResponse,
} from '@hotline/shared';
import { CurrentStaff, StaffOnly, type StaffIdentity } from '../backoffice';
import { dbId, idString, isoMoment } from '../common/ids';
import { resolveLocale } from '../common/locale';
import { RATE_LIMITS, RateLimit } from '../common/rate-limit';
import { ZodBody, ZodParams, ZodQuery } from '../common/validation';
import { OfflineDoorService } from './offline.service';
import { RedemptionService } from './redemption.service';
import { TicketKeys } from './ticket-keys.service';

/** A gate's or a device's name as the scanner sets it: short, printable, no markup. */
const doorName = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[\p{L}\p{N} ._:-]+$/u, 'letters, digits, spaces and . _ : - only');

const doorScan = {
  code: z.string().min(1).max(200),
  presentationId: dbId,
  gate: doorName,
  device: doorName,
  scannedAt: isoMoment,
  nonce: z.string().uuid(),
  direction: z.enum(['in', 'out']).default('in'),
};
const redeemBody = z.object(doorScan);
const presentationParams = z.object({ id: idString });
const deviceQuery = z.object({ device: doorName.optional() });
/** A queue of scans: a gate offline for an hour scans a few hundred; more waits for the next upload. */
const uploadBody = z.object({
  presentationId: dbId,
  device: doorName,
  scans: z
    .array(
      z.object({
        code: doorScan.code,
        gate: doorName,
        scannedAt: isoMoment,
        nonce: doorScan.nonce,
        direction: doorScan.direction,
        deviceOutcome: z.enum(DOOR_OUTCOMES),
      }),
    )
    .min(1)
    .max(500),
});

const localeOf = (request: FastifyRequest) => resolveLocale(request.query, request.headers['accept-language']);

/**
 * Door check-in (docs/door-checkin.md). The public keys are public (a scanner verifies codes offline with them);
 * everything else is for staff holding the door permission (293), within their businesses.
 */
@ApiTags('check-in')
@Controller('checkin')
export class CheckinController {
  constructor(
    private readonly keys: TicketKeys,
    private readonly redemption: RedemptionService,
    private readonly offline: OfflineDoorService,
  ) {}

  @Get('keys')
  @RateLimit(RATE_LIMITS.checkinKeys)
  @ApiOperation({ summary: 'The Ed25519 public keys that verify ticket codes, with how long each keeps verifying' })
  async publicKeys(): Promise<CheckinKeysResponse> {
    return { keys: await this.keys.publicKeys() };
  }

  @Post('redeem')
  @HttpCode(200)
  @StaffOnly(BACK_OFFICE_PERMISSION.door)
  @RateLimit(RATE_LIMITS.checkinRedeem)
  @ApiOperation({
    summary: 'One scan at a gate: admitted, already admitted (when, where) or why not; a nonce is one scan',
  })
  redeem(
    @CurrentStaff() staff: StaffIdentity,
    @ZodBody(redeemBody) body: z.infer<typeof redeemBody>,
    @Req() request: FastifyRequest,
  ): Promise<RedeemResponse> {
    return this.redemption.redeem(staff, { ...body, scannedAt: new Date(body.scannedAt) }, localeOf(request));
  }

  @Get('presentations/:id/manifest')
  @StaffOnly(BACK_OFFICE_PERMISSION.door)
  @RateLimit(RATE_LIMITS.checkinOffline)
  @ApiOperation({
    summary: "A show's tickets (valid, cancelled, already in) and the keys, for a scanner going offline",
  })
  manifest(
    @CurrentStaff() staff: StaffIdentity,
    @ZodParams(presentationParams) p: z.infer<typeof presentationParams>,
    @ZodQuery(deviceQuery) _q: z.infer<typeof deviceQuery>,
  ): Promise<CheckinManifest> {
    return this.offline.manifest(staff, p.id);
  }

  @Post('uploads')
  @HttpCode(200)
  @StaffOnly(BACK_OFFICE_PERMISSION.door)
  @RateLimit(RATE_LIMITS.checkinOffline)
  @ApiOperation({
    summary: 'Scans an offline scanner queued: each recorded once by its nonce, disagreements as conflicts',
  })
  upload(
    @CurrentStaff() staff: StaffIdentity,
    @ZodBody(uploadBody) body: z.infer<typeof uploadBody>,
  ): Promise<CheckinUploadResponse> {
    return this.offline.upload(staff, body.presentationId, body.device, body.scans);
  }

  @Get('presentations/:id/conflicts')
  @StaffOnly(BACK_OFFICE_PERMISSION.door)
  @RateLimit(RATE_LIMITS.checkinKeys)
  @ApiOperation({ summary: 'Offline admissions the server could not agree with (admitted elsewhere, cancelled since)' })
  conflicts(
    @CurrentStaff() staff: StaffIdentity,
    @ZodParams(presentationParams) p: z.infer<typeof presentationParams>,
  ): Promise<CheckinConflictsResponse> {
    return this.offline.conflicts(staff, p.id);
  }
}

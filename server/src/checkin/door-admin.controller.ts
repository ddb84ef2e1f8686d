import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  BACK_OFFICE_PERMISSION,
  type DoorConflictReviewed,
  type DoorKeysResponse,
  type DoorPresentationsResponse,
  type DoorReport,
} from '@hotline/shared';
import { CurrentStaff, StaffOnly, type StaffIdentity } from '../backoffice';
import { idString } from '../common/ids';
import { RATE_LIMITS, RateLimit } from '../common/rate-limit';
import { ZodParams } from '../common/validation';
import { DoorReportService } from './door-report.service';

const presentationParams = z.object({ id: idString });
const scanParams = z.object({ scanId: idString });

/**
 * The doors in the back office (docs/door-checkin.md, "Back office"): what a date's gates did, for staff with the
 * door permission (293) within their businesses. The signing keys are the whole installation's, not a business's:
 * listing and rotating them is the administrators' (staff permission 292).
 */
@ApiTags('back office')
@Controller('admin/doors')
export class DoorAdminController {
  constructor(private readonly doors: DoorReportService) {}

  @Get('presentations')
  @StaffOnly(BACK_OFFICE_PERMISSION.door)
  @RateLimit(RATE_LIMITS.boxOffice)
  @ApiOperation({ summary: "Your businesses' dates from yesterday to two weeks ahead, for the door screen" })
  presentations(@CurrentStaff() staff: StaffIdentity): Promise<DoorPresentationsResponse> {
    return this.doors.presentations(staff);
  }

  @Get('presentations/:id')
  @StaffOnly(BACK_OFFICE_PERMISSION.door)
  @RateLimit(RATE_LIMITS.boxOffice)
  @ApiOperation({ summary: 'One date at the doors: entries by gate and over time, refused scans, offline conflicts' })
  report(
    @CurrentStaff() staff: StaffIdentity,
    @ZodParams(presentationParams) p: z.infer<typeof presentationParams>,
  ): Promise<DoorReport> {
    return this.doors.report(staff, p.id);
  }

  @Post('conflicts/:scanId/review')
  @HttpCode(200)
  @StaffOnly(BACK_OFFICE_PERMISSION.door)
  @RateLimit(RATE_LIMITS.boxOffice)
  @ApiOperation({ summary: 'Marks an offline conflict reviewed (once; audited)' })
  review(
    @CurrentStaff() staff: StaffIdentity,
    @ZodParams(scanParams) p: z.infer<typeof scanParams>,
  ): Promise<DoorConflictReviewed> {
    return this.doors.markReviewed(staff, p.scanId);
  }

  @Get('keys')
  @StaffOnly(BACK_OFFICE_PERMISSION.staff)
  @RateLimit(RATE_LIMITS.boxOffice)
  @ApiOperation({ summary: 'The door-code signing keys still verifying (no private halves)' })
  keys(): Promise<DoorKeysResponse> {
    return this.doors.listKeys();
  }

  @Post('keys/rotate')
  @HttpCode(200)
  @StaffOnly(BACK_OFFICE_PERMISSION.staff)
  @RateLimit(RATE_LIMITS.boxOffice)
  @ApiOperation({ summary: 'A new door-code signing key; the old one verifies until its last show ends (audited)' })
  rotate(@CurrentStaff() staff: StaffIdentity): Promise<DoorKeysResponse> {
    return this.doors.rotateKey(staff);
  }
}

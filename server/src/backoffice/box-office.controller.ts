import { Controller, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { BACK_OFFICE_PERMISSION, type LockSeatsResponse } from '@hotline/shared';
import { dbId, dbInt } from '../common/ids';
import { RATE_LIMITS, RateLimit } from '../common/rate-limit';
import { ZodBody } from '../common/validation';
import { VisitorId } from '../common/visitor-identity';
import { BoxOfficeService } from './box-office.service';
import { CurrentStaff, StaffOnly } from './staff.guard';
import type { StaffIdentity } from './staff.repository';

const block = z.object({
  presentationId: dbId,
  seats: z
    .array(z.object({ sectionId: dbId, x: dbInt, y: dbInt }))
    .min(1)
    .max(5000),
});
const seatState = block.extend({ state: z.enum(['block', 'hold', 'release']) });

/**
 * Producer ticket sale (permission 267) on the seat map in box-office mode: a rectangle of
 * seats locked in one all-or-nothing call; block, hold back and release for staff.
 */
@ApiTags('back office')
@Controller('backoffice')
export class BoxOfficeController {
  constructor(private readonly boxOffice: BoxOfficeService) {}

  @Put('lock-seats')
  @StaffOnly(BACK_OFFICE_PERMISSION.producerTicketSale)
  @RateLimit(RATE_LIMITS.boxOffice)
  @ApiOperation({ summary: 'Locks a block of seats for this staff browser: all or nothing, one atomic script' })
  lockSeats(
    @CurrentStaff() staff: StaffIdentity,
    @VisitorId() visitorId: string,
    @ZodBody(block) body: z.infer<typeof block>,
  ): Promise<LockSeatsResponse> {
    return this.boxOffice.lockSeats(staff, visitorId, body.presentationId, body.seats);
  }

  @Put('unlock-seats')
  @StaffOnly(BACK_OFFICE_PERMISSION.producerTicketSale)
  @RateLimit(RATE_LIMITS.boxOffice)
  @ApiOperation({ summary: "Releases this staff browser's locks on a block of seats" })
  unlockSeats(
    @CurrentStaff() staff: StaffIdentity,
    @VisitorId() visitorId: string,
    @ZodBody(block) body: z.infer<typeof block>,
  ): Promise<{ version: number }> {
    return this.boxOffice.unlockSeats(staff, visitorId, body.presentationId, body.seats);
  }

  @Put('seat-state')
  @StaffOnly(BACK_OFFICE_PERMISSION.producerTicketSale)
  @RateLimit(RATE_LIMITS.boxOffice)
  @ApiOperation({ summary: 'Blocks, holds back or releases seats (all or nothing)' })
  seatState(
    @CurrentStaff() staff: StaffIdentity,
    @ZodBody(seatState) body: z.infer<typeof seatState>,
  ): Promise<{ version: number }> {
    return this.boxOffice.setSeatState(staff, body.presentationId, body.state, body.seats);
  }
}

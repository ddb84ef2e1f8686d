import { Inject, Injectable } from '@nestjs/common';
import type { BlockSeatRef, LockSeatsResponse } from '@hotline/shared';
import { AppError } from '../common/app-error';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { SeatEngineService } from '../seats';
import { AuditLogRepository } from './audit-log.repository';
import { BusinessScope } from './business-scope.service';
import type { StaffIdentity } from './staff.repository';

const STATE_LETTER = { block: 'b', hold: 'h', release: 'a' } as const;

/**
 * Box-office seat work: business scope first (a producer touches only their own
 * presentations), then the seat engine's one-script calls, then the audit log.
 */
@Injectable()
export class BoxOfficeService {
  constructor(
    private readonly scope: BusinessScope,
    private readonly engine: SeatEngineService,
    private readonly audit: AuditLogRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async lockSeats(
    staff: StaffIdentity,
    ownerId: string,
    presentationId: number,
    seats: BlockSeatRef[],
  ): Promise<LockSeatsResponse> {
    const businessId = await this.scope.presentation(staff, presentationId);
    const max = this.config.BOX_OFFICE_MAX_SEATS;
    if (seats.length > max) throw new AppError('BOX_OFFICE_TOO_MANY_SEATS', { max });
    const r = await this.engine.lockBlock(ownerId, presentationId, seats, max);
    await this.audit.record({
      staffUserId: staff.userId,
      action: 'lock-seats',
      businessId,
      subject: `presentation:${presentationId}`,
      detail: { seats: r.seats.length },
    });
    return r;
  }

  async unlockSeats(
    staff: StaffIdentity,
    ownerId: string,
    presentationId: number,
    seats: BlockSeatRef[],
  ): Promise<{ version: number }> {
    const businessId = await this.scope.presentation(staff, presentationId);
    const r = await this.engine.unlockBlock(ownerId, presentationId, seats);
    await this.audit.record({
      staffUserId: staff.userId,
      action: 'unlock-seats',
      businessId,
      subject: `presentation:${presentationId}`,
      detail: { seats: seats.length },
    });
    return r;
  }

  async setSeatState(
    staff: StaffIdentity,
    presentationId: number,
    state: keyof typeof STATE_LETTER,
    seats: BlockSeatRef[],
  ): Promise<{ version: number }> {
    const businessId = await this.scope.presentation(staff, presentationId);
    const r = await this.engine.setAdminState(presentationId, STATE_LETTER[state], seats);
    await this.audit.record({
      staffUserId: staff.userId,
      action: `seat-state-${state}`,
      businessId,
      subject: `presentation:${presentationId}`,
      detail: { seats: seats.length },
    });
    return r;
  }
}

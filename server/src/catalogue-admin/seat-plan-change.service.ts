import { Injectable } from '@nestjs/common';
import type { AdminPresentation, AdminSeatPlanChange } from '@hotline/shared';
import { AuditLogRepository, type StaffIdentity } from '../backoffice';
import { AppError } from '../common/app-error';
import { SeatEngineService } from '../seats';
import { auditChange, requireBusinessScope } from './admin-scope';
import { SeatPlanSeatsMissingError, StaleRevisionError } from './catalogue-admin.errors';
import { EventAdminRepository } from './event-admin.repository';
import { LiveSeatMissing, SeatPlanChangeRepository } from './seat-plan-change.repository';
import { SeatPlanMoveRecoveryJob } from './seat-plan-move-recovery.job';
import { SeatPlanMoveRepository } from './seat-plan-move.repository';

/**
 * A date moved to another published version of its venue's plan (docs/catalogue-admin.md, "Moving a date to another
 * plan version"): refused with every place sold, held or in a cart that the version lacks; otherwise its seats,
 * prices and live seat state switch together, ordered against sales by the date's row lock. Audited.
 */
@Injectable()
export class SeatPlanChangeService {
  constructor(
    private readonly events: EventAdminRepository,
    private readonly changes: SeatPlanChangeRepository,
    private readonly seats: SeatEngineService,
    private readonly audit: AuditLogRepository,
    private readonly moves: SeatPlanMoveRepository,
    private readonly recovery: SeatPlanMoveRecoveryJob,
  ) {}

  async changeSeatPlan(staff: StaffIdentity, id: number, change: AdminSeatPlanChange): Promise<AdminPresentation> {
    const before = await this.presentation(staff, id);
    const plan = await this.events.seatPlanOwner(change.seatPlanId);
    if (!plan) throw new AppError('SEAT_PLAN_NOT_FOUND');
    requireBusinessScope(staff, plan.businessId);
    let result;
    try {
      result = await this.changes.changeSeatPlan(id, change.revision, change.seatPlanId, {
        read: () => this.seats.liveSeatKeys(id),
        switchTo: (replan) => this.seats.replan(id, replan),
      });
    } catch (error) {
      // The move rolled back: if its live state had switched already (a failed commit), put it back now rather than at
      // the job's next pass (which also retries should this fail).
      await this.recovery.recover(id).catch(() => undefined);
      if (error instanceof LiveSeatMissing) throw new SeatPlanSeatsMissingError(error.place ? [error.place] : []);
      throw error;
    }
    switch (result.outcome) {
      case 'cancelled':
        throw new AppError('PRESENTATION_CANCELLED');
      case 'stale':
        throw new StaleRevisionError(await this.presentation(staff, id));
      case 'unchanged':
        throw new AppError('SEAT_PLAN_UNCHANGED');
      case 'not-a-version':
        throw new AppError('SEAT_PLAN_NOT_A_VERSION', { seatPlanId: change.seatPlanId });
      case 'draft':
        throw new AppError('SEAT_PLAN_DRAFT');
      case 'zones-missing':
        throw new AppError('ZONES_NOT_IN_NEW_PLAN', { codes: result.codes.join(', ') });
      case 'seats-missing':
        throw new SeatPlanSeatsMissingError(result.missing);
    }
    await this.moves.settle(result.moveId, change.seatPlanId);
    // This node's seat map of the date at once (the others with the switch's reload, or their next flags check).
    await this.seats.freshLayout(id);
    const after = await this.presentation(staff, id);
    await auditChange(this.audit, staff, {
      action: 'presentation-seat-plan',
      businessId: after.businessId,
      subject: `presentation:${id}`,
      detail: {
        before: { seatPlanId: result.fromPlanId, prices: before.prices },
        after: { seatPlanId: after.seatPlanId, prices: after.prices },
        ticketsMoved: result.seatsMoved,
      },
    });
    return after;
  }

  private async presentation(staff: StaffIdentity, id: number): Promise<AdminPresentation> {
    const ref = await this.events.presentation(id);
    if (!ref) throw new AppError('PRESENTATION_NOT_FOUND');
    requireBusinessScope(staff, ref.presentation.businessId);
    return ref.presentation;
  }
}

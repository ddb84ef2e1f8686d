import { Injectable } from '@nestjs/common';
import { jerusalemDayRangeUtc, withinBusinessScope } from '@hotline/shared';
import { CancellationService } from '../cancellations';
import { AppError } from '../common/app-error';
import type { Locale } from '../common/locale';
import { AuditLogRepository } from './audit-log.repository';
import { ProducerReservationsRepository } from './producer-reservations.repository';
import { ReportsService } from './reports.service';
import type { StaffIdentity } from './staff.repository';

/** Reservation states as numbers on the wire (ResStateId); cancelled ones leave the list. */
const RES_STATE_ID = { paid: 1, hold: 2 } as const;

/**
 * Producer reservations (permission 268): the list of a producer's reservations, sending a
 * confirmation again, sending tickets by SMS. A reservation is in scope only if every one of
 * its tickets is for a presentation of the staff member's businesses.
 */
@Injectable()
export class ProducerReservationsService {
  constructor(
    private readonly repo: ProducerReservationsRepository,
    private readonly reports: ReportsService,
    private readonly audit: AuditLogRepository,
    private readonly cancellations: CancellationService,
  ) {}

  async list(
    staff: StaffIdentity,
    q: { featureId?: number; presentationId?: number; startDate?: string; endDate?: string },
  ) {
    if (q.featureId !== undefined) await this.reports.checkFeature(staff, q.featureId);
    if (q.presentationId !== undefined) await this.reports.checkPresentations(staff, [q.presentationId]);
    const from = q.startDate ? jerusalemDayRangeUtc(q.startDate).startUtc : '2000-01-01T00:00:00Z';
    const to = q.endDate ? jerusalemDayRangeUtc(q.endDate).endUtc : '3000-01-01T00:00:00Z';
    if (from >= to) throw new AppError('INVALID_QUERY', {}, 400);
    const rows = await this.repo.list({
      businessIds: staff.businessIds,
      featureId: q.featureId,
      presentationId: q.presentationId,
      from,
      to,
    });
    return {
      reservations: rows.map((r) => ({
        ReservationIdentifier: r.reservationIdentifier,
        ResStateId: RES_STATE_ID[r.state],
        StartDateTime: r.startDateTime,
        PresentationId: r.presentationId,
        FeatureName: r.featureName,
        FeatureNameEn: r.featureNameEn,
        FeatureNameRu: r.featureNameRu,
        FeatureNameAr: r.featureNameAr,
        LocationName: r.locationName,
        LocationNameEn: r.locationNameEn,
        LocationNameRu: r.locationNameRu,
        LocationNameAr: r.locationNameAr,
        Tickets: r.tickets,
        TotalAgorot: r.totalAgorot,
        CustomerName: [r.firstName, r.lastName].filter(Boolean).join(' '),
        // Enough for the box office to recognise a caller; the full number stays in the order.
        MobileLast4: r.mobile ? r.mobile.slice(-4) : null,
      })),
    };
  }

  private async inScope(staff: StaffIdentity, identifier: string) {
    const r = await this.repo.scope(identifier);
    if (!r || r.businessIds.length === 0) throw new AppError('RESERVATION_NOT_FOUND');
    if (!withinBusinessScope(staff.businessIds, r.businessIds)) throw new AppError('STAFF_BUSINESS_SCOPE');
    return r;
  }

  async sendAgain(staff: StaffIdentity, identifier: string): Promise<{ success: true }> {
    const r = await this.inScope(staff, identifier);
    const messages = [
      ...(r.email ? [{ channel: 'email' as const, recipient: r.email }] : []),
      ...(r.mobile ? [{ channel: 'sms' as const, recipient: r.mobile }] : []),
    ];
    if (messages.length === 0) throw new AppError('NO_CONTACT_FOR_RESERVATION');
    await this.repo.resend(r.id, r.locale, messages);
    await this.audit.record({ staffUserId: staff.userId, action: 'resend', subject: `reservation:${identifier}` });
    return { success: true };
  }

  async sendTickets(staff: StaffIdentity, identifier: string, mobileNumber: string): Promise<{ success: true }> {
    const r = await this.inScope(staff, identifier);
    await this.repo.resend(r.id, r.locale, [{ channel: 'sms', recipient: mobileNumber }]);
    await this.audit.record({
      staffUserId: staff.userId,
      action: 'send-tickets',
      subject: `reservation:${identifier}`,
    });
    return { success: true };
  }

  /**
   * POST /reservations/:resId/producerCancel: business scope (404 / 403 as HTTP errors, before anything changes), then
   * the cancellation state machine's producer entry point: every live ticket, full refund through the provider, seats
   * freed live. A refusal about the order itself (already cancelled, hold or not) answers `{ err }` in the caller's
   * language, as the spec's "success or err".
   */
  async cancel(
    staff: StaffIdentity,
    identifier: string,
    isHoldRes: boolean,
    locale: Locale,
  ): Promise<{ success: true } | { err: string }> {
    const scope = await this.inScope(staff, identifier);
    try {
      const r = await this.cancellations.producerCancel(identifier, isHoldRes);
      await this.audit.record({
        staffUserId: staff.userId,
        action: 'producer-cancel',
        businessId: scope.businessIds.length === 1 ? scope.businessIds[0] : undefined,
        subject: `reservation:${identifier}`,
        detail: { tickets: r.tickets, refundAgorot: r.refundAgorot, cancellation: r.cancellationId },
      });
      return { success: true };
    } catch (error) {
      if (error instanceof AppError && error.status === 409) return { err: error.translate(locale) };
      throw error;
    }
  }
}

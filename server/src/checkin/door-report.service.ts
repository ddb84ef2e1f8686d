import { Injectable } from '@nestjs/common';
import type { DoorConflictReviewed, DoorKeysResponse, DoorPresentationsResponse, DoorReport } from '@hotline/shared';
import { AuditLogRepository, BusinessScope, type StaffIdentity } from '../backoffice';
import { AppError } from '../common/app-error';
import { Clock } from '../common/clock';
import { DoorReportRepository } from './door-report.repository';
import { TicketKeysRepository } from './ticket-keys.repository';
import { TicketKeys } from './ticket-keys.service';

const iso = (d: Date | null) => (d === null ? null : new Date(d).toISOString());

/**
 * The back office's door screen (docs/door-checkin.md, "Back office"): a date's entries, refusals and offline
 * conflicts within the staff member's businesses, the conflict review, and the signing keys with their rotation.
 */
@Injectable()
export class DoorReportService {
  constructor(
    private readonly reports: DoorReportRepository,
    private readonly keys: TicketKeys,
    private readonly keyRows: TicketKeysRepository,
    private readonly scope: BusinessScope,
    private readonly audit: AuditLogRepository,
    private readonly clock: Clock,
  ) {}

  async presentations(staff: StaffIdentity): Promise<DoorPresentationsResponse> {
    return { presentations: await this.reports.presentations(staff.businessIds, this.clock.now()) };
  }

  async report(staff: StaffIdentity, presentationId: number): Promise<DoorReport> {
    await this.scope.presentation(staff, presentationId);
    const show = await this.reports.show(presentationId);
    if (!show) throw new AppError('PRESENTATION_NOT_FOUND');
    return {
      presentationId,
      showAt: show.showAt.toISOString(),
      doorsOpenAt: new Date(show.showAt.getTime() - show.doorsOpenMinutes * 60_000).toISOString(),
      ...(await this.reports.figures(presentationId)),
    };
  }

  async markReviewed(staff: StaffIdentity, scanId: number): Promise<DoorConflictReviewed> {
    const presentationId = await this.reports.conflictPresentation(scanId);
    if (presentationId === null) throw new AppError('DOOR_CONFLICT_NOT_FOUND');
    const businessId = await this.scope.presentation(staff, presentationId);
    const reviewedAt = await this.reports.markReviewed(scanId, staff.userId, this.clock.now());
    await this.audit.record({
      staffUserId: staff.userId,
      action: 'door-conflict-reviewed',
      businessId,
      subject: `presentation:${presentationId}`,
      detail: { scanId },
    });
    return { scanId, reviewedAt: reviewedAt.toISOString() };
  }

  async listKeys(): Promise<DoorKeysResponse> {
    const rows = await this.keyRows.listed(this.clock.now());
    return {
      keys: rows.map((k) => ({
        keyId: k.id,
        createdAt: iso(k.createdAt)!,
        retiredAt: iso(k.retiredAt),
        verifiesUntil: iso(k.verifiesUntil),
        active: k.retiredAt === null,
      })),
    };
  }

  /** A new signing key; the old one verifies until its last show ends. Audited (no key material in the entry). */
  async rotateKey(staff: StaffIdentity): Promise<DoorKeysResponse> {
    const before = (await this.keyRows.active())?.id ?? null;
    await this.keys.rotate();
    const listed = await this.listKeys();
    await this.audit.record({
      staffUserId: staff.userId,
      action: 'door-key-rotated',
      subject: 'checkin-key',
      detail: { retiredKeyId: before, activeKeyId: listed.keys.find((k) => k.active)?.keyId ?? null },
    });
    return listed;
  }
}

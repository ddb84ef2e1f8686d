import { Injectable } from '@nestjs/common';
import type { CheckinConflictsResponse, CheckinManifest, CheckinUploadResponse, QueuedScan } from '@hotline/shared';
import { AppError } from '../common/app-error';
import { Clock } from '../common/clock';
import { BusinessScope, type StaffIdentity } from '../backoffice';
import { ManifestRepository } from './manifest.repository';
import { RedemptionService } from './redemption.service';
import { RotatingSecrets } from './rotating-secrets';
import { TicketKeys } from './ticket-keys.service';

/**
 * Scanners without the network (docs/door-checkin.md, "Offline"): the manifest they download before, and the scans
 * they queued, uploaded when back. Both need a live staff session with the door permission, so a disabled staff
 * member's device gets neither a fresh manifest nor a hearing for its uploads.
 */
@Injectable()
export class OfflineDoorService {
  constructor(
    private readonly manifests: ManifestRepository,
    private readonly redemption: RedemptionService,
    private readonly keys: TicketKeys,
    private readonly rotating: RotatingSecrets,
    private readonly scope: BusinessScope,
    private readonly clock: Clock,
  ) {}

  async manifest(staff: StaffIdentity, presentationId: number): Promise<CheckinManifest> {
    await this.scope.presentation(staff, presentationId);
    const show = await this.manifests.show(presentationId);
    if (!show) throw new AppError('PRESENTATION_NOT_FOUND');
    const tickets = await this.manifests.tickets(presentationId);
    return {
      presentationId,
      generatedAt: this.clock.now().toISOString(),
      showAt: show.showAt.toISOString(),
      doorsOpenAt: new Date(show.showAt.getTime() - show.doorsOpenMinutes * 60_000).toISOString(),
      reentryAllowed: show.reentryAllowed,
      rotatingCode: show.rotatingCode,
      keys: await this.keys.publicKeys({ fresh: true }),
      // The show's secrets go to its door staff's scanners only when the show uses them.
      tickets: show.rotatingCode
        ? tickets.map((t) => ({ ...t, rotatingSecret: this.rotating.secretText(t.identifier) }))
        : tickets,
    };
  }

  /** The queued scans, those of one ticket in the order the scanner made them; a nonce seen before is not recorded again. */
  async upload(
    staff: StaffIdentity,
    presentationId: number,
    device: string,
    scans: Required<QueuedScan>[],
  ): Promise<CheckinUploadResponse> {
    await this.scope.presentation(staff, presentationId);
    const results = await this.redemption.uploads(
      staff,
      scans.map(({ deviceOutcome, ...s }) => ({
        scan: { ...s, presentationId, device, scannedAt: new Date(s.scannedAt) },
        offline: { deviceOutcome },
      })),
    );
    return { results };
  }

  async conflicts(staff: StaffIdentity, presentationId: number): Promise<CheckinConflictsResponse> {
    await this.scope.presentation(staff, presentationId);
    return { conflicts: await this.manifests.conflicts(presentationId) };
  }
}

import { Injectable } from '@nestjs/common';
import { withinBusinessScope } from '@hotline/shared';
import { AppError } from '../common/app-error';
import { Clock } from '../common/clock';
import { BusinessScope, type StaffIdentity } from '../backoffice';

/** How long a show's owner is remembered; nothing moves a show to another business, this only bounds the memory. */
const OWNER_TTL_MS = 60_000;
const MAX_REMEMBERED = 1_000;

/**
 * The business scope of a scan: the same check as BusinessScope.presentation (403 for another business's show, 404
 * for an unknown one), with the show's owning business remembered for a minute. A gate scans one show for hours, up
 * to 1,000 scans a second on a node: one query fewer per scan. The staff member's own businesses come from their
 * session on every call, so a staff member moved out of a business is refused at once.
 */
@Injectable()
export class DoorScope {
  private readonly owners = new Map<number, { businessId: number; readAt: number }>();

  constructor(
    private readonly scope: BusinessScope,
    private readonly clock: Clock,
  ) {}

  async presentation(staff: StaffIdentity, presentationId: number): Promise<void> {
    const now = this.clock.nowMs();
    const known = this.owners.get(presentationId);
    if (known && now - known.readAt < OWNER_TTL_MS) {
      if (!withinBusinessScope(staff.businessIds, [known.businessId])) throw new AppError('STAFF_BUSINESS_SCOPE');
      return;
    }
    // Unknown or another business's show: BusinessScope answers (404 or 403), and only a show found is remembered.
    const businessId = await this.scope.presentation(staff, presentationId);
    if (this.owners.size >= MAX_REMEMBERED) this.owners.clear();
    this.owners.set(presentationId, { businessId, readAt: now });
  }
}

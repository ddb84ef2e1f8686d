import { Injectable } from '@nestjs/common';
import { withinBusinessScope } from '@hotline/shared';
import { AppError } from '../common/app-error';
import { StaffRepository, type StaffIdentity } from './staff.repository';

/**
 * The server-side business scope check: a producer never sees or touches another
 * business's data. Unknown presentations are 404 (PRESENTATION_NOT_FOUND), never a hint
 * about whether another business has them.
 */
@Injectable()
export class BusinessScope {
  constructor(private readonly staff: StaffRepository) {}

  /** The presentation's business, after checking the staff member may act on it. */
  async presentation(staff: StaffIdentity, presentationId: number): Promise<number> {
    const owners = await this.staff.presentationBusinesses([presentationId]);
    const businessId = owners.get(presentationId);
    if (businessId === undefined) throw new AppError('PRESENTATION_NOT_FOUND');
    if (!withinBusinessScope(staff.businessIds, [businessId])) throw new AppError('STAFF_BUSINESS_SCOPE');
    return businessId;
  }
}

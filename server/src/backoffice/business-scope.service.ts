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
    return (await this.presentations(staff, [presentationId]))[0]!;
  }

  /**
   * The businesses owning these presentations, after checking the staff member may act on every one:
   * any unknown id is 404, any presentation of another business 403.
   */
  async presentations(staff: StaffIdentity, presentationIds: readonly number[]): Promise<number[]> {
    const ids = [...new Set(presentationIds)];
    const owners = await this.staff.presentationBusinesses(ids);
    if (ids.some((id) => !owners.has(id))) throw new AppError('PRESENTATION_NOT_FOUND');
    const businessIds = [...new Set(owners.values())];
    if (!withinBusinessScope(staff.businessIds, businessIds)) throw new AppError('STAFF_BUSINESS_SCOPE');
    return businessIds;
  }
}

import { Injectable } from '@nestjs/common';
import type { AdminProduct, AdminProductInput } from '@hotline/shared';
import { AuditLogRepository, type StaffIdentity } from '../backoffice';
import { AppError } from '../common/app-error';
import { auditChange, requireBusinessScope } from './admin-scope';
import { StaleRevisionError } from './catalogue-admin.errors';
import { ProductAdminRepository } from './product-admin.repository';
import { VenueAdminRepository } from './venue-admin.repository';

/**
 * Products (what a buyer adds beside the tickets) for staff with the catalogue permission (291), at the venues of
 * their businesses; sold with every date at the venue, with one event's or with one date, seen by buyers while active. Every change
 * audited with who, what and the state before and after.
 */
@Injectable()
export class ProductAdminService {
  constructor(
    private readonly products: ProductAdminRepository,
    private readonly venues: VenueAdminRepository,
    private readonly audit: AuditLogRepository,
  ) {}

  list(staff: StaffIdentity): Promise<AdminProduct[]> {
    return this.products.list(staff.businessIds);
  }

  async get(staff: StaffIdentity, id: number): Promise<AdminProduct> {
    const product = await this.products.product(id);
    if (!product) throw new AppError('PRODUCT_NOT_FOUND');
    requireBusinessScope(staff, product.businessId);
    return product;
  }

  async create(staff: StaffIdentity, input: AdminProductInput): Promise<AdminProduct> {
    const venue = await this.venues.venue(input.venueId);
    if (!venue) throw new AppError('VENUE_NOT_FOUND');
    requireBusinessScope(staff, venue.businessId);
    await this.requireEventOf(venue.businessId, input.featureId);
    await this.requireDateOf(venue.locationId, input);
    const id = await this.products.create(venue.locationId, input);
    const after = (await this.products.product(id))!;
    await auditChange(this.audit, staff, {
      action: 'product-create',
      businessId: after.businessId,
      subject: `product:${id}`,
      detail: { after },
    });
    return after;
  }

  async update(
    staff: StaffIdentity,
    id: number,
    revision: number,
    input: Omit<AdminProductInput, 'venueId'>,
  ): Promise<AdminProduct> {
    const before = await this.get(staff, id);
    await this.requireEventOf(before.businessId, input.featureId);
    const venue = await this.venues.venue(before.venueId);
    if (venue) await this.requireDateOf(venue.locationId, input);
    if (!(await this.products.update(id, revision, input))) throw new StaleRevisionError(await this.get(staff, id));
    const after = (await this.products.product(id))!;
    await auditChange(this.audit, staff, {
      action: 'product-update',
      businessId: after.businessId,
      subject: `product:${id}`,
      detail: { before, after },
    });
    return after;
  }

  /** A product sold with one date only: a date of its event, at its venue. */
  private async requireDateOf(
    locationId: number,
    input: { featureId: number | null; presentationId?: number | null },
  ): Promise<void> {
    if (input.presentationId == null) return;
    const date = await this.products.datePlace(input.presentationId);
    if (!date) throw new AppError('PRESENTATION_NOT_FOUND');
    if (date.featureId !== input.featureId || date.locationId !== locationId)
      throw new AppError('PRODUCT_DATE_ELSEWHERE', { presentationId: input.presentationId });
  }

  /** A product sold with one event only: an event of the venue's own business. */
  private async requireEventOf(businessId: number, featureId: number | null): Promise<void> {
    if (featureId === null) return;
    const owner = await this.products.featureBusiness(featureId);
    if (owner === null) throw new AppError('FEATURE_NOT_FOUND');
    if (owner !== businessId) throw new AppError('PRODUCT_EVENT_ELSEWHERE', { featureId });
  }
}

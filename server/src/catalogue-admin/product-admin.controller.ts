import { Controller, Get, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  BACK_OFFICE_PERMISSION,
  PRODUCT_ICONS,
  type AdminProduct,
  type AdminProductListResponse,
  type ProductIcon,
} from '@hotline/shared';
import { CurrentStaff, StaffOnly, type StaffIdentity } from '../backoffice';
import { dbId, idString, revision } from '../common/ids';
import { RATE_LIMITS, RateLimit } from '../common/rate-limit';
import { ZodBody, ZodParams } from '../common/validation';
import { names } from './admin-input';
import { ProductAdminService } from './product-admin.service';

const icon = z.enum(Object.keys(PRODUCT_ICONS) as [ProductIcon, ...ProductIcon[]]);

const productFields = z.object({
  name: names,
  /** Up to 10,000 ₪ for one (a season's merchandise, not a car). */
  priceAgorot: z.number().int().min(0).max(1_000_000),
  icon: icon.default('gift'),
  featureId: dbId.nullable().default(null),
  /** One date of that event only; null: every date of it. */
  presentationId: dbId.nullable().default(null),
  active: z.boolean().default(true),
  stock: z.number().int().min(0).max(1_000_000).nullable().default(null),
  perOrder: z.number().int().min(1).max(100).nullable().default(null),
});
/** A product for one date names the date's event too. */
const oneDateNeedsItsEvent = <T extends z.ZodType<{ featureId: number | null; presentationId: number | null }>>(
  body: T,
) =>
  body.refine((p) => p.presentationId === null || p.featureId !== null, {
    message: 'a date needs its event (featureId)',
    path: ['presentationId'],
  });
const createProductBody = oneDateNeedsItsEvent(productFields.extend({ venueId: dbId }));
const updateProductBody = oneDateNeedsItsEvent(productFields.extend({ revision }));
const idParams = z.object({ id: idString });

/**
 * Products a buyer adds to a cart beside the tickets, for staff with the catalogue permission (291), at the venues of
 * their businesses (docs/catalogue-admin.md). Buyers see a product while it is active, with every date at its venue
 * or with one event's; edits name the revision they were made against.
 */
@ApiTags('catalogue administration')
@Controller('admin')
@StaffOnly(BACK_OFFICE_PERMISSION.catalogue)
export class ProductAdminController {
  constructor(private readonly products: ProductAdminService) {}

  @Get('products')
  @RateLimit(RATE_LIMITS.catalogueAdmin)
  @ApiOperation({ summary: 'The products sold at the venues of your businesses, active or not' })
  async list(@CurrentStaff() staff: StaffIdentity): Promise<AdminProductListResponse> {
    return { products: await this.products.list(staff) };
  }

  @Post('products')
  @RateLimit(RATE_LIMITS.catalogueAdmin)
  @ApiOperation({ summary: 'Creates a product at a venue, for every event there, for one, or for one date of it' })
  create(
    @CurrentStaff() staff: StaffIdentity,
    @ZodBody(createProductBody) body: z.infer<typeof createProductBody>,
  ): Promise<AdminProduct> {
    return this.products.create(staff, body);
  }

  @Get('products/:id')
  @RateLimit(RATE_LIMITS.catalogueAdmin)
  @ApiOperation({ summary: 'One product' })
  product(
    @CurrentStaff() staff: StaffIdentity,
    @ZodParams(idParams) p: z.infer<typeof idParams>,
  ): Promise<AdminProduct> {
    return this.products.get(staff, p.id);
  }

  @Put('products/:id')
  @RateLimit(RATE_LIMITS.catalogueAdmin)
  @ApiOperation({
    summary: "Changes a product's names, price, picture, event and whether it is sold (409 STALE_REVISION)",
  })
  update(
    @CurrentStaff() staff: StaffIdentity,
    @ZodParams(idParams) p: z.infer<typeof idParams>,
    @ZodBody(updateProductBody) body: z.infer<typeof updateProductBody>,
  ): Promise<AdminProduct> {
    const { revision, ...fields } = body;
    return this.products.update(staff, p.id, revision, fields);
  }
}

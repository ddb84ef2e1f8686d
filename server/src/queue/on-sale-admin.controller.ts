import { Controller, Get, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  BACK_OFFICE_PERMISSION,
  ON_SALE_LIMITS,
  withinBusinessScope,
  type OnSaleConfig,
  type OnSaleControlRoom,
  type OnSaleListResponse,
  type OnSalePresentationsResponse,
} from '@hotline/shared';
import { AuditLogRepository, CurrentStaff, StaffOnly, type StaffIdentity } from '../backoffice';
import { AppError } from '../common/app-error';
import { dbId, idString, isoMoment } from '../common/ids';
import { RATE_LIMITS, RateLimit } from '../common/rate-limit';
import { ZodBody, ZodParams } from '../common/validation';
import { ControlRoomService } from './control-room.service';
import { OnSaleRepository } from './on-sale.repository';
import { OnSales } from './on-sales';

const onSaleBody = z
  .object({
    presentationId: dbId.nullable().optional(),
    featureId: dbId.nullable().optional(),
    enabled: z.boolean(),
    saleStartsAt: isoMoment,
    maxActive: z.number().int().min(ON_SALE_LIMITS.maxActive.min).max(ON_SALE_LIMITS.maxActive.max),
    admitPerMinute: z.number().int().min(ON_SALE_LIMITS.admitPerMinute.min).max(ON_SALE_LIMITS.admitPerMinute.max),
    shoppingMinutes: z.number().int().min(ON_SALE_LIMITS.shoppingMinutes.min).max(ON_SALE_LIMITS.shoppingMinutes.max),
  })
  .refine((b) => ((b.presentationId ?? null) === null) !== ((b.featureId ?? null) === null), {
    message: 'exactly one of presentationId and featureId',
  });

const controlRoomParams = z.object({ presentationId: idString });

/**
 * On-sale configuration for staff with the on-sale permission (until the back office has a
 * screen for it): list, and create or replace one presentation's or one feature's on-sale.
 * Business scope applies: staff only configure presentations of their businesses. Audited.
 */
@ApiTags('back office')
@Controller('admin/on-sales')
@StaffOnly(BACK_OFFICE_PERMISSION.onSaleAdmin)
export class OnSaleAdminController {
  constructor(
    private readonly repository: OnSaleRepository,
    private readonly onSales: OnSales,
    private readonly audit: AuditLogRepository,
    private readonly controlRooms: ControlRoomService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Every configured on-sale' })
  async list(): Promise<OnSaleListResponse> {
    return { onSales: await this.repository.list() };
  }

  @Get('presentations')
  @RateLimit(RATE_LIMITS.boxOffice)
  @ApiOperation({ summary: "Your businesses' coming presentations with the on-sale that applies to each" })
  async presentations(@CurrentStaff() staff: StaffIdentity): Promise<OnSalePresentationsResponse> {
    return { presentations: await this.repository.presentationsOf(staff.businessIds) };
  }

  @Get(':presentationId/control-room')
  @RateLimit(RATE_LIMITS.boxOffice)
  @ApiOperation({ summary: 'One on-sale as it happens: the line, admissions, shoppers, seats and sales (polled)' })
  async controlRoom(
    @CurrentStaff() staff: StaffIdentity,
    @ZodParams(controlRoomParams) params: z.infer<typeof controlRoomParams>,
  ): Promise<OnSaleControlRoom> {
    const business = await this.controlRooms.businessOf(params.presentationId);
    if (business === null) throw new AppError('ON_SALE_NOT_FOUND');
    if (!withinBusinessScope(staff.businessIds, [business])) throw new AppError('STAFF_BUSINESS_SCOPE');
    return this.controlRooms.read(params.presentationId);
  }

  @Put()
  @RateLimit(RATE_LIMITS.boxOffice)
  @ApiOperation({ summary: "Creates or replaces a presentation's (or a feature's) on-sale and waiting room" })
  async put(
    @CurrentStaff() staff: StaffIdentity,
    @ZodBody(onSaleBody) body: z.infer<typeof onSaleBody>,
  ): Promise<OnSaleConfig> {
    const target = { presentationId: body.presentationId ?? null, featureId: body.featureId ?? null };
    const businesses = await this.repository.businessesOf(target);
    if (businesses === null) throw new AppError('ON_SALE_NOT_FOUND');
    if (!withinBusinessScope(staff.businessIds, businesses)) throw new AppError('STAFF_BUSINESS_SCOPE');
    const saved = await this.repository.upsert({ ...body, ...target }, staff.userId);
    await this.onSales.refresh();
    await this.audit.record({
      staffUserId: staff.userId,
      action: 'on-sale',
      subject: target.presentationId !== null ? `presentation:${target.presentationId}` : `feature:${target.featureId}`,
      detail: { ...saved },
    });
    return saved;
  }
}

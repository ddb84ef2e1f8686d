import { Controller, Get, Headers, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import type { BoxOfficeHoldPaymentResponse, CustomerHoldsResponse } from '@hotline/shared';
import { BACK_OFFICE_PERMISSION } from '@hotline/shared';
import { AuditLogRepository, BusinessScope, CurrentStaff, StaffOnly, type StaffIdentity } from '../backoffice';
import { AppError } from '../common/app-error';
import { resolveLocale } from '../common/locale';
import { RATE_LIMITS, RateLimit } from '../common/rate-limit';
import { parseInput, ZodBody } from '../common/validation';
import { HoldPaymentService } from './hold-payment.service';
import { HoldSummaries } from './hold-summaries.service';
import { HoldsRepository, type HoldRow } from './holds.repository';

const payBody = z.object({
  method: z.enum(['cash', 'terminal']),
  /** The counter's idempotency key for this payment (a uuid made when the payment dialog opens). */
  paymentKey: z.uuid('must be a uuid'),
});
const resIdParam = z.object({ resId: z.string().regex(/^[A-Z0-9]{4,32}$/, 'is not a reservation identifier') });

/** The box office's side of hold orders (permission 267, producer ticket sale): the unpaid holds, and taking payment. */
@ApiTags('back office')
@Controller('backoffice/holds')
export class BoxOfficeHoldsController {
  constructor(
    private readonly holds: HoldsRepository,
    private readonly summaries: HoldSummaries,
    private readonly payments: HoldPaymentService,
    private readonly scope: BusinessScope,
    private readonly audit: AuditLogRepository,
  ) {}

  @Get()
  @StaffOnly(BACK_OFFICE_PERMISSION.producerTicketSale)
  @RateLimit(RATE_LIMITS.boxOffice)
  @ApiOperation({ summary: 'Unpaid hold orders, soonest deadline first (the staff member’s businesses only)' })
  async list(
    @CurrentStaff() staff: StaffIdentity,
    @Query() query: unknown,
    @Headers('accept-language') acceptLanguage?: string,
  ): Promise<CustomerHoldsResponse> {
    const rows = await this.holds.openHolds(200);
    const summaries = await this.summaries.summarise(rows, resolveLocale(query, acceptLanguage));
    const visible: typeof summaries = [];
    for (const s of summaries)
      if (
        await this.inScope(
          staff,
          s.events.map((e) => e.presentationId),
        )
      )
        visible.push(s);
    return { holds: visible };
  }

  @Post(':resId/pay')
  @ApiParam({
    name: 'resId',
    required: true,
    description: "The hold's reservation identifier",
    schema: { type: 'string' },
  })
  @HttpCode(200)
  @StaffOnly(BACK_OFFICE_PERMISSION.producerTicketSale)
  @RateLimit(RATE_LIMITS.boxOffice)
  @ApiOperation({
    summary: 'Takes payment for a hold at the counter (cash or the terminal); idempotent per paymentKey',
  })
  async pay(
    @CurrentStaff() staff: StaffIdentity,
    @Param() params: unknown,
    @ZodBody(payBody) body: z.infer<typeof payBody>,
    @Query() query: unknown,
    @Headers('accept-language') acceptLanguage?: string,
  ): Promise<BoxOfficeHoldPaymentResponse> {
    const { resId } = parseInput(resIdParam, params);
    const hold = await this.holds.holdByIdentifier(resId);
    if (!hold || !(await this.inScope(staff, await this.presentationsOf(hold)))) throw new AppError('HOLD_NOT_FOUND');
    const paid = await this.payments.payAtBoxOffice(
      hold,
      body.method,
      body.paymentKey,
      resolveLocale(query, acceptLanguage),
    );
    if (!paid.replayed) {
      await this.audit.record({
        staffUserId: staff.userId,
        action: 'hold-paid',
        subject: `reservation:${hold.reservationId}`,
        detail: { method: body.method, amountAgorot: hold.totalAgorot },
      });
    }
    return {
      reservationIdentifier: paid.reservationIdentifier,
      method: body.method,
      charged: paid.charged,
      replayed: paid.replayed,
    };
  }

  private async presentationsOf(hold: HoldRow): Promise<number[]> {
    return [...new Set((await this.holds.ticketsOf([hold.reservationId])).map((t) => t.presentationId))];
  }

  private async inScope(staff: StaffIdentity, presentationIds: number[]): Promise<boolean> {
    try {
      for (const id of presentationIds) await this.scope.presentation(staff, id);
      return true;
    } catch {
      return false;
    }
  }
}

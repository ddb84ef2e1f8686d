import { Controller, Get, HttpCode, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { BACK_OFFICE_PERMISSION, isValidIsraeliMobile, normaliseMobile } from '@hotline/shared';
import { idString, isoDate } from '../common/ids';
import { resolveLocale } from '../common/locale';
import { RATE_LIMITS, RateLimit } from '../common/rate-limit';
import { ZodBody, ZodParams, ZodQuery } from '../common/validation';
import { ProducerReservationsService } from './producer-reservations.service';
import { CurrentStaff, StaffOnly } from './staff.guard';
import type { StaffIdentity } from './staff.repository';

const reservationId = z.string().regex(/^[A-Za-z0-9-]{1,40}$/);
const listQuery = z.object({
  featureId: idString.optional(),
  presentationId: idString.optional(),
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
});
const resendQuery = z.object({ resId: reservationId });
const resParams = z.object({ resId: reservationId });
const producerCancelBody = z.object({ isHoldRes: z.boolean().optional().default(false) });
const sendTicketsBody = z.object({
  mobileNumber: z
    .string()
    .max(30)
    .transform((m) => normaliseMobile(m))
    .refine((m) => isValidIsraeliMobile(m), 'must be an Israeli mobile number'),
});

/** Producer reservations (permission 268) and sending tickets (267): the spec's calls. */
@ApiTags('back office')
@Controller()
export class ProducerReservationsController {
  constructor(private readonly reservations: ProducerReservationsService) {}

  @Get('PRES-live/v2/producerReservations')
  @StaffOnly(BACK_OFFICE_PERMISSION.producerReservations)
  @RateLimit(RATE_LIMITS.boxOffice)
  @ApiOperation({ summary: "Your businesses' live reservations (paid or on hold), by feature, presentation, dates" })
  list(@CurrentStaff() staff: StaffIdentity, @ZodQuery(listQuery) q: z.infer<typeof listQuery>) {
    return this.reservations.list(staff, q);
  }

  @Get('PRES-live/v2/sendResAgain')
  @StaffOnly(BACK_OFFICE_PERMISSION.producerReservations)
  @RateLimit(RATE_LIMITS.boxOffice)
  @ApiOperation({ summary: 'Sends the order confirmation again to the e-mail and mobile of the order' })
  sendAgain(@CurrentStaff() staff: StaffIdentity, @ZodQuery(resendQuery) q: z.infer<typeof resendQuery>) {
    return this.reservations.sendAgain(staff, q.resId);
  }

  @Post('pres-live/sendTickets/:resId')
  @HttpCode(200)
  @StaffOnly(BACK_OFFICE_PERMISSION.producerTicketSale)
  @RateLimit(RATE_LIMITS.boxOffice)
  @ApiOperation({ summary: 'Sends the tickets of an order by SMS to a mobile number (box office)' })
  sendTickets(
    @CurrentStaff() staff: StaffIdentity,
    @ZodParams(resParams) p: z.infer<typeof resParams>,
    @ZodBody(sendTicketsBody) body: z.infer<typeof sendTicketsBody>,
  ) {
    return this.reservations.sendTickets(staff, p.resId, body.mobileNumber);
  }

  @Post('reservations/:resId/producerCancel')
  @HttpCode(200)
  @StaffOnly(BACK_OFFICE_PERMISSION.producerReservations)
  @RateLimit(RATE_LIMITS.boxOffice)
  @ApiOperation({
    summary: 'Cancels a whole order of your businesses: seats back on sale live, full refund through the provider',
  })
  producerCancel(
    @CurrentStaff() staff: StaffIdentity,
    @ZodParams(resParams) p: z.infer<typeof resParams>,
    @ZodBody(producerCancelBody) body: z.infer<typeof producerCancelBody>,
    @Req() request: FastifyRequest,
  ) {
    const locale = resolveLocale(request.query, request.headers['accept-language']);
    return this.reservations.cancel(staff, p.resId, body.isHoldRes, locale);
  }
}

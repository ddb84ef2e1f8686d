import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { BACK_OFFICE_PERMISSION, type CapacityReportResponse, type SalesReport } from '@hotline/shared';
import { flag, idList, idString, isoDate } from '../common/ids';
import { RATE_LIMITS, RateLimit } from '../common/rate-limit';
import { ZodParams, ZodQuery } from '../common/validation';
import { ReportsService } from './reports.service';
import { CurrentStaff, StaffOnly } from './staff.guard';
import type { StaffIdentity } from './staff.repository';

const range = { startDate: isoDate.optional(), endDate: isoDate.optional() };
const featuresQuery = z.object(range);
const presentationsQuery = z.object({ ...range, featureId: idString.optional() });
const featureDataQuery = z.object({
  ...range,
  featureId: idString,
  locationId: idString.optional(),
  presentationIds: idList.optional(),
  transactionBusinessStartDate: isoDate.optional(),
  transactionBusinessEndDate: isoDate.optional(),
});
const presentationDataQuery = z.object({ presentationId: idString });
const salesQuery = z.object({ ...range, dateType: z.enum(['1', '2']).transform(Number).optional() });
const dateParams = z.object({ date: isoDate });
const locationDataParams = z.object({ date: isoDate, mode: z.literal('0') });
const featureSalesQuery = z.object({
  locationId: idString.optional(),
  featureId: idString.optional(),
  isByLocation: flag.optional(),
});

/**
 * The presentations report (permission 266), the spec's GET calls under /api/PRES-live.
 * Every answer is limited to the staff member's businesses (docs/back-office.md).
 */
@ApiTags('back office')
@Controller('PRES-live')
@StaffOnly(BACK_OFFICE_PERMISSION.presentationsReport)
export class ReportsController {
  constructor(private readonly reports: ReportsService) {}

  @Get('v2/availableFeatures')
  @RateLimit(RATE_LIMITS.boxOffice)
  @ApiOperation({ summary: 'Features with presentations in your businesses (optionally in a date range)' })
  availableFeatures(@CurrentStaff() staff: StaffIdentity, @ZodQuery(featuresQuery) q: z.infer<typeof featuresQuery>) {
    return this.reports.availableFeatures(staff, q);
  }

  @Get('v2/availablePresentations')
  @RateLimit(RATE_LIMITS.boxOffice)
  @ApiOperation({ summary: 'Presentations in your businesses, optionally of one feature and date range' })
  availablePresentations(
    @CurrentStaff() staff: StaffIdentity,
    @ZodQuery(presentationsQuery) q: z.infer<typeof presentationsQuery>,
  ) {
    return this.reports.availablePresentations(staff, q);
  }

  @Get('v2/featureData')
  @RateLimit(RATE_LIMITS.boxOffice)
  @ApiOperation({ summary: "A feature's sales: per presentation capacity/sold, ticket types, sales per day" })
  featureData(
    @CurrentStaff() staff: StaffIdentity,
    @ZodQuery(featureDataQuery) q: z.infer<typeof featureDataQuery>,
  ): Promise<SalesReport> {
    return this.reports.featureData(staff, q);
  }

  @Get('v2/presentationData')
  @RateLimit(RATE_LIMITS.boxOffice)
  @ApiOperation({ summary: "One presentation's sales, with sold seats per section" })
  presentationData(
    @CurrentStaff() staff: StaffIdentity,
    @ZodQuery(presentationDataQuery) q: z.infer<typeof presentationDataQuery>,
  ) {
    return this.reports.presentationData(staff, q.presentationId);
  }

  @Get('locationTicketSales')
  @RateLimit(RATE_LIMITS.boxOffice)
  @ApiOperation({ summary: 'Capacity by cinema: the default date' })
  locationTicketSales() {
    return { date: this.reports.todayKey() };
  }

  @Get('locationTicketSales/data/:date/:mode')
  @RateLimit(RATE_LIMITS.boxOffice)
  @ApiOperation({ summary: 'Capacity by cinema on a day (location 1 not totalled; total row id -1)' })
  locationTicketSalesData(
    @CurrentStaff() staff: StaffIdentity,
    @ZodParams(locationDataParams) p: z.infer<typeof locationDataParams>,
  ): Promise<CapacityReportResponse> {
    return this.reports.capacityByLocation(staff, p.date);
  }

  @Get('featureTicketSales')
  @RateLimit(RATE_LIMITS.boxOffice)
  @ApiOperation({ summary: 'Capacity by movie: the default date' })
  featureTicketSales() {
    return { date: this.reports.todayKey() };
  }

  @Get('featureTicketSales/data/:date')
  @RateLimit(RATE_LIMITS.boxOffice)
  @ApiOperation({ summary: 'Capacity by movie on a day, optionally of a location or feature, or by movie and cinema' })
  featureTicketSalesData(
    @CurrentStaff() staff: StaffIdentity,
    @ZodParams(dateParams) p: z.infer<typeof dateParams>,
    @ZodQuery(featureSalesQuery) q: z.infer<typeof featureSalesQuery>,
  ): Promise<CapacityReportResponse> {
    return this.reports.capacityByFeature(staff, p.date, q);
  }

  @Get('monitors/PresentationSales/data')
  @RateLimit(RATE_LIMITS.boxOffice)
  @ApiOperation({
    summary: 'Presentation sales in a date range (default the last month to today; dateType 2 = by sale date)',
  })
  presentationSales(
    @CurrentStaff() staff: StaffIdentity,
    @ZodQuery(salesQuery) q: z.infer<typeof salesQuery>,
  ): Promise<SalesReport> {
    return this.reports.presentationSales(staff, { ...q, dateType: q.dateType as 1 | 2 | undefined });
  }
}

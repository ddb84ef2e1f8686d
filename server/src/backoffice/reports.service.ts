import { Injectable } from '@nestjs/common';
import {
  capacityReport,
  jerusalemDateKey,
  reportVenueKind,
  jerusalemDayRangeUtc,
  withinBusinessScope,
  type CapacityReportResponse,
  type SalesReport,
} from '@hotline/shared';
import { AppError } from '../common/app-error';
import { Clock } from '../common/clock';
import { ReportsRepository, type PresentationSalesRow, type ReportFilter } from './reports.repository';
import { BusinessScope } from './business-scope.service';
import type { StaffIdentity } from './staff.repository';

/** The spec's defaults: business (sale) dates 2000-01-01 to 3000-01-01. */
const ALL_SALES = { saleFrom: '2000-01-01T00:00:00Z', saleTo: '3000-01-01T00:00:00Z' };
const ALL_TIME = { from: '2000-01-01T00:00:00Z', to: '3000-01-01T00:00:00Z' };

export interface DateRange {
  startDate?: string;
  endDate?: string;
}

/** Whole days in Asia/Jerusalem, end day included: [start of startDate, start of the day after endDate). */
function dayRange(startDate: string, endDate: string): { from: string; to: string } {
  const from = jerusalemDayRangeUtc(startDate).startUtc;
  const to = jerusalemDayRangeUtc(endDate).endUtc;
  if (from >= to) throw new AppError('INVALID_QUERY', {}, 400);
  return { from, to };
}

function salesReport(
  rows: PresentationSalesRow[],
  extra: Pick<SalesReport, 'ticketTypes' | 'salesByDay'>,
): SalesReport {
  const presentations = rows.map((r) => ({
    PresentationId: r.presentationId,
    FeatureId: r.featureId,
    FeatureName: r.featureName,
    FeatureNameEn: r.featureNameEn,
    FeatureNameRu: r.featureNameRu,
    FeatureNameAr: r.featureNameAr,
    LocationId: r.locationId,
    LocationName: r.locationName,
    LocationNameEn: r.locationNameEn,
    LocationNameRu: r.locationNameRu,
    LocationNameAr: r.locationNameAr,
    PresentationDateTime: r.dateTime,
    Capacity: r.capacity,
    Sold: r.sold,
    Held: r.held,
    Availability: Math.max(0, r.capacity - r.sold - r.held),
    RevenueAgorot: r.revenueAgorot,
  }));
  const sum = (k: 'Capacity' | 'Sold' | 'Held' | 'RevenueAgorot') => presentations.reduce((s, p) => s + p[k], 0);
  return {
    presentations,
    totals: {
      Capacity: sum('Capacity'),
      Sold: sum('Sold'),
      Held: sum('Held'),
      Availability: Math.max(0, sum('Capacity') - sum('Sold') - sum('Held')),
      RevenueAgorot: sum('RevenueAgorot'),
    },
    ...extra,
  };
}

/**
 * The presentations report (permission 266): every query is limited to the staff member's
 * businesses, and an id the call names that belongs to another business is refused
 * (STAFF_BUSINESS_SCOPE) rather than silently filtered, so a producer learns nothing from it.
 */
@Injectable()
export class ReportsService {
  constructor(
    private readonly reports: ReportsRepository,
    private readonly scope: BusinessScope,
    private readonly clock: Clock,
  ) {}

  /** The spec's default history range: the last month to today. */
  private lastMonth(): { startDate: string; endDate: string } {
    const now = this.clock.now();
    const monthAgo = new Date(now);
    monthAgo.setUTCMonth(monthAgo.getUTCMonth() - 1);
    return { startDate: jerusalemDateKey(monthAgo), endDate: jerusalemDateKey(now) };
  }

  async checkFeature(staff: StaffIdentity, featureId: number): Promise<void> {
    const f = await this.reports.featureBusinesses(featureId);
    if (!f.exists) throw new AppError('FEATURE_NOT_FOUND');
    if (f.businessIds.length > 0 && !f.businessIds.some((b) => staff.businessIds.includes(b)))
      throw new AppError('STAFF_BUSINESS_SCOPE');
  }

  async checkLocation(staff: StaffIdentity, locationId: number): Promise<void> {
    const b = await this.reports.locationBusiness(locationId);
    if (b === null) throw new AppError('LOCATION_NOT_FOUND');
    if (!withinBusinessScope(staff.businessIds, [b])) throw new AppError('STAFF_BUSINESS_SCOPE');
  }

  async checkPresentations(staff: StaffIdentity, ids: number[]): Promise<void> {
    await this.scope.presentations(staff, ids);
  }

  async availableFeatures(staff: StaffIdentity, q: DateRange) {
    const range =
      q.startDate || q.endDate ? dayRange(q.startDate ?? '2000-01-01', q.endDate ?? '2999-12-31') : ALL_TIME;
    return { features: await this.reports.availableFeatures(staff.businessIds, range.from, range.to) };
  }

  async availablePresentations(staff: StaffIdentity, q: DateRange & { featureId?: number }) {
    if (q.featureId !== undefined) await this.checkFeature(staff, q.featureId);
    const range =
      q.startDate || q.endDate ? dayRange(q.startDate ?? '2000-01-01', q.endDate ?? '2999-12-31') : ALL_TIME;
    const rows = await this.reports.presentationList(staff.businessIds, range.from, range.to, q.featureId);
    return {
      presentations: rows.map((r) => ({
        PresentationId: r.presentationId,
        FeatureId: r.featureId,
        FeatureName: r.featureName,
        FeatureNameEn: r.featureNameEn,
        FeatureNameRu: r.featureNameRu,
        FeatureNameAr: r.featureNameAr,
        LocationId: r.locationId,
        LocationName: r.locationName,
        LocationNameEn: r.locationNameEn,
        LocationNameRu: r.locationNameRu,
        LocationNameAr: r.locationNameAr,
        PresentationDateTime: r.dateTime,
      })),
    };
  }

  async featureData(
    staff: StaffIdentity,
    q: DateRange & {
      featureId: number;
      locationId?: number;
      presentationIds?: number[];
      transactionBusinessStartDate?: string;
      transactionBusinessEndDate?: string;
    },
  ): Promise<SalesReport> {
    await this.checkFeature(staff, q.featureId);
    if (q.locationId !== undefined) await this.checkLocation(staff, q.locationId);
    if (q.presentationIds?.length) await this.checkPresentations(staff, q.presentationIds);
    const range =
      q.startDate || q.endDate ? dayRange(q.startDate ?? '2000-01-01', q.endDate ?? '2999-12-31') : ALL_TIME;
    const sales =
      q.transactionBusinessStartDate || q.transactionBusinessEndDate
        ? dayRange(q.transactionBusinessStartDate ?? '2000-01-01', q.transactionBusinessEndDate ?? '2999-12-31')
        : { from: ALL_SALES.saleFrom, to: ALL_SALES.saleTo };
    return this.report({
      businessIds: staff.businessIds,
      ...range,
      saleFrom: sales.from,
      saleTo: sales.to,
      featureId: q.featureId,
      locationId: q.locationId,
      presentationIds: q.presentationIds,
    });
  }

  async presentationData(staff: StaffIdentity, presentationId: number) {
    await this.checkPresentations(staff, [presentationId]);
    const filter: ReportFilter = {
      businessIds: staff.businessIds,
      ...ALL_TIME,
      ...ALL_SALES,
      presentationIds: [presentationId],
    };
    const [report, sections] = await Promise.all([this.report(filter), this.reports.sections(filter)]);
    return {
      ...report,
      sections: sections.map((s) => ({ SectionId: s.sectionId, Name: s.name, NameEn: s.nameEn, Sold: s.sold })),
    };
  }

  /** GET /PRES-live/monitors/PresentationSales/data: dateType 2 (default) = by sale date, 1 = by show date. */
  async presentationSales(staff: StaffIdentity, q: DateRange & { dateType?: 1 | 2 }): Promise<SalesReport> {
    const d = { ...this.lastMonth(), ...Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined)) };
    const range = dayRange(d.startDate, d.endDate);
    const filter: ReportFilter =
      (q.dateType ?? 2) === 2
        ? { businessIds: staff.businessIds, ...ALL_TIME, saleFrom: range.from, saleTo: range.to }
        : { businessIds: staff.businessIds, from: range.from, to: range.to, ...ALL_SALES };
    const report = await this.report(filter);
    // By sale date, a presentation with no sale (nor seats held) in the range is not part of the answer.
    if ((q.dateType ?? 2) === 2) report.presentations = report.presentations.filter((p) => p.Sold > 0 || p.Held > 0);
    return report;
  }

  private async report(filter: ReportFilter): Promise<SalesReport> {
    const [rows, ticketTypes, days] = await Promise.all([
      this.reports.presentations(filter),
      this.reports.ticketTypes(filter),
      this.reports.salesByDay(filter),
    ]);
    return salesReport(rows, {
      ticketTypes: ticketTypes.map((t) => ({
        TicketId: t.ticketId,
        Name: t.name,
        NameEn: t.nameEn,
        NameRu: t.nameRu,
        NameAr: t.nameAr,
        Sold: t.sold,
        RevenueAgorot: t.revenueAgorot,
      })),
      salesByDay: days.map((d) => ({ Date: d.date, Sold: d.sold, RevenueAgorot: d.revenueAgorot })),
    });
  }

  /** Capacity by cinema for presentations on one day (location 1 not totalled; total row -1). */
  async capacityByLocation(staff: StaffIdentity, date: string): Promise<CapacityReportResponse> {
    const rows = await this.reports.presentations({
      businessIds: staff.businessIds,
      ...dayRange(date, date),
      ...ALL_SALES,
    });
    const by = new Map<
      number,
      { row: PresentationSalesRow; name: string; nameEn: string; capacity: number; sold: number; held: number }
    >();
    for (const r of rows) {
      const e = by.get(r.locationId) ?? {
        row: r,
        name: r.locationName,
        nameEn: r.locationNameEn,
        capacity: 0,
        sold: 0,
        held: 0,
      };
      e.capacity += r.capacity;
      e.sold += r.sold;
      e.held += r.held;
      by.set(r.locationId, e);
    }
    const names = new Map([...by].map(([id, e]) => [id, e]));
    const lines = capacityReport(
      [...by].map(([id, e]) => ({
        id,
        name: e.name,
        capacity: e.capacity,
        sold: e.sold,
        held: e.held,
        locationId: id,
      })),
    );
    return {
      date,
      venueKind: reportVenueKind(rows.map((r) => r.venueKind)),
      rows: lines.map((l) => ({
        LocationId: l.id,
        Name: l.name,
        NameEn: names.get(l.id)?.nameEn ?? 'All cinemas',
        NameRu: names.get(l.id)?.row.locationNameRu ?? null,
        NameAr: names.get(l.id)?.row.locationNameAr ?? null,
        Capacity: l.Capacity,
        Sold: l.Sold,
        Held: l.Held,
        Availability: l.Availability,
      })),
    };
  }

  /** Capacity by movie for one day, optionally of one location or feature, or by movie and location. */
  async capacityByFeature(
    staff: StaffIdentity,
    date: string,
    q: { locationId?: number; featureId?: number; isByLocation?: boolean },
  ): Promise<CapacityReportResponse> {
    if (q.locationId !== undefined) await this.checkLocation(staff, q.locationId);
    if (q.featureId !== undefined) await this.checkFeature(staff, q.featureId);
    const rows = await this.reports.presentations({
      businessIds: staff.businessIds,
      ...dayRange(date, date),
      ...ALL_SALES,
      locationId: q.locationId,
      featureId: q.featureId,
    });
    const key = (r: PresentationSalesRow) => (q.isByLocation ? `${r.featureId}:${r.locationId}` : `${r.featureId}`);
    const by = new Map<
      string,
      { row: PresentationSalesRow; capacity: number; sold: number; held: number; locations: Set<number> }
    >();
    for (const r of rows) {
      const e = by.get(key(r)) ?? { row: r, capacity: 0, sold: 0, held: 0, locations: new Set<number>() };
      e.capacity += r.capacity;
      e.sold += r.sold;
      e.held += r.held;
      e.locations.add(r.locationId);
      by.set(key(r), e);
    }
    const entries = [...by.values()];
    const lines = capacityReport(
      entries.map((e) => ({
        id: e.row.featureId,
        name: q.isByLocation ? `${e.row.featureName} — ${e.row.locationName}` : e.row.featureName,
        capacity: e.capacity,
        sold: e.sold,
        held: e.held,
        locationId: e.locations.size === 1 ? [...e.locations][0]! : null,
      })),
    );
    // "Movie — Cinema" by location; each part in the reader's language where it has one.
    const joined = (e: (typeof entries)[number], locale: 'Ru' | 'Ar') => {
      const feature = e.row[`featureName${locale}`];
      const location = e.row[`locationName${locale}`];
      if (!q.isByLocation) return feature;
      return feature && location ? `${feature} — ${location}` : null;
    };
    return {
      date,
      venueKind: reportVenueKind(rows.map((r) => r.venueKind)),
      rows: lines.map((l, i) => {
        const e = entries[i];
        return {
          FeatureId: l.id,
          ...(q.isByLocation && e ? { LocationId: e.row.locationId } : {}),
          Name: l.name,
          NameEn: e
            ? q.isByLocation
              ? `${e.row.featureNameEn} — ${e.row.locationNameEn}`
              : e.row.featureNameEn
            : 'All cinemas',
          NameRu: e ? joined(e, 'Ru') : null,
          NameAr: e ? joined(e, 'Ar') : null,
          Capacity: l.Capacity,
          Sold: l.Sold,
          Held: l.Held,
          Availability: l.Availability,
        };
      }),
    };
  }

  /** Today in Asia/Jerusalem: the reports' default date. */
  todayKey(): string {
    return jerusalemDateKey(this.clock.now());
  }
}

import type {
  ApiFeature,
  ApiPresentation,
  ApiProduct,
  ApiSeatplan,
  ColumnarSeatplan,
  ApiSection,
  ApiTicket,
  ApiTicketGroup,
} from '@hotline/shared';
import {
  agorotToShekels,
  presentationAvailability,
  saleWindowState,
  seatingMode,
  toColumnarSeatplan,
} from '@hotline/shared';
import type {
  CatalogueTranslations,
  FeatureEntity,
  ProductEntity,
  TicketEntity,
  TicketGroupEntity,
} from '../database/entities';
import { mediaUrl } from '../media';
import type { CatalogueRepository, PresentationRow } from './catalogue.repository';

/** One translated text of a row (`translations.ru.name`), or null where there is none. */
function tr(row: { translations?: CatalogueTranslations | null }, locale: 'ru' | 'ar', field = 'name'): string | null {
  const text = row.translations?.[locale]?.[field];
  return typeof text === 'string' && text.trim() !== '' ? text : null;
}

export function toApiFeature(f: FeatureEntity): ApiFeature {
  return {
    id: f.id,
    name: f.name,
    nameEn: f.nameEn,
    nameRu: tr(f, 'ru'),
    nameAr: tr(f, 'ar'),
    featureCategoryId: f.featureCategoryId,
    featureCategoryName: f.categoryName,
    featureCategoryNameEn: f.categoryNameEn,
    featureCategoryNameRu: tr(f, 'ru', 'categoryName'),
    featureCategoryNameAr: tr(f, 'ar', 'categoryName'),
    description: f.description,
    descriptionEn: f.descriptionEn,
    descriptionRu: tr(f, 'ru', 'description'),
    descriptionAr: tr(f, 'ar', 'description'),
    durationMinutes: f.durationMinutes,
    // The uploaded image when there is one (immutable, by content hash), else the generated placeholder.
    image: f.imageName ? mediaUrl(f.imageName) : `/api/features/${f.id}/placeholderImage`,
  };
}

/** `now`: the server's clock, for where the date stands against its sale window. */
export function toApiPresentation(row: PresentationRow, now: Date): ApiPresentation {
  const { presentation: p, feature, location, venue } = row;
  const seating = seatingMode({ reservedSectionCount: row.reservedSections, gaSectionCount: row.gaSections });
  return {
    id: p.id,
    featureId: p.featureId,
    featureName: feature.name,
    featureNameEn: feature.nameEn,
    featureNameRu: tr(feature, 'ru'),
    featureNameAr: tr(feature, 'ar'),
    featureCategoryName: feature.categoryName,
    locationId: p.locationId,
    locationName: location.name,
    locationNameEn: location.nameEn,
    locationNameRu: tr(location, 'ru'),
    locationNameAr: tr(location, 'ar'),
    businessId: p.businessId,
    authProfileId: p.authProfileId,
    venueId: p.venueId,
    venueName: venue.name,
    venueNameEn: venue.nameEn,
    venueNameRu: tr(venue, 'ru'),
    venueNameAr: tr(venue, 'ar'),
    seatplanId: p.seatplanId,
    venueTypeId: p.venueTypeId,
    dateTime: p.dateTime.toISOString(),
    seatingPolicyId: p.seatingPolicyId,
    isReserved: p.isReserved && row.reservedSections > 0,
    isGA: seating.isGA,
    soldout: p.soldout,
    availability: presentationAvailability({ soldoutFlag: p.soldout, capacity: row.capacity, sold: row.sold }),
    salesOpenAt: p.salesOpenAt?.toISOString() ?? null,
    salesCloseAt: p.salesCloseAt?.toISOString() ?? null,
    saleWindow: saleWindowState({ opensAt: p.salesOpenAt, closesAt: p.salesCloseAt }, now),
    seatingMode: seating.seatingMode,
    hasReservedSection: seating.hasReservedSection,
    hasGASection: seating.hasGASection,
    hasMultiGASections: seating.hasMultiGASections,
    maxSeatsPerOrder: p.maxSeatsPerOrder,
    noSingleSeatGap: p.noSingleSeatGap,
    holdPolicy: {
      allowed: p.holdsAllowed,
      holders: p.holdHolders,
      releaseMinutesBeforeStart: p.holdReleaseMinutes,
      maxHoldMinutes: p.holdMaxMinutes,
    },
    priceFrom: row.priceFromAgorot === null ? null : agorotToShekels(row.priceFromAgorot),
    viewAreaFilename: null,
    imageMapHtml: null,
  };
}

/** Russian and Arabic ticket prompts, where the ticket's translations carry them (ref1prompt, ref2prompt). */
function promptTranslations(t: TicketEntity): Partial<ApiTicket> {
  const out: Partial<ApiTicket> = {};
  if (!t.ref1Prompt) return out;
  for (const field of ['ref1prompt', 'ref2prompt'] as const) {
    const ru = tr(t, 'ru', field);
    const ar = tr(t, 'ar', field);
    if (ru) out[`${field}Ru`] = ru;
    if (ar) out[`${field}Ar`] = ar;
  }
  return out;
}

export function toApiTicket(t: TicketEntity): ApiTicket {
  return {
    id: t.id,
    ticketGroupId: t.ticketGroupId,
    name: t.name,
    nameEn: t.nameEn,
    nameRu: tr(t, 'ru'),
    nameAr: tr(t, 'ar'),
    price: agorotToShekels(t.price),
    oldPrice: t.oldPrice === null ? null : agorotToShekels(t.oldPrice),
    serviceCharge: agorotToShekels(t.serviceCharge),
    pricePolicyId: t.pricePolicyId,
    code: null,
    multiplyFactor: t.multiplyFactor,
    // Only on tickets priced for an age (a child's ticket): its lower price is who sits there, not a saving.
    ...(t.minAge != null || t.maxAge != null ? { minAge: t.minAge, maxAge: t.maxAge } : {}),
    ...(t.ref1Prompt ? { ref1prompt: t.ref1Prompt, ref1promptEn: t.ref1PromptEn ?? t.ref1Prompt } : {}),
    ...(t.ref2Prompt ? { ref2prompt: t.ref2Prompt, ref2promptEn: t.ref2PromptEn ?? t.ref2Prompt } : {}),
    ...promptTranslations(t),
  };
}

/** Public lists never reveal coded tickets (coupons, vouchers): they are fetched by code. */
export function toApiTicketGroup(group: TicketGroupEntity, tickets: TicketEntity[]): ApiTicketGroup {
  return {
    id: group.id,
    name: group.name,
    nameEn: group.nameEn,
    nameRu: tr(group, 'ru'),
    nameAr: tr(group, 'ar'),
    color: group.color,
    zoneId: group.zoneId,
    isByCodeEnabled: group.isByCodeEnabled,
    tickets: tickets.filter((t) => t.code === null).map(toApiTicket),
    voucherTickets: [],
  };
}

/** `held`: units live orders hold (what the stock has given out); display only, the commit decides. */
export function toApiProduct(p: ProductEntity, held = 0): ApiProduct {
  return {
    id: p.id,
    name: p.name,
    nameEn: p.nameEn,
    nameRu: tr(p, 'ru'),
    nameAr: tr(p, 'ar'),
    price: agorotToShekels(p.price),
    image: `/api/products/${p.id}/image`,
    isDeliveryRequired: p.isDeliveryRequired,
    perOrder: p.perOrder,
    available: p.stock === null ? null : Math.max(0, p.stock - held),
  };
}

type LoadedSeatplan = NonNullable<Awaited<ReturnType<CatalogueRepository['findSeatplan']>>>;

/** Builds the nested sections -> groups -> rows -> seats document in one pass over the rows. */
/** The columnar form of the same plan (GET /api/seats/seatplan?format=columnar). */
export function toColumnarApiSeatplan(loaded: LoadedSeatplan): ColumnarSeatplan {
  return toColumnarSeatplan(toApiSeatplan(loaded));
}

export function toApiSeatplan(loaded: LoadedSeatplan): ApiSeatplan {
  const { seatplan, venue, sections, groups, seats } = loaded;
  const sectionById = new Map<number, ApiSection>();
  const apiSections: ApiSection[] = sections.map((s) => {
    const api: ApiSection = {
      VenueSectionId: s.id,
      SectionName: s.name,
      SectionNameEn: s.nameEn,
      SectionNameRu: tr(s, 'ru'),
      SectionNameAr: tr(s, 'ar'),
      IsReserved: s.isReserved,
      Capacity: s.capacity,
      ZoneId: s.zoneId,
      SeatplanX: s.x,
      SeatplanY: s.y,
      Width: s.width,
      Height: s.height,
      RotateAngle: s.rotate,
      Outline: s.outline,
      groups: [],
    };
    sectionById.set(s.id, api);
    return api;
  });
  const groupRows = new Map<number, Map<string, ApiSeatplan['sections'][number]['groups'][number]['rows'][number]>>();
  const groupById = new Map<number, ApiSeatplan['sections'][number]['groups'][number]>();
  for (const g of groups) {
    const api = { VenueSectionSeatGroupId: g.id, GroupName: g.name, rows: [] };
    groupById.set(g.id, api);
    groupRows.set(g.id, new Map());
    sectionById.get(g.section_id)?.groups.push(api);
  }
  for (const s of seats) {
    const section = sectionById.get(s.section_id)!;
    const rows = groupRows.get(s.group_id)!;
    let row = rows.get(s.row_name);
    if (!row) {
      row = { RowName: s.row_name, seats: [] };
      rows.set(s.row_name, row);
      groupById.get(s.group_id)!.rows.push(row);
    }
    row.seats.push({
      VenueId: venue.id,
      VenueSeatplanId: seatplan.id,
      VenueSectionId: s.section_id,
      VenueSectionSeatGroupId: s.group_id,
      TicketGroupId: s.zone_id,
      XCoordinate: s.x,
      YCoordinate: s.y,
      XOffsetPercent: s.x_offset_percent,
      YOffsetPercent: s.y_offset_percent,
      WidthPercent: s.width_percent,
      HeightPercent: s.height_percent,
      RotateAngle: s.rotate,
      RowName: s.row_name,
      SeatName: s.seat_name,
      SectionName: section.SectionName,
      SeatplanX: s.plan_x,
      SeatplanY: s.plan_y,
      features: s.features,
      togetherId: s.together_id,
    });
  }
  const stage = seatplan.stage as ApiSeatplan['Stage'];
  return {
    VenueId: venue.id,
    VenueSeatplanId: seatplan.id,
    Name: seatplan.name,
    NameEn: seatplan.nameEn,
    Width: seatplan.width,
    Height: seatplan.height,
    Stage: stage ?? null,
    FocalPoint: seatplan.focalPoint,
    Zones: loaded.zones.map((z) => ({ ZoneId: z.id, Code: z.code, Name: z.name, NameEn: z.nameEn, Color: z.color })),
    sections: apiSections,
    Decor: (seatplan.decor as ApiSeatplan['Decor']) ?? null,
  };
}

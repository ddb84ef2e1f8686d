import { Inject, Injectable } from '@nestjs/common';
import type {
  DatePresentationsResponse,
  FeaturesResponse,
  PresentationResponse,
  PresentationsResponse,
  TicketGroupsResponse,
} from '@hotline/shared';
import { agorotToShekels, jerusalemDateKey, jerusalemDayRangeUtc } from '@hotline/shared';
import { parseModifiedTicketIds, ticketGroupsForModification } from '@hotline/shared';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { AppError } from '../common/app-error';
import { Clock } from '../common/clock';
import { lazyLru } from '../common/lazy-lru';
import type { Locale } from '../common/locale';
import './catalogue.errors';
import { CatalogueRepository } from './catalogue.repository';
import {
  toApiFeature,
  toApiPresentation,
  toApiProduct,
  toApiSeatplan,
  toApiTicketGroup,
  toColumnarApiSeatplan,
} from './catalogue.mappers';
import type { SeatplanFormat } from './catalogue.queries';
import { featurePosterSvg, productImageSvg } from './placeholder-images';
import { compressSeatplanDocument, type CachedDocument } from './seatplan-document';

const HANDLING_FEE: Record<Locale, string> = {
  he: 'דמי טיפול',
  en: 'handling fee',
  ru: 'сервисный сбор',
  ar: 'رسوم خدمة',
};

@Injectable()
export class CatalogueService {
  /** A plan version never changes once published: serialise and compress each one once. */
  private readonly seatplanCache = new Map<string, Promise<CachedDocument>>();
  /**
   * Which plan version each date sells. A date can move to another version (catalogue administration), so an entry
   * lives 5 s, as long as the seat engine's layout flags: every node serves the new map when it sells the new seats.
   */
  private readonly presentationPlans = lazyLru<number, Promise<{ venueId: number; seatplanId: number }>>({
    max: 10_000,
    ttl: 5_000,
  });

  constructor(
    private readonly repo: CatalogueRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async features(filter: { ids?: number[]; locationId?: number }): Promise<FeaturesResponse> {
    const features = await this.repo.findFeatures(filter);
    return { features: features.map(toApiFeature) };
  }

  async featureImage(id: number): Promise<string> {
    const feature = await this.repo.findFeature(id);
    if (!feature) throw new AppError('FEATURE_NOT_FOUND');
    return featurePosterSvg(feature.name, feature.nameEn, feature.posterColors);
  }

  async productImage(id: number): Promise<string> {
    const product = await this.repo.findProduct(id);
    if (!product) throw new AppError('PRODUCT_NOT_FOUND');
    return productImageSvg(product.emoji, product.color);
  }

  /** Upcoming presentations (from the start of today in Jerusalem), optionally of some features. */
  async presentations(filter: { featureIds?: number[]; locationId?: number }): Promise<PresentationsResponse> {
    const today = jerusalemDayRangeUtc(this.todayKey());
    const rows = await this.repo.findPresentations({ ...filter, fromUtc: new Date(today.startUtc) });
    const now = this.clock.now();
    const presentations = rows.map((r) => toApiPresentation(r, now));
    return {
      presentations,
      hasReserved: presentations.some((p) => p.hasReservedSection),
      hasGA: presentations.some((p) => p.hasGASection),
    };
  }

  async presentation(id: number): Promise<PresentationResponse> {
    const [row] = await this.repo.findPresentations({ ids: [id] });
    if (!row) throw new AppError('PRESENTATION_NOT_FOUND');
    const products = await this.repo.findProducts(
      row.presentation.locationId,
      row.presentation.featureId,
      row.presentation.id,
    );
    const held = await this.repo.productUnitsHeld(products.filter((p) => p.stock !== null).map((p) => p.id));
    return {
      presentation: {
        ...toApiPresentation(row, this.clock.now()),
        products: products.map((p) => toApiProduct(p, held.get(p.id) ?? 0)),
      },
    };
  }

  /** `modifiedTickets` ("12,15", the tickets of an order being changed): only what a seat swap may use. */
  async ticketGroups(presentationId: number, locale: Locale, modifiedTickets?: string): Promise<TicketGroupsResponse> {
    const modified = modifiedTickets === undefined ? null : parseModifiedTicketIds(modifiedTickets);
    if (modifiedTickets !== undefined && !modified) {
      throw new AppError('INVALID_QUERY', { details: 'modifiedTickets: comma-separated ticket ids' });
    }
    const [row] = await this.repo.findPresentations({ ids: [presentationId] });
    if (!row) throw new AppError('PRESENTATION_NOT_FOUND');
    const groups = await this.repo.findTicketGroups(presentationId);
    const all = groups.map(({ group, tickets }) => toApiTicketGroup(group, tickets));
    return {
      ticketGroups: modified ? ticketGroupsForModification(all, modified) : all,
      serviceCharge: {
        name: HANDLING_FEE[locale],
        amountPerOrder:
          this.config.GLOBAL_SERVICE_CHARGE_AGOROT > 0
            ? agorotToShekels(this.config.GLOBAL_SERVICE_CHARGE_AGOROT)
            : null,
        percentRatePerOrder:
          this.config.GLOBAL_SERVICE_CHARGE_PERCENT > 0 ? this.config.GLOBAL_SERVICE_CHARGE_PERCENT : null,
      },
    };
  }

  async presentationsOnDate(date: string): Promise<DatePresentationsResponse> {
    const range = jerusalemDayRangeUtc(date);
    const rows = await this.repo.findPresentations({
      fromUtc: new Date(range.startUtc),
      toUtc: new Date(range.endUtc),
    });
    const now = this.clock.now();
    return { presentations: rows.map((r) => toApiPresentation(r, now)) };
  }

  /** The plan as one cached, compressed (brotli and gzip) JSON document per format ('nested' is the spec's shape, 'columnar' the compact one). */
  seatplan(venueId: number, seatplanId: number, format: SeatplanFormat = 'nested'): Promise<CachedDocument> {
    const key = `${venueId}:${seatplanId}:${format}`;
    let cached = this.seatplanCache.get(key);
    if (!cached) {
      cached = this.buildSeatplan(venueId, seatplanId, format);
      this.seatplanCache.set(key, cached);
      cached.catch(() => this.seatplanCache.delete(key));
    }
    return cached;
  }

  private async buildSeatplan(venueId: number, seatplanId: number, format: SeatplanFormat): Promise<CachedDocument> {
    const loaded = await this.repo.findSeatplan(venueId, seatplanId);
    if (!loaded) throw new AppError('SEATPLAN_NOT_FOUND');
    const seatplan = format === 'columnar' ? toColumnarApiSeatplan(loaded) : toApiSeatplan(loaded);
    const json = JSON.stringify({ seatplan });
    const tag = format === 'columnar' ? 'spc' : 'sp';
    return compressSeatplanDocument(`"${tag}-${seatplanId}-${loaded.seats.length}-${json.length}"`, json);
  }

  /**
   * A presentation's plan, by the presentation alone: the storefront asks for it beside the presentation instead of
   * after it (docs/seat-map.md, "Loading"). Which plan a date uses is kept a minute per node (a date's plan does not
   * change once it is on sale), so an on-sale's page loads do not each read the presentation.
   */
  async presentationSeatplan(presentationId: number, format: SeatplanFormat): Promise<CachedDocument> {
    let plan = this.presentationPlans().get(presentationId);
    if (!plan) {
      plan = this.repo.findPresentations({ ids: [presentationId] }).then(([row]) => {
        if (!row) throw new AppError('PRESENTATION_NOT_FOUND');
        return { venueId: row.presentation.venueId, seatplanId: row.presentation.seatplanId };
      });
      this.presentationPlans().set(presentationId, plan);
      plan.catch(() => this.presentationPlans().delete(presentationId));
    }
    const { venueId, seatplanId } = await plan;
    return this.seatplan(venueId, seatplanId, format);
  }

  /** Builds every seat plan's cached documents in the background, so no visitor pays for the first build. */
  async warmSeatplans(): Promise<number> {
    const plans = await this.repo.listSeatplans();
    for (const plan of plans) {
      for (const format of ['nested', 'columnar'] as const)
        await this.seatplan(plan.venueId, plan.id, format).catch(() => undefined);
    }
    return plans.length;
  }

  private todayKey(): string {
    return jerusalemDateKey(this.clock.now());
  }
}

import { Inject, Injectable } from '@nestjs/common';
import { gzipSync } from 'node:zlib';
import type {
  DatePresentationsResponse, FeaturesResponse, PresentationResponse, PresentationsResponse, TicketGroupsResponse,
} from '@hotline/shared';
import { agorotToShekels, jerusalemDateKey, jerusalemDayRangeUtc } from '@hotline/shared';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { AppError } from '../common/app-error';
import { Clock } from '../common/clock';
import type { Locale } from '../common/locale';
import './catalogue.errors';
import { CatalogueRepository } from './catalogue.repository';
import {
  toApiFeature, toApiPresentation, toApiProduct, toApiSeatplan, toApiTicketGroup,
} from './catalogue.mappers';
import { featurePosterSvg, productImageSvg } from './placeholder-images';

export interface CachedDocument {
  etag: string;
  gzip: Buffer;
}

const HANDLING_FEE: Record<Locale, string> = { he: 'דמי טיפול', en: 'handling fee', ru: 'сервисный сбор', ar: 'رسوم خدمة' };

@Injectable()
export class CatalogueService {
  /** Seat plans never change once loaded: serialise and compress each one once. */
  private readonly seatplanCache = new Map<string, Promise<CachedDocument>>();

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
    const presentations = rows.map(toApiPresentation);
    return {
      presentations,
      hasReserved: presentations.some((p) => p.hasReservedSection),
      hasGA: presentations.some((p) => p.hasGASection),
    };
  }

  async presentation(id: number): Promise<PresentationResponse> {
    const [row] = await this.repo.findPresentations({ ids: [id] });
    if (!row) throw new AppError('PRESENTATION_NOT_FOUND');
    const products = await this.repo.findProducts(row.presentation.locationId);
    return { presentation: { ...toApiPresentation(row), products: products.map(toApiProduct) } };
  }

  async ticketGroups(presentationId: number, locale: Locale): Promise<TicketGroupsResponse> {
    const [row] = await this.repo.findPresentations({ ids: [presentationId] });
    if (!row) throw new AppError('PRESENTATION_NOT_FOUND');
    const groups = await this.repo.findTicketGroups(presentationId);
    return {
      ticketGroups: groups.map(({ group, tickets }) => toApiTicketGroup(group, tickets)),
      serviceCharge: {
        name: HANDLING_FEE[locale],
        amountPerOrder: this.config.GLOBAL_SERVICE_CHARGE_AGOROT > 0 ? agorotToShekels(this.config.GLOBAL_SERVICE_CHARGE_AGOROT) : null,
        percentRatePerOrder: this.config.GLOBAL_SERVICE_CHARGE_PERCENT > 0 ? this.config.GLOBAL_SERVICE_CHARGE_PERCENT : null,
      },
    };
  }

  async presentationsOnDate(date: string): Promise<DatePresentationsResponse> {
    const range = jerusalemDayRangeUtc(date);
    const rows = await this.repo.findPresentations({ fromUtc: new Date(range.startUtc), toUtc: new Date(range.endUtc) });
    return { presentations: rows.map(toApiPresentation) };
  }

  seatplan(venueId: number, seatplanId: number): Promise<CachedDocument> {
    const key = `${venueId}:${seatplanId}`;
    let cached = this.seatplanCache.get(key);
    if (!cached) {
      cached = this.buildSeatplan(venueId, seatplanId);
      this.seatplanCache.set(key, cached);
      cached.catch(() => this.seatplanCache.delete(key));
    }
    return cached;
  }

  private async buildSeatplan(venueId: number, seatplanId: number): Promise<CachedDocument> {
    const loaded = await this.repo.findSeatplan(venueId, seatplanId);
    if (!loaded) throw new AppError('SEATPLAN_NOT_FOUND');
    const json = JSON.stringify({ seatplan: toApiSeatplan(loaded) });
    return { etag: `"sp-${seatplanId}-${loaded.seats.length}-${json.length}"`, gzip: gzipSync(json, { level: 6 }) };
  }

  /** Builds every seat plan's cached document in the background, so no visitor pays for the first build. */
  async warmSeatplans(): Promise<number> {
    const plans = await this.repo.listSeatplans();
    for (const plan of plans) await this.seatplan(plan.venueId, plan.id).catch(() => undefined);
    return plans.length;
  }

  private todayKey(): string {
    return jerusalemDateKey(this.clock.now());
  }
}

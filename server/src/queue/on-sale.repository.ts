import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { OnSaleConfig, OnSalePresentation } from '@hotline/shared';

/** A presentation's effective on-sale (its own row, else its feature's). */
export interface OnSaleRule {
  presentationId: number;
  /** The presentation's business (staff with the box-office permission for it pass by right). */
  businessId: number;
  enabled: boolean;
  saleStartsAt: number;
  maxActive: number;
  admitPerMinute: number;
  shoppingMinutes: number;
  /** Demo data only (seeded, never set by staff): synthetic entries a newcomer finds ahead. */
  demoLineAhead: number;
}

interface RuleRow {
  presentation_id: number;
  business_id: number;
  enabled: boolean;
  sale_starts_at: Date;
  max_active: number;
  admit_per_minute: number;
  shopping_minutes: number;
  demo_line_ahead: number;
}

interface ConfigRow extends Omit<RuleRow, 'presentation_id' | 'business_id' | 'demo_line_ahead'> {
  presentation_id: number | null;
  feature_id: number | null;
}

const toConfig = (r: ConfigRow): OnSaleConfig => ({
  presentationId: r.presentation_id,
  featureId: r.feature_id,
  enabled: r.enabled,
  saleStartsAt: r.sale_starts_at.toISOString(),
  maxActive: r.max_active,
  admitPerMinute: r.admit_per_minute,
  shoppingMinutes: r.shopping_minutes,
});

/** The on_sale table (the only TypeORM user of the queue module). */
@Injectable()
export class OnSaleRepository {
  constructor(private readonly db: DataSource) {}

  /** Every presentation with an on-sale, resolved: a presentation's own row wins over its feature's. */
  async rules(): Promise<OnSaleRule[]> {
    const rows: RuleRow[] = await this.db.query(`
      SELECT DISTINCT ON (p.id) p.id AS presentation_id, p.business_id, o.enabled, o.sale_starts_at, o.max_active,
             o.admit_per_minute, o.shopping_minutes, o.demo_line_ahead
        FROM on_sale o
        JOIN presentation p ON p.id = o.presentation_id OR (o.presentation_id IS NULL AND p.feature_id = o.feature_id)
       ORDER BY p.id, (o.presentation_id IS NULL)`);
    return rows.map((r) => ({
      presentationId: r.presentation_id,
      businessId: r.business_id,
      enabled: r.enabled,
      saleStartsAt: r.sale_starts_at.getTime(),
      maxActive: r.max_active,
      admitPerMinute: r.admit_per_minute,
      shoppingMinutes: r.shopping_minutes,
      demoLineAhead: r.demo_line_ahead,
    }));
  }

  async list(): Promise<OnSaleConfig[]> {
    const rows: ConfigRow[] = await this.db.query(
      `SELECT presentation_id, feature_id, enabled, sale_starts_at, max_active, admit_per_minute, shopping_minutes
         FROM on_sale ORDER BY id`,
    );
    return rows.map(toConfig);
  }

  /**
   * The presentations of these businesses from yesterday on (a sale is configured before the show),
   * soonest first, each with its effective on-sale: its own row, else its feature's.
   */
  async presentationsOf(businessIds: number[]): Promise<OnSalePresentation[]> {
    const rows: (ConfigRow & {
      id: number;
      fid: number;
      feature_name: string;
      feature_name_en: string | null;
      feature_name_ru: string | null;
      feature_name_ar: string | null;
      location_name: string;
      location_name_en: string | null;
      location_name_ru: string | null;
      location_name_ar: string | null;
      date_time: Date;
      own: boolean | null;
    })[] = await this.db.query(
      `SELECT p.id, f.id AS fid, f.name AS feature_name, f.name_en AS feature_name_en, l.name AS location_name,
              l.name_en AS location_name_en, NULLIF(f.translations->'ru'->>'name', '') AS feature_name_ru,
              NULLIF(f.translations->'ar'->>'name', '') AS feature_name_ar,
              NULLIF(l.translations->'ru'->>'name', '') AS location_name_ru,
              NULLIF(l.translations->'ar'->>'name', '') AS location_name_ar, p.date_time, o.presentation_id, o.feature_id, o.enabled,
              o.sale_starts_at, o.max_active, o.admit_per_minute, o.shopping_minutes,
              CASE WHEN o.id IS NULL THEN NULL ELSE o.presentation_id IS NOT NULL END AS own
         FROM presentation p
         JOIN feature f ON f.id = p.feature_id
         JOIN location l ON l.id = p.location_id
         LEFT JOIN LATERAL (
           SELECT * FROM on_sale o WHERE o.presentation_id = p.id OR o.feature_id = p.feature_id
            ORDER BY (o.presentation_id IS NULL) LIMIT 1) o ON true
        WHERE p.business_id = ANY($1::int[]) AND p.cancelled_at IS NULL AND p.date_time >= now() - interval '1 day'
        ORDER BY p.date_time, p.id LIMIT 500`,
      [businessIds],
    );
    return rows.map((r) => ({
      presentationId: r.id,
      featureId: r.fid,
      featureName: r.feature_name,
      featureNameEn: r.feature_name_en,
      featureNameRu: r.feature_name_ru,
      featureNameAr: r.feature_name_ar,
      locationName: r.location_name,
      locationNameEn: r.location_name_en,
      locationNameRu: r.location_name_ru,
      locationNameAr: r.location_name_ar,
      dateTime: new Date(r.date_time).toISOString(),
      onSale: r.own === null ? null : toConfig(r),
      source: r.own === null ? null : r.own ? 'presentation' : 'feature',
    }));
  }

  /** Creates or replaces the on-sale of one presentation or one feature. */
  async upsert(c: OnSaleConfig, staffUserId: number | null): Promise<OnSaleConfig> {
    const conflict = c.presentationId !== null ? '(presentation_id)' : '(feature_id)';
    const [row]: ConfigRow[] = await this.db.query(
      `INSERT INTO on_sale (presentation_id, feature_id, enabled, sale_starts_at, max_active, admit_per_minute, shopping_minutes, updated_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT ${conflict} DO UPDATE SET enabled = EXCLUDED.enabled, sale_starts_at = EXCLUDED.sale_starts_at,
         max_active = EXCLUDED.max_active, admit_per_minute = EXCLUDED.admit_per_minute,
         shopping_minutes = EXCLUDED.shopping_minutes, updated_by = EXCLUDED.updated_by, updated_at = now()
       RETURNING presentation_id, feature_id, enabled, sale_starts_at, max_active, admit_per_minute, shopping_minutes`,
      [
        c.presentationId,
        c.featureId,
        c.enabled,
        c.saleStartsAt,
        c.maxActive,
        c.admitPerMinute,
        c.shoppingMinutes,
        staffUserId,
      ],
    );
    return toConfig(row!);
  }

  /** The businesses owning the presentation, or every presentation of the feature (scope check). */
  async businessesOf(target: { presentationId: number | null; featureId: number | null }): Promise<number[] | null> {
    if (target.presentationId !== null) {
      const rows: { business_id: number }[] = await this.db.query(
        'SELECT business_id FROM presentation WHERE id = $1',
        [target.presentationId],
      );
      return rows.length ? rows.map((r) => r.business_id) : null;
    }
    const feature: unknown[] = await this.db.query('SELECT 1 FROM feature WHERE id = $1', [target.featureId]);
    if (!feature.length) return null;
    const rows: { business_id: number }[] = await this.db.query(
      'SELECT DISTINCT business_id FROM presentation WHERE feature_id = $1',
      [target.featureId],
    );
    return rows.map((r) => r.business_id);
  }
}

import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PRODUCT_ICONS, type AdminProduct, type AdminProductInput, type ProductIcon } from '@hotline/shared';
import { namesOf, returnedRows, type NamedRow } from './named-rows';
import { translatedNames } from './venue-writer';

/** The background each picture is drawn on (the storefront's product tiles; white shapes on it). */
const ICON_COLOR: Record<ProductIcon, string> = {
  popcorn: '#9c4a12',
  drink: '#1d6f64',
  programme: '#8c3a22',
  shirt: '#264653',
  gift: '#6d2e46',
};
const ICON_BY_KEY = new Map(Object.entries(PRODUCT_ICONS).map(([icon, key]) => [key as string, icon as ProductIcon]));

interface ProductRowDb extends NamedRow {
  id: number;
  business_id: number;
  venue_id: number;
  feature_id: number | null;
  presentation_id: number | null;
  presentation_starts_at: Date | null;
  price: number;
  emoji: string;
  active: boolean;
  stock: number | null;
  per_order: number | null;
  sold: number;
  revision: number;
}

/** A product with its venue: the first venue of its location (one hall per building is the common case). */
const PRODUCT_SELECT = `SELECT p.id, l.business_id, v.venue_id, p.feature_id, p.presentation_id, p.name, p.name_en, p.translations, p.price,
       p.emoji, p.active, p.stock, p.per_order, p.revision,
       (SELECT d.date_time FROM presentation d WHERE d.id = p.presentation_id) AS presentation_starts_at,
       (SELECT coalesce(sum(rp.quantity), 0)::int FROM reservation_product rp
         WHERE rp.product_id = p.id AND EXISTS (SELECT 1 FROM reservation_ticket rt
                                                 WHERE rt.reservation_id = rp.reservation_id AND rt.status = 'live'))
         AS sold
  FROM product p
  JOIN location l ON l.id = p.location_id
  CROSS JOIN LATERAL (SELECT min(id) AS venue_id FROM venue WHERE location_id = p.location_id) v`;

function toProduct(r: ProductRowDb): AdminProduct {
  return {
    id: Number(r.id),
    businessId: Number(r.business_id),
    venueId: Number(r.venue_id),
    featureId: r.feature_id === null ? null : Number(r.feature_id),
    presentationId: r.presentation_id === null ? null : Number(r.presentation_id),
    presentationStartsAt: r.presentation_starts_at?.toISOString() ?? null,
    name: namesOf(r),
    priceAgorot: r.price,
    icon: ICON_BY_KEY.get(r.emoji) ?? 'gift',
    active: r.active,
    stock: r.stock,
    perOrder: r.per_order,
    sold: r.sold,
    revision: r.revision,
  };
}

/** What a product is written as: the row's columns from the screen's fields. */
const columnsOf = (input: Omit<AdminProductInput, 'venueId'>) => [
  input.name.he,
  input.name.en,
  JSON.stringify(translatedNames(input.name)),
  input.priceAgorot,
  PRODUCT_ICONS[input.icon],
  ICON_COLOR[input.icon],
  input.active,
  input.featureId,
  input.stock,
  input.perOrder,
  input.presentationId ?? null,
];

/**
 * Products in PostgreSQL, for the back office: those sold at the venues of a staff member's businesses (the demo's
 * products sold everywhere belong to no business and are not listed).
 */
@Injectable()
export class ProductAdminRepository {
  constructor(private readonly db: DataSource) {}

  async list(businessIds: readonly number[] | null): Promise<AdminProduct[]> {
    const rows: ProductRowDb[] = await this.db.query(
      `${PRODUCT_SELECT} WHERE $1::int[] IS NULL OR l.business_id = ANY($1) ORDER BY p.location_id, p.sort_order, p.id`,
      [businessIds],
    );
    return rows.map(toProduct);
  }

  async product(id: number): Promise<AdminProduct | null> {
    const [row]: ProductRowDb[] = await this.db.query(`${PRODUCT_SELECT} WHERE p.id = $1`, [id]);
    return row ? toProduct(row) : null;
  }

  /** The business an event belongs to, or null when there is no such event. */
  async featureBusiness(featureId: number): Promise<number | null> {
    const [row] = await this.db.query('SELECT business_id FROM feature WHERE id = $1', [featureId]);
    return row ? Number(row.business_id) : null;
  }

  /** A date's event and location, or null when there is no such date. */
  async datePlace(presentationId: number): Promise<{ featureId: number; locationId: number } | null> {
    const [row] = await this.db.query('SELECT feature_id, location_id FROM presentation WHERE id = $1', [
      presentationId,
    ]);
    return row ? { featureId: Number(row.feature_id), locationId: Number(row.location_id) } : null;
  }

  /** A new product at the venue's location, after the location's others. */
  async create(locationId: number, input: AdminProductInput): Promise<number> {
    const [row] = await this.db.query(
      `INSERT INTO product (name, name_en, translations, price, emoji, color, active, feature_id, stock, per_order,
                           presentation_id, location_id, sort_order)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12,
               (SELECT coalesce(max(sort_order) + 1, 0) FROM product WHERE location_id = $12))
       RETURNING id`,
      [...columnsOf(input), locationId],
    );
    return Number(row.id);
  }

  /** The product changed if nobody changed it since `revision`; false when the revision is stale. */
  async update(id: number, revision: number, input: Omit<AdminProductInput, 'venueId'>): Promise<boolean> {
    const result = await this.db.query(
      `UPDATE product SET name = $1, name_en = $2, translations = $3, price = $4, emoji = $5, color = $6, active = $7,
              feature_id = $8, stock = $9, per_order = $10, presentation_id = $11, revision = revision + 1
        WHERE id = $12 AND revision = $13 RETURNING id`,
      [...columnsOf(input), id, revision],
    );
    return returnedRows(result).length === 1;
  }
}

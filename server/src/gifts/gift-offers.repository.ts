import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { GiftTranslations } from './gift-translations';

export interface OfferPriceRow {
  classId: number;
  superClassId: number;
  name: string;
  nameEn: string;
  description: string;
  descriptionEn: string;
  /** Russian and Arabic names and descriptions (`{ ru: { name, description }, ar: … }`). */
  translations: GiftTranslations;
  validDays: number;
  locationIds: number[] | null;
  saleStart: Date | null;
  saleEnd: Date | null;
  sort: number;
  priceId: number;
  priceAgorot: number;
  valueAgorot: number;
  redemptionReference: string;
  isNew: boolean;
}

/** Only what may be sold now: active class and price, inside the sale window. */
const ON_SALE = `c.active AND p.active AND (c.sale_start IS NULL OR c.sale_start <= now())
  AND (c.sale_end IS NULL OR c.sale_end > now())`;

const COLUMNS = `c.id AS "classId", c.super_class_id AS "superClassId", c.name, c.name_en AS "nameEn",
  c.description, c.description_en AS "descriptionEn", c.translations, c.valid_days AS "validDays", c.location_ids AS "locationIds",
  c.sale_start AS "saleStart", c.sale_end AS "saleEnd", c.sort, p.id AS "priceId", p.price_agorot AS "priceAgorot",
  p.value_agorot AS "valueAgorot", p.redemption_reference AS "redemptionReference", p.is_new AS "isNew"`;

/** Gift vouchers on sale (system_voucher_class + system_voucher_price). */
@Injectable()
export class GiftOffersRepository {
  constructor(private readonly db: DataSource) {}

  onSale(superClassId: number | null): Promise<OfferPriceRow[]> {
    return this.db.query(
      `SELECT ${COLUMNS} FROM system_voucher_class c JOIN system_voucher_price p ON p.class_id = c.id
        WHERE ${ON_SALE} AND ($1::int IS NULL OR c.super_class_id = $1)
        ORDER BY c.sort, c.id, p.sort, p.id`,
      [superClassId],
    );
  }

  /** The prices a cart names, if they are on sale now. */
  pricesOnSale(priceIds: number[]): Promise<OfferPriceRow[]> {
    if (priceIds.length === 0) return Promise.resolve([]);
    return this.db.query(
      `SELECT ${COLUMNS} FROM system_voucher_class c JOIN system_voucher_price p ON p.class_id = c.id
        WHERE ${ON_SALE} AND p.id = ANY($1::int[])`,
      [priceIds],
    );
  }
}

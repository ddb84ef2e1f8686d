import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { GiftTranslations } from './gift-translations';

export interface DonationOptionRow {
  donationId: number;
  code: string;
  name: string;
  nameEn: string;
  description: string;
  descriptionEn: string;
  translations: GiftTranslations;
  minAgorot: number;
  maxAgorot: number;
  detailId: number;
  amountAgorot: number | null;
  isCustom: boolean;
}

const COLUMNS = `d.id AS "donationId", d.code, d.name, d.name_en AS "nameEn", d.description,
  d.description_en AS "descriptionEn", d.translations, d.min_custom_agorot AS "minAgorot", d.max_custom_agorot AS "maxAgorot",
  x.id AS "detailId", x.amount_agorot AS "amountAgorot", x.is_custom AS "isCustom"`;

/** Donations and their options (preset amounts and the custom one). */
@Injectable()
export class DonationsRepository {
  constructor(private readonly db: DataSource) {}

  active(): Promise<DonationOptionRow[]> {
    return this.db.query(
      `SELECT ${COLUMNS} FROM donation d JOIN donation_detail x ON x.donation_id = d.id
        WHERE d.active ORDER BY d.sort, d.id, x.sort, x.id`,
    );
  }

  options(detailIds: number[]): Promise<DonationOptionRow[]> {
    if (detailIds.length === 0) return Promise.resolve([]);
    return this.db.query(
      `SELECT ${COLUMNS} FROM donation d JOIN donation_detail x ON x.donation_id = d.id
        WHERE d.active AND x.id = ANY($1::int[])`,
      [detailIds],
    );
  }
}

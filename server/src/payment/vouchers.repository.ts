import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface VoucherRow {
  id: number;
  reference: string;
  name: string;
  nameEn: string;
  /** Russian and Arabic names, where stored. */
  nameRu: string | null;
  nameAr: string | null;
  balanceAgorot: number;
  active: boolean;
  expiresAt: Date | null;
  expired: boolean;
  /** Valid from a later date (a voucher bought for a future date, or a replacement's new dates). */
  notStarted: boolean;
  /** Where it pays: its class's outlets (locations), null = everywhere. */
  locationIds: number[] | null;
}

const COLUMNS = `v.id::int AS id, v.reference, v.name, v.name_en AS "nameEn",
  v.translations->'ru'->>'name' AS "nameRu", v.translations->'ar'->>'name' AS "nameAr", v.balance_agorot AS "balanceAgorot",
  v.active, v.expires_at AS "expiresAt", (v.expires_at IS NOT NULL AND v.expires_at <= now()) AS expired,
  (v.starts_at IS NOT NULL AND v.starts_at > now()) AS "notStarted", c.location_ids AS "locationIds"`;
const FROM = `system_voucher v LEFT JOIN system_voucher_class c ON c.id = v.class_id`;

/** System vouchers (memberships-backoffice-spec.md: gift/benefit vouchers that pay part of an order). */
@Injectable()
export class VouchersRepository {
  constructor(private readonly db: DataSource) {}

  async byReference(reference: string): Promise<VoucherRow | null> {
    const rows = await this.db.query(`SELECT ${COLUMNS} FROM ${FROM} WHERE lower(v.reference) = lower($1)`, [
      reference,
    ]);
    return rows[0] ?? null;
  }

  byIds(ids: number[]): Promise<VoucherRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.query(`SELECT ${COLUMNS} FROM ${FROM} WHERE v.id = ANY($1::bigint[])`, [ids]);
  }
}

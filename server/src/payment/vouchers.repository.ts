import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface VoucherRow {
  id: number;
  reference: string;
  name: string;
  nameEn: string;
  balanceAgorot: number;
  active: boolean;
  expiresAt: Date | null;
  expired: boolean;
}

const COLUMNS = `id::int AS id, reference, name, name_en AS "nameEn", balance_agorot AS "balanceAgorot", active,
  expires_at AS "expiresAt", (expires_at IS NOT NULL AND expires_at <= now()) AS expired`;

/** System vouchers (memberships-backoffice-spec.md: gift/benefit vouchers that pay part of an order). */
@Injectable()
export class VouchersRepository {
  constructor(private readonly db: DataSource) {}

  async byReference(reference: string): Promise<VoucherRow | null> {
    const rows = await this.db.query(`SELECT ${COLUMNS} FROM system_voucher WHERE lower(reference) = lower($1)`, [
      reference,
    ]);
    return rows[0] ?? null;
  }

  byIds(ids: number[]): Promise<VoucherRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.query(`SELECT ${COLUMNS} FROM system_voucher WHERE id = ANY($1::bigint[])`, [ids]);
  }
}

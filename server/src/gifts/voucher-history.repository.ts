import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { GiftTranslations } from './gift-translations';

export interface HistoryVoucherRow {
  id: string;
  reference: string;
  name: string;
  nameEn: string;
  translations: GiftTranslations;
  initialAgorot: number;
  balanceAgorot: number;
  active: boolean;
  isForReplacement: boolean;
  startsAt: Date;
  expiresAt: Date | null;
  createdAt: Date;
}

export interface HistoryEventRow {
  kind: string;
  amountAgorot: number;
  balanceAfterAgorot: number;
  createdAt: Date;
  reservationIdentifier: string | null;
}

/** A voucher and its ledger (system_voucher_event), oldest first. */
@Injectable()
export class VoucherHistoryRepository {
  constructor(private readonly db: DataSource) {}

  async voucher(reference: string): Promise<HistoryVoucherRow | null> {
    const rows: HistoryVoucherRow[] = await this.db.query(
      `SELECT id::text AS id, reference, name, name_en AS "nameEn", translations, initial_agorot AS "initialAgorot",
              balance_agorot AS "balanceAgorot", active, is_for_replacement AS "isForReplacement",
              coalesce(starts_at, created_at) AS "startsAt", expires_at AS "expiresAt", created_at AS "createdAt"
         FROM system_voucher WHERE lower(reference) = lower($1)`,
      [reference],
    );
    return rows[0] ?? null;
  }

  events(voucherId: string): Promise<HistoryEventRow[]> {
    return this.db.query(
      `SELECT e.kind, e.amount_agorot AS "amountAgorot", e.balance_after_agorot AS "balanceAfterAgorot",
              e.created_at AS "createdAt", r.identifier AS "reservationIdentifier"
         FROM system_voucher_event e LEFT JOIN reservation r ON r.id = e.reservation_id
        WHERE e.system_voucher_id = $1 ORDER BY e.id`,
      [voucherId],
    );
  }
}

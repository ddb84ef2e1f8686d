import { Injectable } from '@nestjs/common';
import type { QueryRunner } from 'typeorm';
import {
  RegisteredSaleParticipant,
  type ClaimableSale,
  type LimitClaim,
  type SaleRefused,
  type SaleInput,
} from '../reservations';

/**
 * Gift (system) vouchers paying for the order: locked by id and their balance re-checked under the lock, since
 * another order may have spent it between the price check and now (the sale statement then draws them down and
 * writes the ledger). First in the global lock order.
 */
@Injectable()
export class VoucherSaleParticipant extends RegisteredSaleParticipant {
  readonly name = 'vouchers';
  readonly order = 10;

  applies(sale: SaleInput): boolean {
    return sale.vouchers.length > 0;
  }

  claimsOf(sale: ClaimableSale): LimitClaim[] {
    return [...sale.vouchers]
      .sort((a, b) => a.id - b.id)
      .map((v) => ({ resource: `voucher:${v.id}`, units: v.amountAgorot }));
  }

  /** Agorot left on each voucher (none when it is inactive or expired), the voucher rows locked. */
  async remaining(runner: QueryRunner, resources: string[]): Promise<Map<string, number>> {
    const rows: { id: number; left: number }[] = await runner.query(
      `SELECT id::int AS id,
              CASE WHEN active AND (expires_at IS NULL OR expires_at > now()) THEN balance_agorot ELSE 0 END AS left
         FROM system_voucher WHERE id = ANY($1::bigint[]) ORDER BY id FOR UPDATE`,
      [resources.map((r) => Number(r.slice('voucher:'.length)))],
    );
    return new Map(rows.map((r) => [`voucher:${r.id}`, r.left]));
  }

  refusalFor(): SaleRefused {
    return { ok: false, reason: 'VOUCHER_NO_BALANCE' };
  }
}

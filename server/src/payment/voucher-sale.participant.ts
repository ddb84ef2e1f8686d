import { Injectable } from '@nestjs/common';
import type { QueryRunner } from 'typeorm';
import {
  RegisteredSaleParticipant,
  type ClaimableSale,
  type LimitClaim,
  type SaleRefused,
  type SaleInput,
  type SaleStatementPart,
} from '../reservations';

/** A gift (system) voucher paying for the order: how much of its balance this order draws. */
export interface VoucherPayment {
  id: number;
  reference: string;
  amountAgorot: number;
}

declare module '../reservations' {
  interface SaleInput {
    /** Gift vouchers paying for the order (this participant's payload). */
    vouchers: VoucherPayment[];
  }
}

/** The sale statement's voucher part: a payment row per voucher, its balance drawn down, the redemption in the ledger. */
const VOUCHER_PAYMENTS: SaleStatementPart<SaleInput, VoucherPayment[]> = {
  name: 'vouchers',
  payloadOf: (s) => s.vouchers,
  params: {
    ids: (v) => v.map((x) => x.id),
    references: (v) => v.map((x) => x.reference),
    amounts: (v) => v.map((x) => x.amountAgorot),
  },
  ctes: (p, sale) => `voucher_payments AS (
  INSERT INTO payment (reservation_id, cart_identifier, provider, method, provider_reference, amount_agorot, status, system_voucher_id)
  SELECT res.id, ${sale.cartIdentifier}, 'system_voucher', 'voucher', v.reference, v.amount, 'approved', v.id
    FROM res, unnest(${p.ids}::bigint[], ${p.references}::text[], ${p.amounts}::int[]) AS v(id, reference, amount)
  RETURNING id
), balances AS (
  UPDATE system_voucher sv SET balance_agorot = sv.balance_agorot - v.amount
    FROM unnest(${p.ids}::bigint[], ${p.amounts}::int[]) AS v(id, amount)
   WHERE sv.id = v.id
  RETURNING sv.id, sv.balance_agorot
), redemptions AS (
  INSERT INTO system_voucher_event (system_voucher_id, kind, amount_agorot, balance_after_agorot, reservation_id)
  SELECT b.id, 'redemption', v.amount, b.balance_agorot, res.id
    FROM res, balances b JOIN unnest(${p.ids}::bigint[], ${p.amounts}::int[]) AS v(id, amount) ON v.id = b.id
  RETURNING id
)`,
};

const NO_BALANCE: SaleRefused = { ok: false, reason: 'VOUCHER_NO_BALANCE' };

/**
 * Gift (system) vouchers paying for the order: locked by id and their balance re-checked under the lock, since
 * another order may have spent it between the price check and now; its part of the sale statement then draws them
 * down and writes the ledger. First in the global lock order.
 */
@Injectable()
export class VoucherSaleParticipant extends RegisteredSaleParticipant {
  readonly name = 'vouchers';
  readonly order = 10;
  readonly statement = VOUCHER_PAYMENTS as SaleStatementPart<SaleInput>;
  /** The balance CHECK, or the ledger's balance-after CHECK (the same overdraft seen from the history's side). */
  readonly constraintRefusals = {
    system_voucher_balance_agorot_check: NO_BALANCE,
    system_voucher_event_balance_after_agorot_check: NO_BALANCE,
  };

  applies(sale: SaleInput): boolean {
    return sale.vouchers.length > 0;
  }

  claimsOf(sale: ClaimableSale): LimitClaim[] {
    return [...(sale.vouchers ?? [])]
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
    return NO_BALANCE;
  }
}

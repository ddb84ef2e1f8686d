import type { EntityManager } from 'typeorm';

/**
 * Demo system vouchers (docs/payment-sandbox.md lists them), loaded with the rest
 * of the demo data by seedDemoIfEmpty. Balances are agorot.
 */
export const DEMO_VOUCHERS = [
  { reference: 'GIFT-100', name: 'שובר מתנה ₪100', nameEn: 'Gift voucher ₪100', balance: 10_000, expiresInDays: 365 },
  { reference: 'GIFT-250', name: 'שובר מתנה ₪250', nameEn: 'Gift voucher ₪250', balance: 25_000, expiresInDays: 365 },
  { reference: 'GIFT-30', name: 'שובר מתנה ₪30', nameEn: 'Gift voucher ₪30', balance: 3_000, expiresInDays: null },
  {
    reference: 'GIFT-EMPTY',
    name: 'שובר מתנה (מומש)',
    nameEn: 'Gift voucher (used up)',
    balance: 0,
    expiresInDays: 365,
  },
  {
    reference: 'GIFT-EXPIRED',
    name: 'שובר מתנה (פג תוקף)',
    nameEn: 'Gift voucher (expired)',
    balance: 5_000,
    expiresInDays: -1,
  },
] as const;

export async function seedDemoVouchers(tx: EntityManager, now: Date = new Date()): Promise<number> {
  for (const v of DEMO_VOUCHERS) {
    const expiresAt = v.expiresInDays === null ? null : new Date(now.getTime() + v.expiresInDays * 86_400_000);
    await tx.query(
      `INSERT INTO system_voucher (reference, name, name_en, initial_agorot, balance_agorot, expires_at)
       VALUES ($1, $2, $3, $4, $4, $5) ON CONFLICT DO NOTHING`,
      [v.reference, v.name, v.nameEn, v.balance, expiresAt],
    );
  }
  return DEMO_VOUCHERS.length;
}

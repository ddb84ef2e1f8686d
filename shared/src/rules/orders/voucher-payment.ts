import { assertSafeInteger } from '../assert';
import { DEFAULT_LOCALE, type SupportedLocale } from '../locale/supported-locale';
import { voucherNoBalanceMessage } from './voucher-messages';

export type VoucherPaymentResult =
  { ok: true; amountAgorot: number } | { ok: false; code: 'VOUCHER_NO_BALANCE'; message: string };

/**
 * How much of a voucher pays towards the order (storefront-spec.md section 5):
 * the lesser of the balance due and the voucher's balance. Nothing to pay, or
 * nothing left on the voucher, is refused with 'לא נותרה יתרה למימוש הטבה',
 * because a voucher payment of 0 is not a payment (the spec requires an amount).
 */
export function applyVoucherPayment(
  balanceDueAgorot: number,
  voucherBalanceAgorot: number,
  locale: SupportedLocale = DEFAULT_LOCALE,
): VoucherPaymentResult {
  assertSafeInteger(balanceDueAgorot, 'balanceDueAgorot');
  assertSafeInteger(voucherBalanceAgorot, 'voucherBalanceAgorot');
  const amountAgorot = Math.min(balanceDueAgorot, voucherBalanceAgorot);
  if (amountAgorot <= 0) return { ok: false, code: 'VOUCHER_NO_BALANCE', message: voucherNoBalanceMessage(locale) };
  return { ok: true, amountAgorot };
}

export interface VoucherToRedeem {
  id: string | number;
  balanceAgorot: number;
}

export interface VoucherPaymentLine {
  id: string | number;
  amountAgorot: number;
}

export type VoucherPaymentsResult =
  | { ok: true; payments: VoucherPaymentLine[]; totalAgorot: number; balanceDueAgorot: number }
  | { ok: false; code: 'VOUCHER_NO_BALANCE'; message: string; voucherId: string | number };

/**
 * Several vouchers against one order, in the order the visitor added them: each
 * pays min(what is still due, its balance) and the total paid by vouchers is
 * deducted from the balance due (memberships-backoffice-spec.md section 5).
 *
 * A voucher that would pay nothing (the order is already covered, or it is
 * empty) fails the whole call with VOUCHER_NO_BALANCE and its id, so the UI can
 * point at it. The same voucher listed twice throws: redeeming one balance twice
 * is a bug, not a visitor mistake.
 */
export function applyVoucherPayments(
  balanceDueAgorot: number,
  vouchers: readonly VoucherToRedeem[],
  locale: SupportedLocale = DEFAULT_LOCALE,
): VoucherPaymentsResult {
  assertSafeInteger(balanceDueAgorot, 'balanceDueAgorot');
  const seen = new Set<string | number>();
  const payments: VoucherPaymentLine[] = [];
  let due = balanceDueAgorot;
  for (const voucher of vouchers) {
    if (seen.has(voucher.id)) throw new RangeError(`voucher ${String(voucher.id)} is listed twice`);
    seen.add(voucher.id);
    const result = applyVoucherPayment(due, voucher.balanceAgorot, locale);
    if (!result.ok) return { ...result, voucherId: voucher.id };
    payments.push({ id: voucher.id, amountAgorot: result.amountAgorot });
    due -= result.amountAgorot;
  }
  return { ok: true, payments, totalAgorot: balanceDueAgorot - due, balanceDueAgorot: due };
}

import { DEFAULT_LOCALE, type SupportedLocale } from '../../rules/locale/supported-locale';
import { applyVoucherPayment } from '../../rules/orders/voucher-payment';
import type { Agorot } from './cart-line';

export interface VoucherToAllocate<Ref = unknown> {
  ref: Ref;
  /** Identity for the "listed twice" check. */
  id: string | number;
  balanceAgorot: Agorot;
}

export interface VoucherAllocation<Ref = unknown> {
  ref: Ref;
  id: string | number;
  /** What this voucher pays: min(balance due at its turn, its balance). */
  amountAgorot: Agorot;
  /** Why it pays nothing ('לא נותרה יתרה למימוש הטבה' in the reader's language), or null when it pays. */
  refusal: { code: 'VOUCHER_NO_BALANCE'; message: string } | null;
}

/**
 * Vouchers pay in the order they were added (storefront-spec.md section 5),
 * each min(what is still due, its balance). One that can pay nothing is kept
 * with amount 0 and the spec's message: the storefront shows it, the server
 * refuses the order with it. A voucher listed twice is a bug upstream: throws.
 */
export function allocateVouchers<Ref>(
  dueAgorot: Agorot,
  vouchers: readonly VoucherToAllocate<Ref>[],
  locale: SupportedLocale = DEFAULT_LOCALE,
): { allocations: VoucherAllocation<Ref>[]; vouchersAgorot: Agorot; balanceDueAgorot: Agorot } {
  const seen = new Set<string | number>();
  let due = dueAgorot;
  const allocations = vouchers.map((v): VoucherAllocation<Ref> => {
    if (seen.has(v.id)) throw new RangeError(`voucher ${String(v.id)} is listed twice`);
    seen.add(v.id);
    const r = applyVoucherPayment(due, v.balanceAgorot, locale);
    if (!r.ok) return { ref: v.ref, id: v.id, amountAgorot: 0, refusal: { code: r.code, message: r.message } };
    due -= r.amountAgorot;
    return { ref: v.ref, id: v.id, amountAgorot: r.amountAgorot, refusal: null };
  });
  return { allocations, vouchersAgorot: dueAgorot - due, balanceDueAgorot: due };
}

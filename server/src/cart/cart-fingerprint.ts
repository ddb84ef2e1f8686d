import { createHash } from 'node:crypto';
import type { Cart } from '@hotline/shared';

/**
 * What a cart buys and how it is paid, as a short hash: seats (with their
 * tickets), products, vouchers paying, codes, gift vouchers bought, donations. The idempotency anchor (cartIdentifier)
 * is bound to it, the Stripe rule: the same identifier with another cart is
 * refused instead of being answered with the first order. Left out on purpose:
 * the card authorisation (a retry with a new card after a decline is the same
 * order), the customer's details, amounts shown (repriced by the server anyway)
 * and order-only fields (seat order does not change what is bought).
 */
export function cartFingerprint(
  cart: Pick<Cart, 'seats' | 'products' | 'voucherPayments' | 'ticketCodes' | 'vouchers' | 'donations'>,
): string {
  const seats = cart.seats
    .map((s) => `${s.prsntId}:${s.sectionId}:${s.XCoordinate ?? ''}:${s.YCoordinate ?? ''}:${s.ticketId}`)
    .sort();
  const products = (cart.products ?? []).map((p) => `${p.id}x${p.quantity}`).sort();
  const vouchers = (cart.voucherPayments ?? []).map((v) => String(v.id)).sort();
  const codes = (cart.ticketCodes ?? []).map((c) => c.trim().toLowerCase()).sort();
  const parts: unknown[] = [seats, products, vouchers, codes];
  // Appended only when present, so a ticket cart's fingerprint is what it always was.
  const bought = (cart.vouchers ?? []).map((v) => `${v.SystemVoucherPriceId}x${v.Quantity}`).sort();
  const given = (cart.donations ?? []).map((d) => `${d.donationDetailId}x${d.quantity}:${d.customAmount ?? ''}`).sort();
  if (bought.length || given.length) parts.push(bought, given);
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 22);
}

/**
 * Which kind of order a cart is (memberships-backoffice-spec.md section 4: "order
 * carts (tickets, memberships, vouchers, donations) are mutually exclusive").
 * A cart of one kind is committed on its own; two kinds together are refused
 * (CART_KINDS_MIXED), an empty cart is CART_EMPTY. Products belong to a ticket
 * order (they are sold where the show plays), so products without seats are a
 * ticket cart without tickets: refused as CART_EMPTY. Memberships are not built
 * yet; the kind exists so the rule already covers them.
 */
export type CartKind = 'tickets' | 'memberships' | 'vouchers' | 'donations';

export interface CartKindInput {
  seats?: readonly unknown[] | null;
  products?: readonly unknown[] | null;
  memberships?: readonly unknown[] | null;
  vouchers?: readonly unknown[] | null;
  donations?: readonly unknown[] | null;
}

export type CartKindResult =
  | { ok: true; kind: CartKind }
  | { ok: false; code: 'CART_EMPTY' }
  | { ok: false; code: 'CART_KINDS_MIXED'; kinds: CartKind[] };

const present = (xs: readonly unknown[] | null | undefined) => (xs?.length ?? 0) > 0;

export function cartKind(cart: CartKindInput): CartKindResult {
  const kinds: CartKind[] = [];
  if (present(cart.seats)) kinds.push('tickets');
  if (present(cart.memberships)) kinds.push('memberships');
  if (present(cart.vouchers)) kinds.push('vouchers');
  if (present(cart.donations)) kinds.push('donations');
  if (kinds.length > 1) return { ok: false, code: 'CART_KINDS_MIXED', kinds };
  // Products ride along with tickets only.
  if (kinds.length === 1 && kinds[0] !== 'tickets' && present(cart.products)) {
    return { ok: false, code: 'CART_KINDS_MIXED', kinds: ['tickets', kinds[0]!] };
  }
  if (kinds.length === 0) return { ok: false, code: 'CART_EMPTY' };
  return { ok: true, kind: kinds[0]! };
}

/**
 * The order-level handling fee is a ticketing charge: gift vouchers are sold at
 * their price and a donation is given whole, so neither carries it.
 */
export function handlingFeeApplies(kind: CartKind): boolean {
  return kind === 'tickets' || kind === 'memberships';
}

/** Starting a cart of one kind clears the others (the storefront's rule); customer details stay. */
export function clearOtherKinds<T extends CartKindInput>(cart: T, keep: CartKind): T {
  return {
    ...cart,
    seats: keep === 'tickets' ? cart.seats : [],
    products: keep === 'tickets' ? cart.products : [],
    memberships: keep === 'memberships' ? cart.memberships : [],
    vouchers: keep === 'vouchers' ? cart.vouchers : [],
    donations: keep === 'donations' ? cart.donations : [],
  };
}

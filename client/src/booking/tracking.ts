import { useCartStore } from './cart-store';
import {
  ecommerceEvent,
  productItems,
  pushEcommerce,
  ticketItems,
  type AnalyticsItem,
  type EcommerceEventName,
  type TicketLineInput,
} from './analytics';
import { findTicket, groupOfSeat, selectableTickets, type CartSeat } from './cart-logic';
import { productOf, useBookingCatalogue, type CatalogueEntry } from './catalogue-store';

/**
 * Connects the pure analytics builders to the cart and the catalogue. Names are
 * the catalogue's English ones, so reports do not split one show into four
 * languages. Every function is fire-and-forget: analytics never blocks a step.
 */

function venueOf(e: CatalogueEntry | undefined): string | undefined {
  const p = e?.presentation;
  return p ? [p.venueNameEn || p.venueName, p.locationNameEn || p.locationName].filter(Boolean).join(', ') : undefined;
}

function ticketLine(seat: CartSeat, entries: Record<number, CatalogueEntry>): TicketLineInput {
  const e = entries[seat.prsntId];
  const group = e?.groups ? groupOfSeat(e.groups, seat.ticketGroupId) : undefined;
  const ticket = findTicket(group, useCartStore.getState().codedTickets, seat.ticketId);
  return {
    presentationId: seat.prsntId,
    presentationName: e?.presentation
      ? e.presentation.featureNameEn || e.presentation.featureName
      : `Presentation ${seat.prsntId}`,
    venue: venueOf(e),
    ticketId: seat.ticketId,
    ticketName: ticket ? ticket.nameEn || ticket.name : undefined,
    amount: seat.amount,
    serviceCharge: seat.serviceCharge,
    isMultiplyFactorSubTicket: seat.isMultiplyFactorSubTicket,
    code: seat.code,
  };
}

/** Every item in the cart now: tickets and products. */
export function cartItems(): AnalyticsItem[] {
  const { seats, products } = useCartStore.getState();
  const entries = useBookingCatalogue.getState().entries;
  return [
    ...ticketItems(seats.map((s) => ticketLine(s, entries))),
    ...productItems(
      products.map((p) => {
        const product = productOf(entries, p.id);
        return {
          id: p.id,
          name: product ? product.nameEn || product.name : `Product ${p.id}`,
          price: product?.price ?? 0,
          quantity: p.quantity,
        };
      }),
    ),
  ];
}

function push(event: EcommerceEventName, items: AnalyticsItem[], extras?: Parameters<typeof ecommerceEvent>[2]) {
  try {
    pushEcommerce(ecommerceEvent(event, items, extras));
  } catch {
    /* analytics must never break the booking */
  }
}

const viewed = new Set<number>();

/** view_item, once per presentation per page load: the show and its first public ticket. */
export function trackViewItem(presentationId: number): void {
  if (viewed.has(presentationId)) return;
  viewed.add(presentationId);
  void useBookingCatalogue
    .getState()
    .ensure(presentationId)
    .then((e) => {
      if (e.status !== 'ready') return;
      const first = e.groups?.map((g) => selectableTickets(g)[0]).find(Boolean);
      const items = ticketItems([
        {
          presentationId,
          presentationName: e.presentation!.featureNameEn || e.presentation!.featureName,
          venue: venueOf(e),
          ticketId: first?.id ?? null,
          ticketName: first ? first.nameEn || first.name : undefined,
          amount: first?.price ?? 0,
          serviceCharge: first?.serviceCharge ?? 0,
        },
      ]);
      push('view_item', items);
    });
}

/** add_to_cart for a seat the seat map locked (with the ticket it got). */
export function trackSeatAdded(seat: CartSeat): void {
  void useBookingCatalogue
    .getState()
    .ensure(seat.prsntId)
    .then(() => {
      const entries = useBookingCatalogue.getState().entries;
      // The cart has normalised the seat by now (default ticket, amounts).
      const current =
        useCartStore
          .getState()
          .seats.find(
            (s) =>
              s.prsntId === seat.prsntId &&
              s.sectionId === seat.sectionId &&
              s.XCoordinate === seat.XCoordinate &&
              s.YCoordinate === seat.YCoordinate,
          ) ?? seat;
      push('add_to_cart', ticketItems([ticketLine({ ...current, isMultiplyFactorSubTicket: false }, entries)]));
    });
}

export function trackProductAdded(id: number, quantity: number): void {
  const product = productOf(useBookingCatalogue.getState().entries, id);
  if (!product) return;
  push('add_to_cart', productItems([{ id, name: product.nameEn || product.name, price: product.price, quantity }]));
}

const BEGIN_CHECKOUT_KEY = 'hotline:begin-checkout';

/** begin_checkout, once per cart (a reload of the details page does not begin it again). */
export function trackBeginCheckout(totalAgorot: number, coupon?: string): void {
  const cart = useCartStore.getState().resId ?? useCartStore.getState().cartIdentifier;
  try {
    if (cart && sessionStorage.getItem(BEGIN_CHECKOUT_KEY) === cart) return;
    if (cart) sessionStorage.setItem(BEGIN_CHECKOUT_KEY, cart);
  } catch {
    /* storage disabled: report it */
  }
  push('begin_checkout', cartItems(), { valueAgorot: totalAgorot, coupon });
}

export function trackAddPaymentInfo(totalAgorot: number, paymentType: string, coupon?: string): void {
  push('add_payment_info', cartItems(), { valueAgorot: totalAgorot, paymentType, coupon });
}

/** purchase: call with the items taken BEFORE the cart was emptied. */
export function trackPurchase(
  items: AnalyticsItem[],
  transactionId: string,
  totalAgorot: number,
  coupon?: string,
): void {
  push('purchase', items, { valueAgorot: totalAgorot, transactionId, coupon });
}

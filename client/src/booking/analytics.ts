/**
 * Tag-manager analytics (storefront-spec.md section 9): ecommerce events on
 * `window.dataLayer` in the GA4 shape — view_item, add_to_cart, begin_checkout,
 * add_payment_info, purchase — with items priced in ILS.
 *
 * The payload builders are pure (unit-tested); `pushEcommerce` is the only part
 * that touches the page. Prices are computed in agorot and only turned into a
 * decimal at the end, so 3 × ₪33.30 is 99.9 and never 99.89999999999999.
 */
import { agorotToShekels, shekelsToAgorot } from '@hotline/shared';

export type EcommerceEventName = 'view_item' | 'add_to_cart' | 'begin_checkout' | 'add_payment_info' | 'purchase';

export interface AnalyticsItem {
  item_id: string;
  item_name: string;
  /** 'ticket' or 'product'. */
  item_category: string;
  /** The ticket type ("Regular", "Student") or the product name. */
  item_variant?: string;
  /** Venue and location, for tickets. */
  item_brand?: string;
  /** Coupon code, when a coded ticket priced the item. */
  coupon?: string;
  /** ILS, 2 decimals. */
  price: number;
  quantity: number;
}

export interface EcommercePayload {
  currency: 'ILS';
  value: number;
  items: AnalyticsItem[];
  transaction_id?: string;
  coupon?: string;
  payment_type?: string;
}

export interface EcommerceEvent {
  event: EcommerceEventName;
  ecommerce: EcommercePayload;
}

/** What the builder needs to know about a ticket line. */
export interface TicketLineInput {
  presentationId: number;
  presentationName: string;
  venue?: string;
  ticketId: number | null;
  ticketName?: string;
  /** Shekels, as shown (0 on multiply-factor sub-tickets, which are skipped). */
  amount: number;
  serviceCharge: number;
  isMultiplyFactorSubTicket?: boolean;
  code?: string | null;
}

export interface ProductLineInput {
  id: number;
  name: string;
  /** Shekels. */
  price: number;
  quantity: number;
}

/**
 * Ticket items: one per (presentation, ticket, code), with quantity = how many
 * were sold. The price is the ticket price plus its service charge (what one
 * costs the visitor). Sub-tickets of a couple ticket are part of the unit sold
 * on the first seat, so they are not items of their own.
 */
export function ticketItems(lines: readonly TicketLineInput[]): AnalyticsItem[] {
  const byKey = new Map<string, { item: AnalyticsItem; unitAgorot: number }>();
  for (const l of lines) {
    if (l.isMultiplyFactorSubTicket) continue;
    const unitAgorot = shekelsToAgorot(l.amount) + shekelsToAgorot(l.serviceCharge);
    const key = `${l.presentationId}:${l.ticketId ?? 'none'}:${l.code ?? ''}:${unitAgorot}`;
    const existing = byKey.get(key);
    if (existing) {
      existing.item.quantity += 1;
      continue;
    }
    const item: AnalyticsItem = {
      item_id: `P${l.presentationId}-T${l.ticketId ?? 0}`,
      item_name: l.presentationName,
      item_category: 'ticket',
      price: agorotToShekels(unitAgorot),
      quantity: 1,
    };
    if (l.ticketName) item.item_variant = l.ticketName;
    if (l.venue) item.item_brand = l.venue;
    if (l.code) item.coupon = l.code;
    byKey.set(key, { item, unitAgorot });
  }
  return [...byKey.values()].map((v) => v.item);
}

export function productItems(products: readonly ProductLineInput[]): AnalyticsItem[] {
  return products
    .filter((p) => p.quantity > 0)
    .map((p) => ({
      item_id: `PR${p.id}`,
      item_name: p.name,
      item_category: 'product',
      item_variant: p.name,
      price: agorotToShekels(shekelsToAgorot(p.price)),
      quantity: p.quantity,
    }));
}

/** Sum of price × quantity, added in agorot. */
export function itemsValue(items: readonly AnalyticsItem[]): number {
  return agorotToShekels(items.reduce((sum, i) => sum + shekelsToAgorot(i.price) * i.quantity, 0));
}

export interface EventExtras {
  /** Overrides the items' sum (purchase: the order total including the handling fee). */
  valueAgorot?: number;
  transactionId?: string;
  coupon?: string;
  paymentType?: string;
}

export function ecommerceEvent(
  event: EcommerceEventName,
  items: readonly AnalyticsItem[],
  extras: EventExtras = {},
): EcommerceEvent {
  const ecommerce: EcommercePayload = {
    currency: 'ILS',
    value: extras.valueAgorot !== undefined ? agorotToShekels(extras.valueAgorot) : itemsValue(items),
    items: items.map((i) => ({ ...i })),
  };
  if (extras.transactionId) ecommerce.transaction_id = extras.transactionId;
  if (extras.coupon) ecommerce.coupon = extras.coupon;
  if (extras.paymentType) ecommerce.payment_type = extras.paymentType;
  return { event, ecommerce };
}

type DataLayer = unknown[];

declare global {
  interface Window {
    dataLayer?: DataLayer;
  }
}

/**
 * Pushes an ecommerce event. GA4's recommendation: clear the previous
 * `ecommerce` object first, so items of one event never leak into the next.
 */
export function pushEcommerce(
  e: EcommerceEvent,
  target: { dataLayer?: DataLayer } | undefined = typeof window === 'undefined' ? undefined : window,
): void {
  if (!target) return;
  const layer = (target.dataLayer ??= []);
  layer.push({ ecommerce: null });
  layer.push(e);
}

/**
 * Money on the wire is in shekels with at most two decimals (42.5 = ₪42.50), as the spec's
 * storefront shows it; the server stores and computes integer agorot (rules/money). The
 * aliases say which one a field carries; they are plain numbers at run time.
 */
export type Shekels = number;

/**
 * The ticket shape, defined once: a price option of a ticket group (storefront-spec.md
 * section 3 "Ticket"). Public lists (ApiTicket), coded tickets fetched by code (CodedTicket)
 * and the storefront's cart (TicketInfo) all extend it.
 */
export interface WireTicket {
  id: number;
  ticketGroupId: number;
  name: string;
  nameEn: string;
  /** Russian and Arabic names where the catalogue has them (absent or null: show the English). */
  nameRu?: string | null;
  nameAr?: string | null;
  price: Shekels;
  /** The price before a discount, shown struck through; null when there is none. */
  oldPrice: Shekels | null;
  serviceCharge: Shekels;
  pricePolicyId: number;
  multiplyFactor: number;
}

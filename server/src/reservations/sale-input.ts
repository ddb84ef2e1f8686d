import type { MembershipRefusal, MembershipSaleData } from './membership-sale-steps';

// The shape of a sale: the sale's own fields here; each participant adds its payload to `SaleInput` from its own
// context (a module augmentation beside the participant: vouchers in payment/, coupons in tickets/, references in
// ticket-references/), so this file names no participant's data it does not write itself.

/**
 * Through which storefront channel an order is sold (docs/storefront-modes.md): a mini-site (whose ticket
 * balances the sale draws down) and/or a partner link (integrationId). Stored in the sale draft, so the recovery
 * job writes the same.
 */
export interface SaleChannel {
  miniSiteId: number | null;
  integrationId: string | null;
  partner: string | null;
  /** Mini-site tickets with a Balance: how many seats this order puts on each. */
  balances: { ticketId: number; seats: number }[];
}

export interface SaleTicket {
  identifier: string;
  presentationId: number;
  sectionId: number;
  x: number;
  y: number;
  ticketId: number;
  amountAgorot: number;
  serviceChargeAgorot: number;
}

export interface SaleInput {
  cartId: string;
  cartIdentifier: string;
  visitorId: string;
  reservationIdentifier: string;
  documentKey: string;
  customer: Record<string, unknown>;
  locale: string;
  totalAgorot: number;
  tickets: SaleTicket[];
  /** The cart's charge (its money attempt, opened before the provider call), now approved: `paymentId` is its id. */
  card: { paymentId: string; providerReference: string; instalments: number } | null;
  /** Cash taken at the box office by this staff member (the producer variant of the commit); no provider call. */
  cash?: { amountAgorot: number; staffUserId: number } | null;
  // vouchers (payment/), coupons (tickets/) and references (ticket-references/): added by their participants.
  /** Gift vouchers this order buys, one each, with the reference drawn for it. */
  voucherSales: {
    reference: string;
    name: string;
    nameEn: string;
    classId: number;
    priceId: number;
    valueAgorot: number;
    validDays: number;
  }[];
  donations: { donationId: number; detailId: number; quantity: number; unitAgorot: number; receiptNumber: string }[];
  /** Signed waivers kept with the reservation. */
  waivers: {
    presentationId: number;
    participants: { name: string; dateOfBirth: string }[];
    signatureBase64: string;
    terms: string;
    ip: string;
  }[];
  messages: { channel: 'email' | 'sms'; recipient: string }[];
  /** The commit's answer, kept on the cart and replayed to retries. */
  result: Record<string, unknown>;
  /** Members' balances drawn, memberships sold, enrolments (membership-sale-steps.ts). */
  memberships?: MembershipSaleData;
  /** Mini-site / partner link: balances drawn down and the channel recorded in the same transaction. */
  channel?: SaleChannel | null;
  /** A hold order: the reservation is written unpaid, this customer's, released at this deadline (holds/). */
  hold?: { customerId: number; releaseAt: Date } | null;
}

export type SaleRefusal =
  | 'SEAT_TAKEN'
  | 'PRODUCT_SOLD_OUT'
  | 'CHANNEL_QUOTA_EXHAUSTED'
  | 'VOUCHER_NO_BALANCE'
  | 'VOUCHER_GONE'
  | 'COUPON_USED_UP'
  | 'DUPLICATE_CART'
  | 'IDENTIFIER_TAKEN'
  | MembershipRefusal
  | 'MINI_SITE_BALANCE_USED_UP'
  | 'REFERENCE_NOT_ELIGIBLE';
export type SaleOutcome = { ok: true; reservationId: string } | { ok: false; reason: SaleRefusal; detail?: string };

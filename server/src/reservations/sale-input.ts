// The shape of a sale: the sale's own fields here (`SaleOwn`); each participant adds its payload to `SaleInput` from
// its own context (a module augmentation beside the participant: vouchers in payment/, coupons and products and
// channel quotas in tickets/, references in ticket-references/, memberships in memberships/, the storefront channel
// in orders/), so this context names no participant's data (test/architecture/sale-payloads.test.ts).

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

/** What the sale's own part of the statement and its lines write (sales.repository.ts, sale-lines.ts). */
export interface SaleOwn {
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
  /** A hold order: the reservation is written unpaid, this customer's, released at this deadline (holds/). */
  hold?: { customerId: number; releaseAt: Date } | null;
}

/**
 * A sale: its own fields and every participant's payload, which each participant's context adds here (a module
 * augmentation of '../reservations').
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- empty here on purpose: the participants fill it
export interface SaleInput extends SaleOwn {}

/** Every participant's payload, each optional: what a claim is computed from (a sale, or its quoted draft). */
export type SalePayloads = Partial<Omit<SaleInput, keyof SaleOwn>>;

export type SaleRefusal =
  | 'SEAT_TAKEN'
  | 'PRODUCT_SOLD_OUT'
  | 'CHANNEL_QUOTA_EXHAUSTED'
  | 'VOUCHER_NO_BALANCE'
  | 'VOUCHER_GONE'
  | 'COUPON_USED_UP'
  | 'DUPLICATE_CART'
  | 'IDENTIFIER_TAKEN'
  | 'MEMBER_BALANCE'
  | 'ALREADY_ENROLLED'
  | 'MEMBER_GONE'
  | 'DISCOUNT_USED_UP'
  | 'MINI_SITE_BALANCE_USED_UP'
  | 'REFERENCE_NOT_ELIGIBLE';
export type SaleOutcome = { ok: true; reservationId: string } | { ok: false; reason: SaleRefusal; detail?: string };

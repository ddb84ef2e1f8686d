import type { WireTicket } from '../wire/ticket';

/**
 * The booking wire: the cart the storefront keeps and sends (storefront-spec.md
 * section 3 "Cart", "Cart seat", "Cart product", "Voucher payment") and the
 * answers of the booking calls (section 7). Money is in shekels with at most two
 * decimals on the wire (42.5 is ₪42.50); the server converts to agorot and
 * recomputes every amount from its own data, so the amounts below are what the
 * visitor was SHOWN, used only to detect a stale or tampered screen
 * (PRICE_MISMATCH), never what is charged.
 */
import type { CustomerDetailsInput } from './customer-schema';
import type { CartWaiver, EDocumentWaiver } from './waiver';
import type { WalletApproval } from './wallet';

/** One seat (or general-admission place) in the cart. Field names are the spec's. */
export interface CartSeat {
  prsntId: number;
  /** The seat's ticket group (the presentation's, not the plan zone id). */
  ticketGroupId: number;
  venueId?: number;
  seatplanId?: number;
  sectionId: number;
  /** The ticket chosen for this seat (a public ticket, or a coupon/voucher ticket fetched by code). */
  ticketId: number;
  /**
   * The ticket price shown for this seat, shekels. For a multiply-factor ticket
   * (a couple ticket covers 2 seats) the whole price sits on the FIRST seat of
   * each unit and the others are sub-tickets with amount 0 and serviceCharge 0
   * (shared markMultiplyFactorSubTickets, applied in cart order).
   */
  amount: number;
  /** Per-seat service charge shown, shekels (0 on sub-tickets). */
  serviceCharge: number;
  pricePolicyId?: number;
  allocationId?: number | null;
  isMultiplyFactorSubTicket?: boolean;
  /** The coupon/voucher code this seat's ticket came from (informational; cart.ticketCodes is what counts). */
  code?: string | null;
  ref1?: string | null;
  ref2?: string | null;
  memberNumber?: string | null;
  systemVoucher?: boolean | string | null;
  /** Seat x in its section; for general admission the place the lock answer gave (lockedSeat.x). */
  XCoordinate: number | null;
  /** Seat y; 0 for general admission. */
  YCoordinate: number | null;
  SeatplanX?: number | null;
  SeatplanY?: number | null;
  RowName?: string | null;
  SeatName?: string | null;
}

export interface CartProduct {
  id: number;
  quantity: number;
}

/** A system voucher paying part of the order (GET /api/payment/voucher gives id, code and balance). */
export interface CartVoucherPayment {
  /** The amount of the voucher applied, shekels: min(balance due, voucher balance), in the order vouchers were added. */
  amount: number;
  id: number;
  code: string;
  balance?: number;
  systemVoucher?: boolean | string | null;
}

/**
 * A gift (system) voucher bought (memberships-backoffice-spec.md section 7,
 * "Voucher cart item"). `SystemVoucherId` is the voucher on sale (its class),
 * `SystemVoucherPriceId` one of its prices; `Price` is what the visitor was
 * shown for one, shekels (checked, never trusted).
 */
export interface CartVoucherItem {
  SystemVoucherId: number;
  SystemVoucherPriceId: number;
  Quantity: number;
  Price: number;
  /** The day the voucher is for, when the class is dated (ISO date); informational otherwise. */
  Date?: string | null;
  RedemptionData?: { reference?: string | null; price?: number | null } | null;
}

/**
 * A donation (memberships-backoffice-spec.md section 7, "Donation cart item"):
 * a preset amount (`donationDetailId` of a preset), or the donation's custom
 * option with `customAmount` in shekels. `amount` is the unit amount shown.
 */
export interface CartDonationItem {
  donationId: number;
  donationDetailId: number;
  quantity: number;
  customAmount?: number | null;
  amount?: number | null;
}

/** The order-level charge as the storefront got it from GET /presentations/:id/ticketGroups (serviceCharge). */
export interface CartGlobalServiceCharge {
  name?: string | null;
  amountPerOrder?: number | null;
  percentRatePerOrder?: number | null;
}

/**
 * Membership cart item (memberships-backoffice-spec.md section 7): a membership price bought, a top-up of an existing
 * member (memberNumber + isTopup), optionally with the membership seat the visitor holds.
 */
export interface MembershipCartItem {
  membershipId: number;
  membershipPriceId: number;
  currencyId?: number;
  reference1?: string | null;
  reference2?: string | null;
  memberNumber?: string | null;
  isTopup?: boolean;
  seat?: { sectionId: number; x: number; y: number } | null;
  /** The price shown (shekels), compared with the server's. */
  price?: number;
}

/** Enrol cart item: a season membership with one fixed seat on the chosen events (`ticketId` = the rate's MembershipPriceId). */
export interface EnrolCartItem {
  membershipId: number;
  ticketId: number;
  seasonId: number;
  totalAmount: number;
  seat?: { sectionId: number; x: number; y: number } | null;
  ticketGroupId?: number | null;
  selections: {
    prsntId: number;
    venueId?: number;
    seatplanId?: number;
    sectionId?: number;
    x?: number;
    y?: number;
    tgId?: number;
  }[];
}

export interface Cart {
  /** Ticket order. Carts of two kinds (seats, vouchers, donations) are refused: shared `cartKind`. */
  seats: CartSeat[];
  products?: CartProduct[];
  /** Gift voucher order (at most 10 vouchers). */
  vouchers?: CartVoucherItem[];
  /** Donation order. */
  donations?: CartDonationItem[];
  /** Membership and enrolment items (a memberships order). */
  memberships?: (MembershipCartItem | EnrolCartItem)[];
  /** At most one membership discount code (docs/memberships.md); a second is refused MEMBERSHIP_DISCOUNT_ONE_ONLY. */
  membershipDiscountCodes?: string[];
  /** The outlet (location) selling; a voucher class may be sold only in some. */
  locationId?: number | null;
  /** Signed waivers, one per event that needs one (GET /presentations/:id/waiver). */
  waivers?: CartWaiver[];
  voucherPayments?: CartVoucherPayment[];
  /** Coupon and voucher-ticket codes the visitor entered (case does not matter). */
  ticketCodes?: string[];
  customerInfo?: CustomerDetailsInput | null;
  /** Instalments; default 1. The card page's choice wins when they differ. */
  numberOfPayments?: number;
  globalServiceCharge?: CartGlobalServiceCharge | null;
  /** From POST /api/cart. Makes the commit idempotent: a replay answers the same reservation and never charges twice. */
  cartIdentifier?: string | null;
  /** The card authorisation the hosted card page posted to the parent window (PaymentFormMessage). */
  paymentIdentifier?: string | null;
  /**
   * The order total shown to the visitor (tickets + service charges + products +
   * global service charge, before vouchers), shekels. Optional; when present it
   * must match the server's total.
   */
  total?: number | null;
  miniSiteUrl?: string | null;
  domain?: string | null;
  /** A partner link's id (GET /api/integration), recorded on the reservation. */
  integrationId?: string | null;
  isHold?: boolean;
  reservationIdentifier?: string | null;
  /**
   * Producer variant of the commit (box office; needs a staff session with permission 267 and the cart's
   * presentations in the staff member's businesses): the walk-in buyer, who gets the tickets by SMS.
   */
  mobileNumber?: string | null;
  customerName?: string | null;
  /** How the walk-in buyer pays at the box office: the sandbox card page (default) or cash in hand. */
  tender?: BoxOfficeTender | null;
  /** Spec fields the server keeps with a saved cart but does not act on. */
  zoom?: unknown;
  creditcardInfo?: unknown;
  paypal?: unknown;
  ticketGroups?: unknown;
  systemInquiry?: unknown;
  modify?: unknown;
  modifiedTickets?: unknown;
}

export type BoxOfficeTender = 'card' | 'cash';

/* ---- POST /api/cart and GET /api/reservations/:resId ---- */

export interface SaveCartRequest {
  cart: Cart;
  /** The visitor's uuid (from the cookie); must equal the uuid header when both are sent. */
  uuid?: string;
}

export interface SaveCartResponse {
  cartIdentifier: string;
  resId: string;
}

export type CartStatus = 'open' | 'paying' | 'paid' | 'refunded';

export interface RestoreCartResponse {
  cart: Cart;
  cartIdentifier: string;
  resId: string;
  status: CartStatus;
  /** Set once the cart was paid. */
  reservationIdentifier: string | null;
}

/* ---- GET /api/presentations/:id/ticket ---- */

/** A coupon or voucher ticket handed out by code (storefront-spec.md section 3 "Ticket"). */
export interface CodedTicket extends WireTicket {
  /** The code as stored (the visitor may have typed it in another case). */
  code: string;
  /** Uses left (coupons: in uses; voucher tickets: in seats); null when unlimited. */
  balance: number | null;
  /** How many of the visitor's locked seats in this ticket group the ticket may go on now. */
  quantity: number;
  /** True for a voucher ticket (a prepaid seat), false for a discount coupon. */
  isVoucher: boolean;
  memberNumber: string | null;
  systemVoucher: null;
  ref1: string | null;
  ref2: string | null;
}

export interface TicketByCodeResponse {
  ticket: CodedTicket;
  /** A note for the visitor (e.g. the coupon covers fewer seats than they hold); null when there is nothing to say. */
  msg: string | null;
}

/* ---- GET /api/payment/voucher ---- */

export interface VoucherLookupResponse {
  payment: {
    id: number;
    code: string;
    /** Remaining balance, shekels. */
    balance: number;
    systemVoucher: true;
    name: string;
    /** ISO 8601, or null when the voucher does not expire. */
    expiresAt: string | null;
  };
}

/* ---- GET /api/payment/form/:locale ---- */

export interface PaymentFormResponse {
  /** The hosted card page to show in an iframe (same origin as the API). */
  paymentFormURL: string;
}

/** What the hosted card page posts to its parent window (window.postMessage, same origin only). */
export type PaymentFormMessage =
  | {
      type: 'hotline:payment-authorised';
      paymentIdentifier: string;
      numberOfPayments: number;
      cardLast4: string;
      /** Always true for the built-in provider: it is a simulation and no money moves. */
      sandbox: boolean;
      /** Wallet payments only: the spec's paypal block. */
      paypal?: WalletApproval;
    }
  | { type: 'hotline:payment-cancelled' };

export const PAYMENT_FORM_MESSAGE_AUTHORISED = 'hotline:payment-authorised';
export const PAYMENT_FORM_MESSAGE_CANCELLED = 'hotline:payment-cancelled';

/* ---- POST /api/payment/commit ---- */

export interface CommitRequest {
  cart: Cart;
  miniSiteUrl?: string | null;
  recaptchaToken: string;
}

/** The spec's order result plus what the confirmation page needs. */
/**
 * GET /reservations/{identifier}/confirmation (our addition): the confirmation page's own address
 * (/booking/confirmation/{identifier}) survives a reload. Only the visitor who bought the order gets it (the `uuid`
 * cookie/header the commit carried); anyone else, a shared link included, gets 404 ORDER_CONFIRMATION_NOT_FOUND.
 * No names, e-mail or payment details: what the page shows after paying, amounts in shekels.
 */
export interface OrderConfirmationResponse {
  reservationIdentifier: string;
  documentKey: string;
  ticketIdentifiers: string[];
  total: number;
  charged: number;
  presentationIds: number[];
  /** When the order was paid, ISO 8601. */
  at: string;
}

export interface CommitResponse {
  reservationIdentifier: string;
  ticketIdentifiers: string[];
  cartIdentifier: string;
  /** The e-ticket page is /edocument/{documentKey}. */
  documentKey: string;
  /** What the order cost, shekels. */
  total: number;
  /** What the card was charged, shekels (total minus vouchers). */
  charged: number;
  /** True when this answer replays an earlier successful commit of the same cart. */
  replayed: boolean;
  /** Gift vouchers this order bought (also sent by e-mail/SMS). Absent on ticket orders. */
  systemVouchers?: SoldSystemVoucher[];
  /** Donations this order gave (the receipt is in the confirmation message). */
  donations?: { donationId: number; amount: number }[];
  /** A hold order (docs/hold-orders.md): unpaid, to pay and collect at the box office before holdDeadline (ISO). */
  isHold?: boolean;
  holdDeadline?: string;
}

export interface SoldSystemVoucher {
  Reference: string;
  /** What it can pay, shekels. */
  Value: number;
  StartDate: string;
  EndDate: string;
}

/* ---- GET /api/edocument/:documentKey ---- */

export interface EDocumentTicket {
  ticketIdentifier: string;
  presentationId: number;
  featureName: string;
  featureNameEn: string;
  /** Russian and Arabic where the catalogue has them; null shows the English. */
  featureNameRu?: string | null;
  featureNameAr?: string | null;
  venueName: string;
  venueNameEn: string;
  venueNameRu?: string | null;
  venueNameAr?: string | null;
  locationName: string;
  locationNameEn: string;
  locationNameRu?: string | null;
  locationNameAr?: string | null;
  /** ISO 8601 UTC. */
  dateTime: string;
  /** The show's date and time in Asia/Jerusalem, written for the reader's language. */
  dateTimeText: string;
  /** Wall-clock time in Asia/Jerusalem, 'YYYY-MM-DDTHH:mm'. */
  localDateTime: string;
  sectionName: string;
  sectionNameEn: string;
  sectionNameRu?: string | null;
  sectionNameAr?: string | null;
  rowName: string;
  seatName: string;
  isGeneralAdmission: boolean;
  /**
   * An online (video-on-demand) show: watched at home through `watchUrl` (the VOD page with the order filled in;
   * it proves nothing by itself) until `watchUntil` (ISO, vodWatchUntil). Null for a show in a venue.
   */
  online: { watchUrl: string; watchUntil: string } | null;
  ticketName: string;
  ticketNameEn: string;
  ticketNameRu?: string | null;
  ticketNameAr?: string | null;
  price: number;
  serviceCharge: number;
  /** An SVG image (markup) of the QR code: ticket identifier + signature. */
  qrSvg: string;
  /** The text the QR code encodes, for scanners that verify the signature. */
  qrText: string;
  /**
   * The show asks for the rotating code: the page shows a code made from this secret (base64url) that changes every
   * 15 s, instead of the static one, which its doors refuse (docs/door-checkin.md, "The rotating code").
   */
  rotatingSecret: string | null;
}

export interface EDocumentResponse {
  reservation: {
    reservationIdentifier: string;
    state: string;
    createdAt: string;
    customerName: string;
    total: number;
    locale: string;
    tickets: EDocumentTicket[];
    /** GET this for a text/calendar file of the order's shows. */
    calendarUrl: string;
    /** Waivers signed for this order's events. */
    waivers?: EDocumentWaiver[];
  };
}

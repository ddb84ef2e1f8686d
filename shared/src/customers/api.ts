/**
 * Wire types of the customer calls (storefront-spec.md sections 3 and 7,
 * memberships-backoffice-spec.md section 8). Field names are the spec's.
 */
export interface CustomerAreaTicket {
  TicketIdentifier: string;
  PresentationId: number;
  FeatureName: string;
  VenueName: string;
  DateTime: string;
  SectionName: string;
  RowName: string | null;
  SeatName: string | null;
  /** agorot */
  AmountAgorot: number;
  Status: 'live' | 'cancelled';
}

export interface CustomerAreaReservation {
  ReservationIdentifier: string;
  /** paid | hold | cancelled | refunded; 'שולמה' (paid) is sorted specially in the spec's list. */
  State: string;
  DateTimeCreated: string;
  TotalAgorot: number;
  /** /edocument/{documentKey}: the e-ticket page. */
  ETicketUrl: string;
  /** The first presentation's start, for upcoming/past. */
  EventDateTime: string;
  IsPast: boolean;
  /** Customers may cancel from the customer area for this event (per-event setting). */
  IsCancellable: boolean;
  Tickets: CustomerAreaTicket[];
}

export interface CustomerSystemVoucher {
  Reference: string;
  Name: string;
  BalanceAgorot: number;
  IsForReplacement: boolean;
  StartDate: string;
  EndDate: string | null;
  DateTimeCreated: string;
}

export interface CustomerMember {
  CustomerId: number;
  FirstName: string;
  LastName: string;
}

export interface CustomerAreaInfo {
  CustomerId: number;
  FirstName: string;
  LastName: string;
  SSN: string | null;
  EmailAddress1: string | null;
  MobileNumber1: string;
  IsEmailAllowed: boolean;
  IsSMSAllowed: boolean;
  Address1: string | null;
  Address2: string | null;
  City: string | null;
  PostalCode: string | null;
  DateOfBirth: string | null;
  LicensePlateNumber: string | null;
  reservations: CustomerAreaReservation[];
  SystemVouchers: CustomerSystemVoucher[];
  members: CustomerMember[];
  /** Store credit from cancellations (agorot), until it is turned into a system voucher. */
  CreditBalanceAgorot: number;
  VODTickets: CustomerAreaTicket[];
}

export interface MobileLoginRequest {
  mobileNumber: string;
  /** This deployment logs in by Israeli ID plus SMS code. */
  ssn?: string;
  customerEmail?: string;
  recaptchaToken: string;
}

export interface MobileLoginResponse {
  /** An SMS resend is available (the spec's fallback: 1 attempt after a 20 s timer). */
  isFallbackEnabled: boolean;
  resendAfterSeconds: number;
  codeValidSeconds: number;
}

export interface CustomerDetailsUpdate {
  FirstName: string;
  LastName: string;
  EmailAddress1: string;
  MobileNumber1: string;
  Address1?: string;
  City?: string;
  DateOfBirth?: string | null;
}

export interface CancelReservationRequest {
  /** TicketIdentifiers to cancel; empty or missing = the whole reservation. */
  itemsToCancel?: string[];
  refundToTransactionCredit?: boolean;
}

export interface CancelReservationResponse {
  ReservationIdentifier: string;
  CancelledTickets: string[];
  ChargeAgorot: number;
  RefundAgorot: number;
  RefundedTo: { kind: 'card' | 'voucher' | 'credit'; amountAgorot: number }[];
  ReservationState: string;
}

/**
 * GET /reservations/{id}/cancellation-quote (our addition): what the cancel with the same request would do
 * now, from the same rule, so the dialog names the exact charge, refund and destinations before the buyer confirms.
 */
export type CancellationQuoteResponse = CancelReservationResponse;

/** Login-link (jwtToken) states, shown with their date. */
export type CustomerTokenState = 'CUSTOMER_TOKEN_REDEEMED' | 'CUSTOMER_TOKEN_EXPIRED' | 'CUSTOMER_TOKEN_ERROR';

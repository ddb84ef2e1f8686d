/**
 * Wire types of memberships and season enrolment (memberships-backoffice-spec.md sections 3 and 7;
 * docs/memberships.md). Field names are the spec's (PascalCase where the spec writes it so).
 */

/** 1 regular, 2 series (stepped one by one), 3 season enrolment with a fixed seat. */
export const MEMBERSHIP_TYPE_SERIES = 2;
export const MEMBERSHIP_TYPE_SEASON = 3;
/** Maximum memberships per order in this deployment (spec section 9). */
export const MAX_MEMBERSHIPS_PER_ORDER = 1;

export interface ApiMembershipPrice {
  MembershipPriceId: number;
  PriceCode: string;
  Name: string;
  Price: number;
  currency: { CurrencyId: number; Price: number; symbol: string; code: string };
  selectedQuantity: number;
  usedQuantity: number;
  references: { reference1: string | null; reference2: string | null };
  isTopup: boolean;
}

export interface ApiMembershipPresentation {
  PresentationId: number;
  IsRequired: boolean;
  MembershipPayableAmount: number;
  /** Enriched for the screens: when and what. */
  dateTime?: string;
  featureName?: string;
}

export interface ApiMembership {
  MembershipId: number;
  MembershipTypeId: number;
  Code: string;
  Name: string;
  ClassName: string;
  SeasonId: number | null;
  IsSkipMemberSeat: boolean;
  IsPricingPerTicket: boolean;
  DefaultTicketGroupId: number | null;
  /** Member-ticket units a member gets. */
  Balance: number;
  /** Whether buying it includes choosing a seat. */
  hasSeat: boolean;
  prices: ApiMembershipPrice[];
  Presentations: ApiMembershipPresentation[];
  /** presentationId -> ticketGroupId -> ticketId -> override. */
  PresentationDetail: Record<string, Record<string, Record<string, { IsPriceOverride: boolean; Price: number }>>>;
  topups: Record<string, { balance: number; usedBalance: number }>;
  /** The least it can cost, shekels (shared membershipPriceFrom): the list shows "from ₪X"; null when not on offer. */
  PriceFrom: number | null;
}

export interface MembershipsResponse {
  memberships: ApiMembership[];
  maxMembershipsPerOrder: number;
}

/** GET /membership/seatplan and GET /enroll/{id}/seatplan. */
export interface MembershipSeatplanResponse {
  seatplan: {
    MembershipId: number;
    VenueId: number;
    VenueSeatplanId: number;
    /** The presentations the seat is held on (the map shows the first; a seat is free only if free on all). */
    presentationIds: number[];
    /** "sectionId:x:y" of seats not free on at least one of them. */
    unavailable: string[];
  };
}

/** A seat held on several presentations (the spec's enrol selections: prsntId, venueId, seatplanId, sectionId, x, y, tgId). */
export interface MembershipSelection {
  prsntId: number;
  venueId: number;
  seatplanId: number;
  sectionId: number;
  x: number;
  y: number;
  tgId: number;
  RowName: string;
  SeatName: string;
}

export interface MembershipLockResponse {
  selections: MembershipSelection[];
  expiresAt: string;
  timeInSeconds: number;
}

export interface AvailableMember {
  name: string;
  additionalName: string;
  memberCustomerName: string;
  membershipId: number;
  membershipTypeId: number;
  balance: number;
  memberNumber: string;
  customerId: number | null;
  membershipIdentifier: string;
  usedBalance: number;
  startDate: string;
  endDate: string;
  isAvailable: boolean;
  isExpired: boolean;
  isNotStarted: boolean;
  allowMemberSaleTickets: boolean;
}

export interface AvailableMembersResponse {
  members: AvailableMember[];
}

export interface MemberTicketsResponse {
  tickets: { id: number; ticketGroupId: number; name: string; price: number; code: string }[];
}

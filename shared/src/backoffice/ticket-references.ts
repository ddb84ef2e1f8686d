/**
 * Ticket-reference administration (memberships-backoffice-spec.md sections 3 and 7), under
 * /api/pres-live; permission 269 (docs/back-office.md "Ticket references").
 */

/** PriceType: what PriceId names. 1 = one ticket (a price of one presentation), 2 = a price policy (every ticket with it). */
export const TICKET_REFERENCE_PRICE_TYPE = { ticket: 1, pricePolicy: 2 } as const;

/** GET /api/pres-live/getTicketRefAgents: the agents (organisations) whose references a user administers. */
export interface TicketRefAgent {
  CustomerId: number;
  Name: string;
  BusinessId: number;
}

export interface TicketRefAgentsResponse {
  agents: TicketRefAgent[];
}

/** A ticket-reference row (spec section 3) with its quantity, use and names for the screen. */
export interface TicketReferenceRow {
  Reference1: string;
  Reference2: string;
  PriceType: number;
  PriceId: number;
  PriceRowId: number;
  FeatureId: number | null;
  TicketId: number | null;
  PricePolicyId: number | null;
  PresentationId: number | null;
  FeatureCategoryId: number | null;
  BusinessId: number;
  CustomerId: number | null;
  AgentName: string | null;
  TicketName: string | null;
  TicketNameEn: string | null;
  /** Russian and Arabic names, null where the catalogue has none. */
  TicketNameRu: string | null;
  TicketNameAr: string | null;
  FeatureName: string | null;
  FeatureNameEn: string | null;
  FeatureNameRu: string | null;
  FeatureNameAr: string | null;
  PresentationDateTime: string | null;
  /** Tickets allowed with this reference in all. */
  Quantity: number;
  /** Live tickets sold with it (cancelled ones give their place back). */
  Used: number;
  Remaining: number;
  UpdatedAt: string;
}

/** GET /api/pres-live/monitors/TicketReferencePromptAdmin/data */
export interface TicketReferenceAdminResponse {
  rows: TicketReferenceRow[];
}

/** One change of a row: who, when, old -> new. */
export interface TicketReferenceChange {
  At: string;
  UserId: number;
  FirstName: string;
  LastName: string;
  Action: 'create' | 'quantity';
  OldQuantity: number | null;
  NewQuantity: number;
}

/** GET /api/pres-live/monitors/TicketReferencePromptAdminDetail/data?rowId= */
export interface TicketReferenceDetailResponse {
  row: TicketReferenceRow;
  history: TicketReferenceChange[];
}

/** One ticket sold with a reference. */
export interface TicketReferenceSale {
  ReservationIdentifier: string;
  TicketIdentifier: string;
  PriceRowId: number;
  Reference1: string;
  Reference2: string;
  PresentationId: number;
  PresentationDateTime: string;
  FeatureName: string;
  FeatureNameEn: string;
  FeatureNameRu: string | null;
  FeatureNameAr: string | null;
  TicketId: number;
  AmountAgorot: number;
  SaleDateTime: string;
  Status: 'live' | 'cancelled';
}

/** GET /api/pres-live/monitors/TicketReferencePromptAdminTicketSales/data */
export interface TicketReferenceSalesResponse {
  sales: TicketReferenceSale[];
}

/** POST /api/pres-live/editReferencePromptOptionQuantity/1/:type/:priceId/:rowId body (rowId 0 adds a reference). */
export interface EditReferenceQuantityRequest {
  reference: string;
  reference2?: string | null;
  quantity: number;
}

export interface EditReferenceQuantityResponse {
  row: TicketReferenceRow;
}

/** POST /api/ticket-references/check (storefront): may these seats carry this reference? */
export interface TicketReferenceCheckRequest {
  presentationId: number;
  ticketId: number;
  ref1: string;
  ref2?: string | null;
  /** Seats the buyer wants to put on the ticket with this reference (default 1). */
  quantity?: number;
}

export interface TicketReferenceCheckResponse {
  eligible: true;
}

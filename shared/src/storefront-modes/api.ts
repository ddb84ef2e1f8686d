/**
 * Mini-sites and partner integration on the wire (storefront-spec.md sections 3 and 7; docs/storefront-modes.md).
 */

/** One ticket a mini-site sells: Balance is how many may still be sold through it (null = no limit). */
export interface MiniSiteTicket {
  TicketId: number;
  Balance: number | null;
  /** Labels of the references the buyer is asked for with this ticket (null = not asked). */
  reference1: string | null;
  reference2: string | null;
}

export interface MiniSite {
  URL: string;
  name: string;
  mode: 'tickets' | 'seats';
  /** Presentation ids the mini-site offers, soonest first. */
  PresentationList: number[];
  ticket: MiniSiteTicket[];
}

/** GET /api/mini-site/{url} */
export interface MiniSiteResponse {
  miniSite: MiniSite;
}

/** GET /api/mini-site/validate/{url}?ticketIds=&reference1=&reference2=&mode= */
export interface MiniSiteValidateResponse {
  valid: boolean;
  mode: 'tickets' | 'seats';
  /** One entry per asked ticket id, in the order asked. */
  tickets: { TicketId: number; valid: boolean; Balance: number | null; reason: MiniSiteTicketProblem | null }[];
}

export type MiniSiteTicketProblem = 'NOT_IN_MINI_SITE' | 'NO_BALANCE' | 'REFERENCE_REQUIRED';

/** GET /api/integration?TS=&ret=&key= */
export interface IntegrationResponse {
  integrationId: string;
}

/** Wire types of hold orders (docs/hold-orders.md). One shared type per message. */

/** One hold in the customer area's list and at the box office. */
export interface HoldOrderSummary {
  reservationIdentifier: string;
  /** held: awaiting payment; paid; released: the deadline passed unpaid (seats back on sale). */
  state: 'held' | 'paid' | 'released';
  /** Pay and collect at the box office before this time (ISO): the earliest event minus 30 minutes. */
  deadline: string;
  /** Total to pay, shekels. */
  total: number;
  customerName: string;
  events: { presentationId: number; name: string; dateTime: string; seats: { row: string; seat: string }[] }[];
}

export interface CustomerHoldsResponse {
  holds: HoldOrderSummary[];
}

/** POST /api/payment/{resId}/payment (storefront-spec.md section 7). */
export interface PayExistingResponse {
  reservationIdentifier: string;
  /** Shekels charged. */
  charged: number;
  /** True when this answers an earlier call with the same key. */
  replayed: boolean;
}

/** The box office takes payment for a hold: cash, or a card on the counter's terminal. */
export type BoxOfficeHoldMethod = 'cash' | 'terminal';

export interface BoxOfficeHoldPaymentResponse {
  reservationIdentifier: string;
  method: BoxOfficeHoldMethod;
  charged: number;
  replayed: boolean;
}

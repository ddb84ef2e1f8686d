import type { ApiTicket } from '@hotline/shared';

/**
 * The price a buyer pays for one ticket: its price plus its per-ticket fee (service charge), in shekels, rounded to
 * the agora in integer arithmetic so 12.5 + 3 is 15.5, never 15.499999.
 */
export function allInPrice(ticket: Pick<ApiTicket, 'price' | 'serviceCharge'>): number {
  return (Math.round(ticket.price * 100) + Math.round((ticket.serviceCharge ?? 0) * 100)) / 100;
}

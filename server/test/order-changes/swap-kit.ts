import type { ApiSeat } from '@hotline/shared';
import {
  authoriseCard,
  buyer,
  call,
  cartOf,
  cartSeat,
  commit,
  lockAll,
  TEST_CARDS,
  type Buyer,
  type ShowInfo,
} from '../booking/support/booking-kit';

/** A paid order of `seats` through the real lock, card page and commit; answers the buying browser too. */
export async function buyAs(
  base: string,
  show: ShowInfo,
  seats: ApiSeat[],
  mobile = '0501234567',
): Promise<{ b: Buyer; reservationIdentifier: string; ticketIdentifiers: string[] }> {
  const b = await buyer(base);
  await lockAll(base, b, show, seats);
  const customerInfo = {
    firstName: 'Test',
    lastName: 'Buyer',
    email: `swap${Date.now()}${Math.random().toString(36).slice(2, 6)}@example.com`,
    mobileNumber: mobile,
    verifyMobileNumber: mobile,
    termsAccepted: true,
  };
  const cart = cartOf(
    seats.map((s) => cartSeat(show, s)),
    { customerInfo },
  );
  const paymentIdentifier = await authoriseCard(base, b, TEST_CARDS.approve, { total: cart.total!.toFixed(2) });
  const r = await commit(base, b, { ...cart, paymentIdentifier });
  if (r.status !== 201) throw new Error(`commit ${r.status} ${JSON.stringify(r.body)}`);
  return { b, ...(r.body as { reservationIdentifier: string; ticketIdentifiers: string[] }) };
}

export const keyOfSeat = (s: ApiSeat): string => `${s.VenueSectionId}:${s.XCoordinate}:${s.YCoordinate}`;

export function swapBody(ticket: string, to: ApiSeat, extra: { ticketId?: number; transactionId?: string } = {}) {
  return {
    modifiedTickets: [
      { TicketIdentifier: ticket, sectionId: to.VenueSectionId, x: to.XCoordinate!, y: to.YCoordinate!, ...extra },
    ],
    ...(extra.transactionId ? { transactionId: extra.transactionId } : {}),
  };
}

export function swap(base: string, visitor: string, resId: string, body: unknown, lang = '') {
  return call(base, 'POST', `/api/order-changes/${resId}/swap${lang}`, visitor, body);
}

import { randomUUID } from 'node:crypto';
import type { Client } from 'pg';
import type { ApiSeat, Cart } from '@hotline/shared';
import { solveAltcha } from '../../support/altcha';
import {
  call,
  cartOf,
  cartSeat,
  loadShow,
  lockAll,
  type Reply,
  type ShowInfo,
} from '../../booking/support/booking-kit';
import { customerClient, logIn, type CustomerClient } from '../../customers/support/customer-kit';
import { membershipByCode } from '../../memberships/support/membership-kit';

/** The seed's demo customers: the first two hold demo memberships (seed/demo-memberships.ts), the third does not. */
export const MEMBER = { ssn: '000000018', mobile: '0501234567' };
export const SECOND_MEMBER = { ssn: '000000026', mobile: '0527654321' };
export const NOT_A_MEMBER = { ssn: '000000034', mobile: '0541112233' };

export interface Shopper {
  client: CustomerClient;
  token: string;
}

/** A browser with a visitor id, a solved bot check and (optionally) a logged-in customer session. */
export async function shopper(base: string, sql: Client, who?: { ssn: string; mobile: string }): Promise<Shopper> {
  const client = customerClient(base, randomUUID());
  if (who) await logIn(client, sql, who);
  return { client, token: await solveAltcha(base, client.visitor) };
}

export function holdCart(show: ShowInfo, seats: ApiSeat[], extra: Partial<Cart> = {}): Cart {
  return cartOf(
    seats.map((s) => cartSeat(show, s)),
    { cartIdentifier: randomUUID(), isHold: true, ...extra },
  );
}

/** Locks the seats as this shopper and commits the cart (isHold set by holdCart). */
export async function placeHold(s: Shopper, show: ShowInfo, seats: ApiSeat[], cart = holdCart(show, seats)) {
  await lockAll(s.client.base, { id: s.client.visitor, token: s.token }, show, seats);
  return s.client.call('POST', '/api/payment/commit', { cart, recaptchaToken: s.token });
}

export function payExisting(s: Shopper, resId: string, cart: Cart, cartIdentifier: string, query = ''): Promise<Reply> {
  return s.client.call('POST', `/api/payment/${resId}/payment${query}`, {
    cart,
    cartIdentifier,
    recaptchaToken: s.token,
  });
}

/** The status code of each seat as this viewer sees it, hold mode on or off. */
export async function statusOf(s: Shopper, show: ShowInfo, seats: ApiSeat[], isHold: boolean): Promise<number[]> {
  const r = await s.client.call(
    'GET',
    `/api/seats/seats-status?presentationId=${show.presentationId}&venueTypeId=1&isReserved=1&recaptchaToken=${encodeURIComponent(s.token)}${isHold ? '&isHold=1' : ''}`,
  );
  if (r.status !== 200) throw new Error(`seats-status ${r.status} ${JSON.stringify(r.body)}`);
  const rows = r.body.seats as number[][];
  return seats.map((seat) => {
    const row = rows.find(
      (x) => x[0] === seat.VenueSectionId && x[2] === seat.XCoordinate && x[3] === seat.YCoordinate,
    );
    return row ? row[6]! : -1;
  });
}

/**
 * `n` unpaid holds of one seat each, already due (deadline a minute ago), written straight into PostgreSQL on the
 * free seats of these presentations: the sweep's input at scale without n trips through the storefront.
 */
export async function seedDueHolds(sql: Client, n: number, presentationIds: number[], tag: string): Promise<number> {
  const r = await sql.query(
    `WITH s AS (
       SELECT p.id AS pid, st.section_id, st.x, st.y, row_number() OVER (ORDER BY p.id, st.id) AS n
         FROM presentation p JOIN seat st ON st.seatplan_id = p.seatplan_id
        WHERE p.id = ANY($3::int[]) AND NOT EXISTS (
          SELECT 1 FROM reservation_ticket rt WHERE rt.presentation_id = p.id AND rt.section_id = st.section_id
             AND rt.x = st.x AND rt.y = st.y AND rt.status = 'live')
        LIMIT $1
     ), r AS (
       INSERT INTO reservation (identifier, document_key, visitor_id, state, total_agorot, customer_id)
       SELECT 'HB' || $4 || s.n, 'dk-' || $4 || '-' || s.n, gen_random_uuid(), 'hold', 1000,
              (SELECT id FROM customer WHERE ssn = $2)
         FROM s
       RETURNING id, identifier
     ), t AS (
       INSERT INTO reservation_ticket (reservation_id, identifier, presentation_id, section_id, x, y, ticket_id, amount_agorot)
       SELECT r.id, 'TB' || $4 || s.n, s.pid, s.section_id, s.x, s.y, (SELECT min(id) FROM ticket), 1000
         FROM s JOIN r ON r.identifier = 'HB' || $4 || s.n
       RETURNING id
     )
     INSERT INTO hold_order (reservation_id, customer_id, release_at)
     SELECT id, (SELECT id FROM customer WHERE ssn = $2), now() - interval '1 minute' FROM r`,
    [n, MEMBER.ssn, presentationIds, tag],
  );
  return r.rowCount ?? 0;
}

/**
 * A member (MEMBER, logged in) with 5 units on the card `memberNumber`, granted to this shopper, on a season show whose
 * member tickets cost nothing (so no card is involved); `line(seat)` is the seat's cart line as a member ticket.
 */
export async function freeMemberTickets(base: string, sql: Client, memberNumber: string) {
  await sql.query(`UPDATE ticket SET price = 0, service_charge = 0 WHERE code = 'MEMBER'`);
  await sql.query(
    `INSERT INTO customer_membership (membership_id, member_number, holder_name, balance, used_balance, starts_at, ends_at)
     SELECT id, $1, 'Member Tickets', 5, 0, now() - interval '1 day', now() + interval '30 days' FROM membership WHERE code = 'CINEMA-CARD'`,
    [memberNumber],
  );
  const pid = (await membershipByCode(base, 'SEASON')).Presentations[3]!.PresentationId;
  const show = await loadShow(base, pid);
  const member = await shopper(base, sql, MEMBER);
  await sql.query(
    `INSERT INTO member_grant (visitor_id, customer_membership_id, expires_at)
     SELECT $1, id, now() + interval '1 hour' FROM customer_membership WHERE member_number = $2`,
    [member.client.visitor, memberNumber],
  );
  const tickets = (
    await call(base, 'GET', `/api/membership/member-tickets?presentationId=${pid}`, member.client.visitor)
  ).body.tickets as { id: number; ticketGroupId: number }[];
  const line = (seat: ApiSeat) => {
    const ticket = tickets.find((x) => x.ticketGroupId === show.groupOfZone.get(seat.TicketGroupId)!.id)!;
    return { ...cartSeat(show, seat), ticketId: ticket.id, amount: 0, serviceCharge: 0, memberNumber };
  };
  const used = async () =>
    Number(
      (await sql.query('SELECT used_balance FROM customer_membership WHERE member_number = $1', [memberNumber])).rows[0]
        .used_balance,
    );
  return { pid, show, member, line, used };
}

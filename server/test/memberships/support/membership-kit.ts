import type { Client } from 'pg';
import type { ApiMembership, ApiSeat } from '@hotline/shared';
import { buyer, call, loadShow, type Buyer, type ShowInfo } from '../../booking/support/booking-kit';

/** Helpers for the membership medium tests (real server, PostgreSQL, Redis). */

export const MEMBER_CUSTOMER = {
  firstName: 'Dana',
  lastName: 'Levi',
  ssn: '000000026',
  email: 'dana@example.com',
  mobileNumber: '0527654321',
  verifyMobileNumber: '0527654321',
  termsAccepted: true,
};

export async function membershipByCode(base: string, code: string): Promise<ApiMembership> {
  const r = await call(base, 'GET', `/api/memberships/${code}?lang=en`, crypto.randomUUID());
  if (r.status !== 200) throw new Error(`membership ${code}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.membership;
}

/** A plain seat that is free on every presentation of the list (none sold, none locked). */
export async function seatFreeEverywhere(
  base: string,
  presentationIds: number[],
  skip = 0,
): Promise<{ show: ShowInfo; seat: ApiSeat }> {
  const show = await loadShow(base, presentationIds[0]!);
  const taken = new Set<string>();
  for (const pid of presentationIds) {
    const r = await call(base, 'GET', `/api/seats/seats-status?presentationId=${pid}`, crypto.randomUUID());
    for (const row of r.body.seats as number[][]) if (row[6] !== 1) taken.add(`${row[0]}:${row[2]}:${row[3]}`);
  }
  const free = show.seats.filter(
    (s) =>
      s.features.length === 0 &&
      show.groupOfZone.get(s.TicketGroupId)?.tickets.length &&
      !taken.has(`${s.VenueSectionId}:${s.XCoordinate}:${s.YCoordinate}`),
  );
  // Far from the row ends, so no single-seat rule of any show can touch it.
  return { show, seat: free[Math.floor(free.length / 2) + skip]! };
}

export function enrolLock(base: string, b: Buyer, m: ApiMembership, show: ShowInfo, seat: ApiSeat, pids: number[]) {
  return call(base, 'PUT', `/api/enroll/${m.MembershipId}/lock-seat`, b.id, {
    recaptchaToken: b.token,
    venueId: show.venueId,
    seatplanId: show.seatplanId,
    sectionId: seat.VenueSectionId,
    x: seat.XCoordinate,
    y: seat.YCoordinate,
    ticketGroupId: seat.TicketGroupId,
    seasonId: m.SeasonId,
    presentationId: pids[0],
    selections: pids.map((prsntId) => ({ prsntId })),
  });
}

/** How a seat stands on a presentation for a visitor who holds nothing (status code of the spec: 1 free, 5 locked, 4 sold). */
export async function seatStatus(base: string, pid: number, seat: ApiSeat): Promise<number> {
  const r = await call(base, 'GET', `/api/seats/seats-status?presentationId=${pid}`, crypto.randomUUID());
  const row = (r.body.seats as number[][]).find(
    (s) => s[0] === seat.VenueSectionId && s[2] === seat.XCoordinate && s[3] === seat.YCoordinate,
  );
  return row![6]!;
}

export async function newBuyer(base: string): Promise<Buyer> {
  return buyer(base);
}

export async function memberRow(sql: Client, memberNumber: string) {
  return (await sql.query('SELECT * FROM customer_membership WHERE member_number = $1', [memberNumber])).rows[0];
}

/** The cart of a season enrolment on a fixed seat (memberships-backoffice-spec.md section 7), at the season's first rate. */
export function enrolmentCart(
  m: ApiMembership,
  seat: ApiSeat,
  pids: number[],
  customerInfo: Record<string, unknown>,
  paymentIdentifier: string,
  extra: Record<string, unknown> = {},
) {
  const rate = m.prices[0]!;
  return {
    seats: [],
    memberships: [
      {
        membershipId: m.MembershipId,
        ticketId: rate.MembershipPriceId,
        seasonId: m.SeasonId!,
        totalAmount: rate.Price,
        seat: { sectionId: seat.VenueSectionId, x: seat.XCoordinate!, y: seat.YCoordinate! },
        ticketGroupId: seat.TicketGroupId,
        selections: pids.map((prsntId) => ({ prsntId })),
      },
    ],
    customerInfo,
    total: rate.Price,
    paymentIdentifier,
    ...extra,
  };
}

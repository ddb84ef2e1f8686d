import type {
  ApiMembership,
  MembershipLockResponse,
  MembershipSeatplanResponse,
  MembershipsResponse,
  MembershipDiscountCheckResponse,
} from '@hotline/shared';
import { api } from '../api/client';
import { withBotToken } from '../booking/botcheck';
import type { MembershipSeatPort } from '../seatmap/controller';

/** The membership calls (memberships-backoffice-spec.md section 7; docs/memberships.md). */
export function getMemberships(signal?: AbortSignal) {
  return api.get<MembershipsResponse>('/memberships', undefined, signal);
}

export function getMembership(code: string, signal?: AbortSignal) {
  return api.get<{ membership: ApiMembership }>(`/memberships/${encodeURIComponent(code)}`, undefined, signal);
}

export function getMembershipSeatplan(membershipId: number, enrol: boolean, signal?: AbortSignal) {
  return enrol
    ? api.get<MembershipSeatplanResponse>(`/enroll/${membershipId}/seatplan`, undefined, signal)
    : api.get<MembershipSeatplanResponse>('/membership/seatplan', { membershipId }, signal);
}

type SeatRef = { sectionId: number; x: number; y: number };
type Plan = { venueId: number; seatplanId: number };

/** Membership seats: PUT /membership/lock-seat, held on every presentation of the membership. */
export function membershipSeatPort(
  membershipId: number,
  plan: Plan,
  onHeld: (r: MembershipLockResponse | null) => void,
): MembershipSeatPort {
  const seat = (s: SeatRef) => ({
    MembershipId: membershipId,
    VenueId: plan.venueId,
    VenueSeatplanId: plan.seatplanId,
    VenueSectionId: s.sectionId,
    XCoordinate: s.x,
    YCoordinate: s.y,
  });
  return {
    async lock(s) {
      const r = await withBotToken((recaptchaToken) =>
        api.put<MembershipLockResponse>('/membership/lock-seat', { recaptchaToken, seat: seat(s) }),
      );
      onHeld(r);
      return { seats: [s], timeInSeconds: r.timeInSeconds };
    },
    async unlock(s) {
      await api.put('/membership/unlock-seat', { seat: seat(s) });
      onHeld(null);
    },
  };
}

/** Season seats: PUT /enroll/{id}/lock-seat with the chosen events; one script holds the seat on all of them. */
export function enrolSeatPort(
  membershipId: number,
  plan: Plan,
  presentationIds: () => number[],
  onHeld: (r: MembershipLockResponse | null) => void,
): MembershipSeatPort {
  const body = (s: SeatRef) => ({
    venueId: plan.venueId,
    seatplanId: plan.seatplanId,
    sectionId: s.sectionId,
    x: s.x,
    y: s.y,
    selections: presentationIds().map((prsntId) => ({ prsntId })),
  });
  return {
    async lock(s) {
      const r = await withBotToken((recaptchaToken) =>
        api.put<MembershipLockResponse>(`/enroll/${membershipId}/lock-seat`, { recaptchaToken, ...body(s) }),
      );
      onHeld(r);
      return { seats: [s], timeInSeconds: r.timeInSeconds };
    },
    async unlock(s) {
      await api.put(`/enroll/${membershipId}/unlock-seat`, { ...body(s), selections: [] });
      onHeld(null);
    },
  };
}

/** Releases the season seat on the events no longer chosen. */
export function releaseEnrolSeat(membershipId: number, plan: Plan, seat: SeatRef, presentationIds: number[]) {
  return api.put(`/enroll/${membershipId}/unlock-seat`, {
    venueId: plan.venueId,
    seatplanId: plan.seatplanId,
    sectionId: seat.sectionId,
    x: seat.x,
    y: seat.y,
    selections: presentationIds.map((prsntId) => ({ prsntId })),
  });
}

/** POST /membership/discount-code: whether a code applies to the chosen membership price, and what it takes off. */
export function checkMembershipDiscount(code: string, membershipId: number, membershipPriceId: number) {
  return api.post<MembershipDiscountCheckResponse>('/membership/discount-code', {
    code,
    membershipId,
    membershipPriceId,
  });
}

/**
 * Named seats a date sets aside for a channel (a mini-site, the live domain) until a release instant
 * (docs/decisions/024). The seat lock, the seat status the map gets and the commit all ask this one rule, so the map
 * never offers the public a seat the server would refuse.
 */

/** Who is taking a seat: the public storefront (also through a partner link), a set-aside channel, the box office. */
export type SetAsideTaker = 'public' | 'channel' | 'box-office';

/** A seat's set-aside: until when (exclusive; null: until released by hand). Absent: the seat is not set aside. */
export interface SeatSetAside {
  releaseAt: Date | null;
}

/**
 * Whether `taker` is kept off the seat at `now`: only the public, only before the release instant. The channel the
 * seat is set aside for sells it (which seats a channel may sell at all is the channels' allocation rule), and the
 * box office sells whatever the venue has, as it sells blocked seats.
 */
export function keptFromTaker(aside: SeatSetAside | undefined, taker: SetAsideTaker, now: Date): boolean {
  if (!aside || taker !== 'public') return false;
  return aside.releaseAt === null || now.getTime() < aside.releaseAt.getTime();
}

/** The seats of an order `taker` may not take at `now` (the commit's refusal, naming them), in the order given. */
export function setAsideRefusedSeats<S>(
  seats: readonly S[],
  asideOf: (seat: S) => SeatSetAside | undefined,
  taker: SetAsideTaker,
  now: Date,
): S[] {
  return seats.filter((s) => keptFromTaker(asideOf(s), taker, now));
}

/** At most this many seats in one set-aside change (the largest hall's blocks; a bigger body is refused). */
export const SET_ASIDE_MAX_SEATS = 5_000;

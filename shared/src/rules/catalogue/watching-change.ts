import type { VideoOnDemandKind } from './video-on-demand';

export type WatchingChangeRefusal = 'WATCHING_CHANGE_AFTER_SALES' | 'VOD_NEEDS_GENERAL_ADMISSION';

/**
 * Moving a date between the hall and online after it was created. Refused once any ticket of it is live (sold or
 * held: a buyer bought a seat in a hall, or a home viewing, and keeps what was bought; the date is cancelled and
 * made again instead), and online needs a plan with no numbered seats, as a new online date does. A date coming
 * into the hall from online is checked for overlaps in its venue (online dates are not), so `checkOverlap` says when.
 * Keeping the same kind changes nothing and is never refused.
 */
export function watchingChange(c: {
  from: VideoOnDemandKind | null;
  to: VideoOnDemandKind | null;
  liveTickets: number;
  planHasNumberedSeats: boolean;
}): { refusal: WatchingChangeRefusal | null; checkOverlap: boolean } {
  if (c.from === c.to) return { refusal: null, checkOverlap: false };
  if (c.liveTickets > 0) return { refusal: 'WATCHING_CHANGE_AFTER_SALES', checkOverlap: false };
  if (c.to !== null && c.planHasNumberedSeats) return { refusal: 'VOD_NEEDS_GENERAL_ADMISSION', checkOverlap: false };
  return { refusal: null, checkOverlap: c.to === null };
}

import { longestProgressGapMs } from '@hotline/shared';

/** The shortest silence the page polls after, and what it adds to the longest gap its band may have. */
export const POLL_MS = 15_000;
const SILENCE_MARGIN_MS = 5_000;

/**
 * Whether the waiting page should ask for its standing now. The status poll is the fallback for a silent live
 * feed: a connected socket brings a progress message every tick (1 s) near the head and every few ticks farther back
 * (shared progressBands, docs/waiting-room.md), so a page that heard from it within its allowance has nothing to
 * learn from a poll. At a million waiting pages an unconditional poll every 15 s is 66,667 requests/s, the
 * second-largest line of the on-sale's server cost (docs/scaling.md).
 */
export function fallbackPollDue(lastHeardAt: number | null, now: number, allowanceMs: number): boolean {
  return lastHeardAt === null || now - lastHeardAt >= allowanceMs;
}

/**
 * How long a page at `place` lets its feed be silent before polling: the longest gap its progress band may have at
 * any server setting (shared longestProgressGapMs) and a margin, never under 15 s. Up to ten minutes from the turn
 * that is the 15 s it always was; a page half an hour or more back hears every 30 s, so it waits 65 s.
 */
export function silentFeedAllowanceMs(place: number | null, admitPerMinute: number): number {
  return Math.max(POLL_MS, longestProgressGapMs(place, admitPerMinute) + SILENCE_MARGIN_MS);
}

/**
 * Whether the waiting page should ask for its standing now. The status poll is the fallback for a silent live
 * feed: a connected socket brings a progress message every tick (1 s) near the head and every 5th tick farther back
 * (QUEUE_FAR_EVERY_TICKS, at most 10, docs/waiting-room.md), so a page that heard from it within the last period has
 * nothing to learn from a poll. At a million waiting pages an unconditional poll every 15 s is
 * 66,667 requests/s, the second-largest line of the on-sale's server cost (docs/scaling.md).
 */
export function fallbackPollDue(lastHeardAt: number | null, now: number, periodMs: number): boolean {
  return lastHeardAt === null || now - lastHeardAt >= periodMs;
}

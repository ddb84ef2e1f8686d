/**
 * Whether the waiting page should ask for its standing now. The status poll is the fallback for a silent live
 * feed: a connected socket brings a progress message every tick (1 s), so a page that heard from it within the
 * last period has nothing to learn from a poll. At a million waiting pages an unconditional poll every 15 s is
 * 66,667 requests/s, the second-largest line of the on-sale's server cost (docs/scaling.md).
 */
export function fallbackPollDue(lastHeardAt: number | null, now: number, periodMs: number): boolean {
  return lastHeardAt === null || now - lastHeardAt >= periodMs;
}

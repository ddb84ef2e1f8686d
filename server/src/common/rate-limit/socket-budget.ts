/**
 * A per-socket fixed-window budget for messages that cost the server far more than
 * they cost the sender (one 50-byte seats:subscribe answered a 2.3 MB snapshot).
 * Kept on the socket itself: it dies with the connection and needs no Redis trip.
 */
export class SocketBudget {
  private windowStart = 0;
  private used = 0;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** null when allowed (and counted), else the seconds to wait. */
  take(nowMs: number): number | null {
    if (nowMs - this.windowStart >= this.windowMs) {
      this.windowStart = nowMs;
      this.used = 0;
    }
    if (this.used >= this.limit) return Math.max(1, Math.ceil((this.windowStart + this.windowMs - nowMs) / 1000));
    this.used += 1;
    return null;
  }
}

/** seats:subscribe + seats:resync per socket: a page opens one or two maps, and resyncs only after a gap. */
export const SEAT_SNAPSHOT_BUDGET = { limit: 6, windowMs: 10_000 };

/**
 * The delta batch window: DELTA_BATCH_MS when quiet, doubled (up to
 * DELTA_BATCH_MAX_MS) when a flush ran late or carried a big batch, halved back
 * when things calm down. Wider windows mean fewer, larger emits per room, which
 * is what keeps a busy node from falling behind; the cap keeps latency bounded.
 */
export class AdaptiveWindow {
  private currentMs: number;

  constructor(
    private readonly baseMs: number,
    private readonly maxMs: number,
  ) {
    this.currentMs = baseMs;
  }

  get ms(): number {
    return this.currentMs;
  }

  /** latenessMs: how much later than planned the flush ran; rows: how many rows it sent. */
  record(latenessMs: number, rows: number): void {
    if (latenessMs > this.currentMs / 2 || rows > 2_000) {
      this.currentMs = Math.min(this.maxMs, this.currentMs * 2);
    } else if (latenessMs < this.currentMs / 10 && rows < 500) {
      this.currentMs = Math.max(this.baseMs, Math.floor(this.currentMs / 2));
    }
  }
}

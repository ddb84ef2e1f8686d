/**
 * What the waiting page shows as its turn countdown: the computed value (shared waitCountdownSeconds), but never
 * more than it already showed while the rate stays the same. A far page's countdown runs down between its messages
 * to where the next message should put it; if admissions came slower than the rate (the shop full, a pause), the
 * next message's value is higher, and the page holds instead of jumping up. A new rate starts afresh: when the
 * organiser slows the gate, a longer wait is the truth and is shown.
 */
export class MonotoneCountdown {
  private shown: number | null = null;
  private basis: string | null = null;

  /** The value to show now; `basis` names what the value depends on besides time (the rate). */
  next(computed: number | null, basis: string): number | null {
    if (computed === null) {
      this.shown = null;
      this.basis = null;
      return null;
    }
    if (basis !== this.basis || this.shown === null) {
      this.basis = basis;
      this.shown = computed;
    } else this.shown = Math.min(this.shown, computed);
    return this.shown;
  }
}

import { SeatStatus } from '@hotline/shared';
import type { SeatMapController } from '../controller';
import { firstSeat, navigate, type NavDirection } from '../model/keyboard-nav';

/**
 * Keyboard focus on the map (the ARIA grid over the canvas): where focus enters, arrows seat to seat, Home/End and
 * Page Up/Down jumps, the focus ring on the canvas and the card beside it; the focused seat is revealed on screen.
 */
export class FocusManager {
  constructor(private readonly c: SeatMapController) {}

  /**
   * Where focus lands when tabbing into the map: the first selected seat, else (changing an order) the seat being
   * moved, else the first available one.
   */
  entrySeat(): number {
    const sel = this.c.selection.indices();
    if (sel.length) return sel[0]!;
    // Changing an order: start at the seat being moved, so its neighbours are an arrow away.
    const moving = this.c.change.active ? this.c.change.movingSeat() : -1;
    if (moving >= 0) return moving;
    const st = this.c.store;
    const available = firstSeat(st, (i) => st.status[i] === SeatStatus.Available);
    return available >= 0 ? available : firstSeat(st);
  }

  set(i: number, reveal = true): void {
    const r = this.c.renderer;
    if (!r) return;
    r.focus = i;
    r.overlayChanged();
    this.c.ui.setState({ focus: i });
    if (i >= 0) {
      if (reveal) this.c.camera.ensureVisible(i);
      const p = r.seatOnScreen(i);
      this.c.ui.setState({ card: { kind: 'seat', index: i, x: p.x, y: p.y, sticky: false } });
    }
  }

  move(direction: NavDirection): number {
    const cur = this.c.ui.getState().focus;
    const next = cur < 0 ? this.entrySeat() : navigate(this.c.store, cur, direction);
    if (next >= 0) this.set(next);
    return next;
  }

  /** Home/End: first/last seat of the focused row. PageUp/PageDown: previous/next section. */
  jump(kind: 'rowStart' | 'rowEnd' | 'prevSection' | 'nextSection'): void {
    const st = this.c.store;
    const cur = this.c.ui.getState().focus;
    if (cur < 0) return this.set(this.entrySeat());
    const row = st.rows[st.rowOf[cur]!]!;
    if (kind === 'rowStart') return this.set(row.start);
    if (kind === 'rowEnd') return this.set(row.end - 1);
    const s = st.sectionIndex[cur]!;
    const step = kind === 'nextSection' ? 1 : -1;
    for (let k = s + step; k >= 0 && k < st.sections.length; k += step) {
      const sec = st.sections[k]!;
      if (sec.seatEnd > sec.seatStart) return this.set(sec.seatStart);
    }
  }

  /** Focus left the map: no ring; a sticky card (long press) stays. */
  blur(): void {
    const r = this.c.renderer;
    if (r) {
      r.focus = -1;
      r.overlayChanged();
    }
    const card = this.c.ui.getState().card;
    this.c.ui.setState({ card: card?.sticky ? card : null });
  }
}

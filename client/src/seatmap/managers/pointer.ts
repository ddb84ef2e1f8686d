import { SeatStatus, type Point } from '@hotline/shared';
import type { SeatMapController } from '../controller';
import { sectionBlock } from '../model/section-block';
import { planToScreen, screenToPlan } from '../model/viewport';

/** Below this seat size (CSS px) the map is an overview: hovering describes sections, not seats. */
const OVERVIEW_SEAT_PX = 6;
/** Touch gets a finger-sized tolerance around seats (CSS px); a mouse two pixels. */
const TOUCH_TOLERANCE_PX = 14;
const MOUSE_TOLERANCE_PX = 2;
/** A block's ends snap to a seat this close (CSS px): a drag starts and ends on seats, give or take a finger. */
const BLOCK_SNAP_PX = 10;

/**
 * Pointer and touch: hover and long press (the seat, area or section card), taps and clicks (zoom into a section
 * when zoomed far out, else toggle the seat, or open an area's quantity picker) and the box-office rectangle.
 * Gestures (drag, pinch, wheel) arrive already translated into camera moves by `ui/useMapGestures.ts`.
 */
export class PointerManager {
  constructor(private readonly c: SeatMapController) {}

  private overview(): boolean {
    const r = this.c.renderer;
    return r !== null && r.camera.scale * this.c.store.typicalSeatSize < OVERVIEW_SEAT_PX;
  }

  /** Seat under a viewport point; touch gets a finger-sized tolerance. */
  seatAt(sx: number, sy: number, touch: boolean): number {
    const r = this.c.renderer;
    if (!r) return -1;
    return r.seatAt(sx, sy, touch ? TOUCH_TOLERANCE_PX : MOUSE_TOLERANCE_PX);
  }

  hoverAt(sx: number, sy: number): void {
    const r = this.c.renderer;
    if (!r) return;
    const ui = this.c.ui;
    // Zoomed far out the seats are specks: the card describes the section under the pointer instead.
    const overview = this.overview();
    const i = overview ? -1 : r.seatAt(sx, sy, 0);
    const s = i < 0 ? r.sectionAt(sx, sy) : -1;
    const gaSection = s >= 0 && !this.c.store.sections[s]!.isReserved ? s : -1;
    const overviewSection = overview && s >= 0 && gaSection < 0 ? s : -1;
    if (overviewSection >= 0) {
      const card = ui.getState().card;
      if (card?.kind !== 'section' || card.index !== overviewSection)
        ui.setState({ card: { kind: 'section', index: overviewSection, x: sx, y: sy, sticky: false } });
      return;
    }
    if (i === r.hover && gaSection === r.hoverSection && ui.getState().card?.kind !== 'section') return;
    r.hover = i;
    r.hoverSection = gaSection;
    r.overlayChanged();
    if (i >= 0) {
      const p = r.seatOnScreen(i);
      ui.setState({ card: { kind: 'seat', index: i, x: p.x, y: p.y, sticky: false } });
    } else if (gaSection >= 0) {
      ui.setState({ card: { kind: 'ga', index: gaSection, x: sx, y: sy, sticky: false } });
    } else if (ui.getState().card && !ui.getState().card!.sticky) ui.setState({ card: null });
  }

  clearHover(): void {
    const r = this.c.renderer;
    if (!r) return;
    if (r.hover >= 0 || r.hoverSection >= 0) {
      r.hover = -1;
      r.hoverSection = -1;
      r.overlayChanged();
    }
    const card = this.c.ui.getState().card;
    if (card && !card.sticky) this.c.ui.setState({ card: null });
  }

  /** Long press (touch): the seat card, kept open until the next tap. */
  longPressAt(sx: number, sy: number): void {
    const r = this.c.renderer;
    if (!r) return;
    const i = this.overview() ? -1 : this.seatAt(sx, sy, true);
    if (i >= 0) {
      const p = r.seatOnScreen(i);
      r.hover = i;
      r.overlayChanged();
      this.c.ui.setState({ card: { kind: 'seat', index: i, x: p.x, y: p.y, sticky: true } });
      return;
    }
    const s = r.sectionAt(sx, sy);
    if (s >= 0 && this.c.store.sections[s]!.isReserved)
      this.c.ui.setState({ card: { kind: 'section', index: s, x: sx, y: sy, sticky: true } });
  }

  /**
   * A tap or click. Zoomed far out, seats are too small to aim at, so a tap
   * zooms to the section under it; otherwise it toggles the seat. GA areas
   * open their quantity picker.
   */
  tapAt(sx: number, sy: number, touch: boolean): 'seat' | 'section' | 'ga' | 'none' {
    const r = this.c.renderer;
    if (!r) return 'none';
    const ui = this.c.ui;
    const st = this.c.store;
    if (ui.getState().card?.sticky) {
      ui.setState({ card: null });
      r.hover = -1;
      r.overlayChanged();
    }
    const seatPx = r.camera.scale * st.typicalSeatSize;
    const s = r.sectionAt(sx, sy);
    if (s >= 0 && !st.sections[s]!.isReserved) {
      ui.setState({ card: { kind: 'ga', index: s, x: sx, y: sy, sticky: true } });
      return 'ga';
    }
    if (seatPx < (touch ? 9 : 5) && st.count > 400) {
      const target = s >= 0 ? s : this.sectionNear(sx, sy);
      if (target >= 0) {
        this.c.camera.zoomToSection(target, s >= 0 ? { x: sx, y: sy } : undefined);
        return 'section';
      }
    }
    const i = this.seatAt(sx, sy, touch);
    if (i >= 0) {
      void this.c.holds.toggleSeat(i);
      return 'seat';
    }
    return 'none';
  }

  private sectionNear(sx: number, sy: number): number {
    const i = this.c.renderer!.seatAt(sx, sy, 24);
    return i >= 0 ? this.c.store.sectionIndex[i]! : -1;
  }

  /**
   * Box office: the block a drag from (x0, y0) to (x1, y1) spans. From one seat to another of the same row: that
   * row between them (straight or curved). Otherwise the box the two ends span in the frame of the section the drag
   * starts in, that section's seats only (`sectionBlock`). `across` (Shift held): the screen rectangle, every section
   * it covers, as the cashier asked. The outline is in screen coordinates, to draw while dragging.
   */
  blockAt(x0: number, y0: number, x1: number, y1: number, across: boolean): { seats: number[]; outline: Point[] } {
    const r = this.c.renderer;
    if (!r) return { seats: [], outline: [] };
    const st = this.c.store;
    const cam = r.camera;
    if (across) {
      const a = screenToPlan(cam, Math.min(x0, x1), Math.min(y0, y1));
      const b = screenToPlan(cam, Math.max(x0, x1), Math.max(y0, y1));
      const seats = r.spatialIndex().queryRect(a.x, a.y, b.x, b.y, 'centre');
      const outline = [
        { x: x0, y: y0 },
        { x: x1, y: y0 },
        { x: x1, y: y1 },
        { x: x0, y: y1 },
      ];
      return { seats: seats.sort((p, q) => p - q), outline };
    }
    const reach = BLOCK_SNAP_PX;
    const first = r.seatAt(x0, y0, reach);
    const last = r.seatAt(x1, y1, reach);
    const section = first >= 0 ? st.sectionIndex[first]! : r.sectionAt(x0, y0);
    if (section < 0 || !st.sections[section]!.isReserved) return { seats: [], outline: [] };
    if (first >= 0 && last >= 0 && st.rowOf[first] === st.rowOf[last]) {
      // Seats of a row are stored in order along it: the run between the two ends, however the row bends.
      const from = Math.min(first, last);
      const to = Math.max(first, last);
      const seats = Array.from({ length: to - from + 1 }, (_, k) => from + k);
      return {
        seats,
        outline: [planToScreen(cam, st.x[first]!, st.y[first]!), planToScreen(cam, st.x[last]!, st.y[last]!)],
      };
    }
    const block = sectionBlock(st, section, screenToPlan(cam, x0, y0), screenToPlan(cam, x1, y1));
    return { seats: block.seats, outline: block.corners.map((p) => planToScreen(cam, p.x, p.y)) };
  }

  /**
   * Box office: the drag ended; its block's free seats are locked. More than an order's usual size (the show's
   * per-order maximum) is asked first: the count and the total, locked only when the cashier says so.
   */
  async selectBlock(x0: number, y0: number, x1: number, y1: number, across: boolean): Promise<void> {
    const { status } = this.c.store;
    const hits = this.blockAt(x0, y0, x1, y1, across).seats.filter(
      (i) => status[i] === SeatStatus.Available && !this.c.selection.has(i),
    );
    if (hits.length === 0) return;
    const usual = this.c.presentation.maxSeatsPerOrder;
    if (usual > 0 && hits.length > usual) {
      this.c.ui.setState({ blockToConfirm: { seats: hits, total: this.c.holds.totalOf(hits) } });
      return;
    }
    await this.c.holds.selectAndLock(hits);
  }
}

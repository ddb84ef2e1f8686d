import { addSeatDot, addSeatShape, dotMinHalf, seatDetail } from '../../seatmap/render/seat-shape';
import type { Editor } from './editor/editor';
import { seatDims, type Point, type Seat } from './editor/doc';

const NO_ZONE = '#9aa1a9';

export function zoneColour(editor: Editor, zone: string | null): string {
  return (zone && editor.doc.zones.get(zone)?.color) || NO_ZONE;
}

/** Whether a seat is drawn at the drag's offset: it, or its section, is selected while the selection is dragged. */
export function movedSeat(editor: Editor): (s: Seat) => Point | null {
  const offset = editor.dragOffset;
  if (!offset) return () => null;
  const sel = editor.selection;
  const sections = new Set(sel.ofTable('sections'));
  return (s) => (sel.has(s.id) || sections.has(s.section) ? offset : null);
}

/**
 * The designer's seat layer: every seat drawn by the storefront's seat drawer (seat-shape.ts: the same rounded box
 * buyers see, a plain box or a dot when small), one path and one fill per category colour, in one canvas call
 * sequence: no object per seat. The context is in plan units; `px` is device pixels per plan unit.
 */
export function drawSeats(ctx: CanvasRenderingContext2D, editor: Editor, px: number): void {
  const meta = editor.doc.meta;
  const moved = movedSeat(editor);
  const byColour = new Map<string, Seat[]>();
  for (const s of editor.doc.seats.values()) {
    const colour = zoneColour(editor, s.zone);
    let list = byColour.get(colour);
    if (!list) byColour.set(colour, (list = []));
    list.push(s);
  }
  const minHalf = dotMinHalf(px);
  for (const [colour, seats] of byColour) {
    ctx.beginPath();
    for (const s of seats) {
      const { width, height } = seatDims(s, meta);
      const detail = seatDetail(Math.min(width, height) * px);
      const d = moved(s);
      const x = d ? s.x + d.x : s.x;
      const y = d ? s.y + d.y : s.y;
      if (detail === 'dot') addSeatDot(ctx, x, y, width / 2, height / 2, minHalf);
      else addSeatShape(ctx, x, y, width / 2, height / 2, s.rotate, detail === 'round');
    }
    ctx.fillStyle = colour;
    ctx.fill();
  }
}

/**
 * The selected seats (and every seat of a selected section), ringed on the overlay: the same seat shape a little
 * larger, one stroke. Only this layer is drawn again when the selection changes.
 */
export function drawSeatSelection(ctx: CanvasRenderingContext2D, editor: Editor, px: number, colour: string): void {
  const seats = editor.targetSeats();
  if (!seats.length) return;
  const meta = editor.doc.meta;
  const moved = movedSeat(editor);
  const grow = 1.5 / px;
  ctx.beginPath();
  for (const s of seats) {
    const { width, height } = seatDims(s, meta);
    const d = moved(s);
    addSeatShape(
      ctx,
      d ? s.x + d.x : s.x,
      d ? s.y + d.y : s.y,
      width / 2 + grow,
      height / 2 + grow,
      s.rotate,
      seatDetail(Math.min(width, height) * px) === 'round',
    );
  }
  ctx.lineWidth = 2 / px;
  ctx.strokeStyle = colour;
  ctx.stroke();
}

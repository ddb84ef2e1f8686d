import type { Bounds } from '@hotline/shared';
import { addSeatDot, addSeatShape, dotMinHalf, seatDetail } from '../../seatmap/render/seat-shape';
import type { Editor } from './editor/editor';
import { seatDims, type Point, type Seat } from './editor/doc';

const NO_ZONE = '#9aa1a9';

export function zoneColour(editor: Editor, zone: string | null): string {
  return (zone && editor.doc.zones.get(zone)?.color) || NO_ZONE;
}

/** Whether a point (a seat's centre) is within `pad` of the visible part of the plan: seats off screen are not drawn. */
const inView = (view: Bounds, x: number, y: number, pad: number): boolean =>
  x >= view.minX - pad && x <= view.maxX + pad && y >= view.minY - pad && y <= view.maxY + pad;

/** Whether a seat is drawn at the drag's offset: it, or its section, is selected while the selection is dragged. */
function movedSeat(editor: Editor): (s: Seat) => Point | null {
  const offset = editor.dragOffset;
  if (!offset) return () => null;
  const sel = editor.selection;
  const sections = new Set(sel.ofTable('sections'));
  return (s) => (sel.has(s.id) || sections.has(s.section) ? offset : null);
}

/**
 * Seats drawn from the document (the sections whose seats are being dragged, the dragged ones at the drag's offset;
 * every seat of a design the storefront's model could not be made from; the rest are seat-layer.ts's bitmaps) by the
 * storefront's seat drawer (seat-shape.ts: the same rounded box buyers see, a plain box or a dot when small), one path
 * and one fill per category colour, in one canvas call sequence: no object per seat; seats outside `view` (plan
 * units) are left out. The context is in plan units; `px` is
 * device pixels per plan unit.
 */
export function drawSeats(
  ctx: CanvasRenderingContext2D,
  editor: Editor,
  px: number,
  view: Bounds,
  /** Only the seats of these sections (their seats are being dragged; the others are the seat layer's bitmaps). */
  only: ReadonlySet<string> | null = null,
): void {
  const meta = editor.doc.meta;
  const moved = movedSeat(editor);
  const byColour = seatsByColour(editor);
  const minHalf = dotMinHalf(px);
  for (const [colour, seats] of byColour) {
    ctx.beginPath();
    for (const s of seats) {
      if (only && !only.has(s.section)) continue;
      const { width, height } = seatDims(s, meta);
      const detail = seatDetail(Math.min(width, height) * px);
      const d = moved(s);
      const x = d ? s.x + d.x : s.x;
      const y = d ? s.y + d.y : s.y;
      if (!inView(view, x, y, Math.max(width, height))) continue;
      if (detail === 'dot') addSeatDot(ctx, x, y, width / 2, height / 2, minHalf);
      else addSeatShape(ctx, x, y, width / 2, height / 2, s.rotate, detail === 'round');
    }
    ctx.fillStyle = colour;
    ctx.fill();
  }
}

/** The seats grouped by their category's colour, kept until the document changes (a pan draws every frame). */
const groups = new WeakMap<Editor, { version: number; byColour: Map<string, Seat[]> }>();
function seatsByColour(editor: Editor): Map<string, Seat[]> {
  const known = groups.get(editor);
  if (known?.version === editor.docVersion) return known.byColour;
  const byColour = new Map<string, Seat[]>();
  for (const s of editor.doc.seats.values()) {
    const colour = zoneColour(editor, s.zone);
    let list = byColour.get(colour);
    if (!list) byColour.set(colour, (list = []));
    list.push(s);
  }
  groups.set(editor, { version: editor.docVersion, byColour });
  return byColour;
}

/**
 * The selected seats (and every seat of a selected section), ringed on the overlay: the same seat shape a little
 * larger, one stroke. Only this layer is drawn again when the selection changes.
 */
export function drawSeatSelection(
  ctx: CanvasRenderingContext2D,
  editor: Editor,
  px: number,
  view: Bounds,
  colour: string,
): void {
  const seats = editor.targetSeats();
  if (!seats.length) return;
  const meta = editor.doc.meta;
  const moved = movedSeat(editor);
  const grow = 1.5 / px;
  ctx.beginPath();
  for (const s of seats) {
    const { width, height } = seatDims(s, meta);
    const d = moved(s);
    const x = d ? s.x + d.x : s.x;
    const y = d ? s.y + d.y : s.y;
    if (!inView(view, x, y, Math.max(width, height))) continue;
    addSeatShape(
      ctx,
      x,
      y,
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

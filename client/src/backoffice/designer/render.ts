import type { Bounds } from '@hotline/shared';
import type { Editor } from './editor/editor';
import type { Language, Point } from './editor/doc';
import { renderChanges } from './render-changes';
import { outlineDecor, renderDecor } from './render-decor';
import { drawSeatSelection, drawSeats, zoneColour } from './render-seats';
import type { DesignerSeatLayer } from './seat-layer';

export interface RenderTheme {
  background: string;
  plan: string;
  section: string;
  sectionLine: string;
  selected: string;
  guide: string;
  text: string;
  stage: string;
}

export const LIGHT: RenderTheme = {
  background: '#eef0f3',
  plan: '#ffffff',
  section: 'rgba(31, 111, 235, 0.06)',
  sectionLine: '#57606a',
  selected: '#d4380d',
  guide: '#e3008c',
  text: '#1f2328',
  stage: '#30363d',
};

/**
 * The editing canvas's drawing, in the storefront renderer's layers (designer-stage.ts): the plan layer (the sheet,
 * the floor plan, decor, sections, the stage; the seats by the storefront's seat drawer, render-seats.ts; numbers,
 * changes, names, texts) and the overlay (the selection, guides, the tool's shape, handles, the keyboard cursor).
 * Every function draws in plan units: the caller's context maps them to device pixels (the camera times the pixel
 * ratio). `View` is what they need of it.
 */
export interface View {
  editor: Editor;
  lang: Language;
  /** Device pixels per plan unit. */
  px: number;
  /** Plan units per CSS pixel (line widths, text sizes that stay the same on screen). */
  unit: number;
  /** The part of the plan on screen (plan units): seats and their marks outside it are not drawn. */
  view: Bounds;
  theme: RenderTheme;
  /** The seats and labels by the storefront's machinery (seat-layer.ts). */
  seats: DesignerSeatLayer;
  /** When this frame began (performance.now()): bitmaps at a new zoom level are drawn within a budget of it. */
  frameStart: number;
}

/** What the plan layer shows depends on, and nothing else: a change of the selection alone draws only the overlay. */
export function planLayerKey(editor: Editor, lang: Language): string {
  const c = editor.camera;
  const bg = editor.doc.meta.background;
  const image = bg ? imageOf(bg.src, () => editor.changed()) !== null : false;
  const drag = editor.dragOffset ? `${editor.selection.serial}:${editor.dragOffset.x},${editor.dragOffset.y}` : '';
  const imageDrag = editor.imageDrag ? `${editor.imageDrag.x},${editor.imageDrag.y}` : '';
  const changes = editor.showChanges && editor.comparison ? editor.comparison.version : -1;
  return [
    editor.docVersion,
    lang,
    c.scale,
    c.x,
    c.y,
    c.viewportWidth,
    c.viewportHeight,
    image,
    drag,
    imageDrag,
    changes,
  ].join('|');
}

/** The sheet, the traced floor plan, the decorative shapes, the sections and the stage: under the seats. */
export function drawPlan(ctx: CanvasRenderingContext2D, v: View): void {
  const { editor, theme, unit } = v;
  const { doc } = editor;
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = theme.background;
  ctx.fillRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  ctx.restore();
  ctx.fillStyle = theme.plan;
  ctx.fillRect(0, 0, doc.meta.width, doc.meta.height);
  ctx.strokeStyle = theme.sectionLine;
  ctx.lineWidth = unit;
  ctx.strokeRect(0, 0, doc.meta.width, doc.meta.height);

  // The traced floor plan, under everything drawn on it; while the place tool drags it, where it will be let go.
  const bg = doc.meta.background;
  const image = bg ? imageOf(bg.src, () => editor.changed()) : null;
  if (bg && image) {
    ctx.globalAlpha = bg.opacity;
    const d = editor.imageDrag ?? { x: 0, y: 0 };
    ctx.drawImage(
      image,
      bg.offset.x + d.x,
      bg.offset.y + d.y,
      image.naturalWidth * bg.scale,
      image.naturalHeight * bg.scale,
    );
    ctx.globalAlpha = 1;
  }

  const moved = movedOf(editor);
  // Decorative shapes, over the floor plan and under the sections.
  renderDecor(ctx, doc.shapes.values(), v.lang, unit, { text: theme.text }, moved);

  for (const s of doc.sections.values()) {
    path(ctx, shifted(s.outline, moved(s.id)));
    ctx.fillStyle = s.reserved ? theme.section : hexA(zoneColour(editor, s.zone), 0.25);
    ctx.fill();
    ctx.lineWidth = unit;
    ctx.strokeStyle = theme.sectionLine;
    ctx.stroke();
  }

  const st = doc.meta.stage;
  if (st) {
    const p = shift(st, moved('stage'));
    ctx.fillStyle = theme.stage;
    ctx.fillRect(p.x, p.y, st.width, st.height);
    // Its name is the label layout's (drawMarks), unless the design has no storefront model to lay it out from.
    if (!v.seats.sync())
      text(
        ctx,
        st.label[v.lang] || st.label.en,
        p.x + st.width / 2,
        p.y + st.height / 2,
        Math.min(st.height * 0.5, 14 * unit),
        '#ffffff',
      );
  }
}

/**
 * Every seat: the storefront's painter into cached section bitmaps (seat-layer.ts). While seats are dragged, their
 * sections are drawn from the document by the same seat outline (render-seats.ts), the dragged seats where they will
 * land; so is every seat of a design the storefront's model could not be made from.
 */
export function drawSeatLayer(ctx: CanvasRenderingContext2D, v: View): void {
  const dragged = draggedSections(v.editor);
  if (!v.seats.drawSeats(ctx, v.frameStart, dragged)) drawSeats(ctx, v.editor, v.px, v.view);
  else if (dragged) drawSeats(ctx, v.editor, v.px, v.view, dragged);
}

/** The sections whose seats are being dragged (document ids), null when none are. */
function draggedSections(editor: Editor): ReadonlySet<string> | null {
  if (!editor.dragOffset) return null;
  const seats = editor.targetSeats();
  if (!seats.length) return null;
  const known = dragCache.get(editor);
  if (known?.seats === seats) return known.sections;
  const sections = new Set(seats.map((s) => s.section));
  dragCache.set(editor, { seats, sections });
  return sections;
}
const dragCache = new WeakMap<Editor, { seats: readonly unknown[]; sections: ReadonlySet<string> }>();

/**
 * Over the seats: section names, row names and seat numbers (the storefront's label layout, seat-layer.ts), what
 * changed since the published version, and the plan's texts.
 */
export function drawMarks(ctx: CanvasRenderingContext2D, v: View): void {
  const { editor, theme, unit, lang } = v;
  const { doc } = editor;
  v.seats.drawLabels(ctx, lang);

  // What changed since the published version, over the seats (removed seats where they were).
  const changes = editor.showChanges ? editor.changes() : null;
  if (changes) renderChanges(ctx, changes, doc.meta.seatSize / 2, unit);

  const moved = movedOf(editor);
  for (const l of doc.labels.values()) {
    const p = shift(l, moved(l.id));
    text(ctx, l.text[lang] || l.text.en, p.x, p.y, l.size, theme.text);
  }
}

/**
 * The overlay: the selection (sections, the stage, shapes and texts outlined or recoloured, seats ringed), guides, the
 * tool's shape, the rubber band, the polygon so far, the measured points, the floor plan being placed, the selected
 * section's handles and the keyboard cursor.
 */
export function drawOverlay(ctx: CanvasRenderingContext2D, v: View, cursor: Point | null): void {
  const { editor, theme, unit, lang } = v;
  const { doc } = editor;
  const sel = editor.selection;
  const moved = movedOf(editor);

  for (const id of sel.ofTable('sections')) {
    const s = doc.sections.get(id);
    if (!s) continue;
    path(ctx, shifted(s.outline, moved(id)));
    ctx.lineWidth = 3 * unit;
    ctx.strokeStyle = theme.selected;
    ctx.stroke();
  }
  const st = doc.meta.stage;
  if (st && sel.has('stage')) {
    const p = shift(st, moved('stage'));
    ctx.lineWidth = 3 * unit;
    ctx.strokeStyle = theme.selected;
    ctx.strokeRect(p.x, p.y, st.width, st.height);
  }
  for (const id of sel.ofTable('shapes')) {
    const d = doc.shapes.get(id);
    if (d) outlineDecor(ctx, d, unit, theme.selected, moved(id));
  }
  drawSeatSelection(ctx, editor, v.px, v.view, theme.selected);
  for (const id of sel.ofTable('labels')) {
    const l = doc.labels.get(id);
    if (!l) continue;
    const p = shift(l, moved(id));
    text(ctx, l.text[lang] || l.text.en, p.x, p.y, l.size, theme.selected);
  }

  const bg = doc.meta.background;
  const image = bg && editor.tool === 'placeImage' ? imageOf(bg.src, () => editor.changed()) : null;
  if (bg && image) {
    const d = editor.imageDrag ?? { x: 0, y: 0 };
    ctx.setLineDash([6 * unit, 4 * unit]);
    ctx.lineWidth = 1.5 * unit;
    ctx.strokeStyle = theme.guide;
    ctx.strokeRect(bg.offset.x + d.x, bg.offset.y + d.y, image.naturalWidth * bg.scale, image.naturalHeight * bg.scale);
    ctx.setLineDash([]);
  }

  ctx.setLineDash([6 * unit, 4 * unit]);
  ctx.lineWidth = unit;
  ctx.strokeStyle = theme.guide;
  for (const g of editor.guides) {
    ctx.beginPath();
    if (g.axis === 'x') {
      ctx.moveTo(g.at, -1e5);
      ctx.lineTo(g.at, 1e5);
    } else {
      ctx.moveTo(-1e5, g.at);
      ctx.lineTo(1e5, g.at);
    }
    ctx.stroke();
  }
  const box = editor.draft ?? editor.band;
  if (box) {
    ctx.strokeStyle = theme.selected;
    ctx.strokeRect(
      Math.min(box.a.x, box.b.x),
      Math.min(box.a.y, box.b.y),
      Math.abs(box.b.x - box.a.x),
      Math.abs(box.b.y - box.a.y),
    );
  }
  if (editor.polygon.length) {
    path(ctx, cursor ? [...editor.polygon, cursor] : editor.polygon, false);
    ctx.strokeStyle = theme.selected;
    ctx.stroke();
  }
  if (editor.shapeDraft) {
    path(ctx, editor.shapeDraft);
    ctx.strokeStyle = theme.selected;
    ctx.stroke();
  }
  if (editor.measure.length) {
    path(ctx, editor.measure, false);
    ctx.strokeStyle = theme.guide;
    ctx.stroke();
  }
  ctx.setLineDash([]);
  for (const m of editor.measure) {
    ctx.beginPath();
    ctx.arc(m.x, m.y, 4 * unit, 0, Math.PI * 2);
    ctx.fillStyle = theme.guide;
    ctx.fill();
  }
  // The one selected section's handles: squares resize, circles move an outline's corner, the one above rotates.
  for (const h of editor.handles()) {
    const size = 5 * unit;
    ctx.beginPath();
    if (h.kind === 'resize') ctx.rect(h.at.x - size, h.at.y - size, size * 2, size * 2);
    else ctx.arc(h.at.x, h.at.y, size, 0, Math.PI * 2);
    ctx.fillStyle = h.kind === 'corner' ? theme.selected : '#ffffff';
    ctx.fill();
    ctx.lineWidth = 1.5 * unit;
    ctx.strokeStyle = theme.selected;
    ctx.stroke();
  }
  if (cursor) {
    const s = 8 * unit;
    ctx.beginPath();
    ctx.moveTo(cursor.x - s, cursor.y);
    ctx.lineTo(cursor.x + s, cursor.y);
    ctx.moveTo(cursor.x, cursor.y - s);
    ctx.lineTo(cursor.x, cursor.y + s);
    ctx.lineWidth = 2 * unit;
    ctx.strokeStyle = theme.guide;
    ctx.stroke();
  }
}

/** The drag's offset for a selected section, text, shape or the stage while the selection is dragged. */
function movedOf(editor: Editor): (id: string) => Point | null {
  const offset = editor.dragOffset;
  return (id) => (offset && editor.selection.has(id) ? offset : null);
}

const shift = (p: Point, d: Point | null): Point => (d ? { x: p.x + d.x, y: p.y + d.y } : p);
const shifted = (ps: readonly Point[], d: Point | null): readonly Point[] => (d ? ps.map((p) => shift(p, d)) : ps);

/** The floor plan's image, decoded once; null until it has loaded (then the canvas is drawn again). */
let loaded: { src: string; image: HTMLImageElement } | null = null;
function imageOf(src: string, onLoad: () => void): HTMLImageElement | null {
  if (loaded?.src !== src) {
    const image = new Image();
    image.onload = onLoad;
    image.src = src;
    loaded = { src, image };
  }
  return loaded.image.complete && loaded.image.naturalWidth > 0 ? loaded.image : null;
}

function path(ctx: CanvasRenderingContext2D, pts: readonly Point[], close = true): void {
  ctx.beginPath();
  pts.forEach((p, i) => (i ? ctx.lineTo(p.x, p.y) : ctx.moveTo(p.x, p.y)));
  if (close) ctx.closePath();
}

function text(ctx: CanvasRenderingContext2D, s: string, x: number, y: number, size: number, colour: string): void {
  if (!s) return;
  ctx.font = `${size}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = colour;
  ctx.fillText(s, x, y);
}

function hexA(hex: string, a: number): string {
  const n = parseInt(hex.slice(1), 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${a})`;
}

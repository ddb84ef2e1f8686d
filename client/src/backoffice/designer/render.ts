import type { Editor } from './editor/editor';
import type { Language, Point } from './editor/doc';
import { renderChanges } from './render-changes';
import { renderDecor } from './render-decor';

const NO_ZONE = '#9aa1a9';

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
 * Draws the design on a 2D canvas: the plan's sheet, sections, seats in their category colour (one path per colour, no
 * object per seat), labels, the stage, then what the editor is doing (selection, drag offset, guides, the tool's
 * shape, the keyboard cursor). Seats are drawn the size they are (the storefront's look, simplified for editing).
 */
export function renderDesign(
  ctx: CanvasRenderingContext2D,
  editor: Editor,
  lang: Language,
  cursor: Point | null,
  theme = LIGHT,
): void {
  const { doc, camera: cam } = editor;
  const dpr = ctx.canvas.width / Math.max(1, cam.viewportWidth);
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = theme.background;
  ctx.fillRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  ctx.setTransform(cam.scale * dpr, 0, 0, cam.scale * dpr, cam.x * dpr, cam.y * dpr);
  const px = 1 / cam.scale;
  ctx.fillStyle = theme.plan;
  ctx.fillRect(0, 0, doc.meta.width, doc.meta.height);
  ctx.strokeStyle = theme.sectionLine;
  ctx.lineWidth = px;
  ctx.strokeRect(0, 0, doc.meta.width, doc.meta.height);

  // The traced floor plan, under everything drawn on it.
  const bg = doc.meta.background;
  const image = bg ? imageOf(bg.src, () => editor.changed()) : null;
  if (bg && image) {
    ctx.globalAlpha = bg.opacity;
    // While the place tool drags it: where it will be let go.
    const d = editor.imageDrag ?? { x: 0, y: 0 };
    const w = image.naturalWidth * bg.scale;
    const h = image.naturalHeight * bg.scale;
    ctx.drawImage(image, bg.offset.x + d.x, bg.offset.y + d.y, w, h);
    if (editor.tool === 'placeImage') {
      ctx.globalAlpha = 1;
      ctx.setLineDash([6 * px, 4 * px]);
      ctx.lineWidth = 1.5 * px;
      ctx.strokeStyle = theme.guide;
      ctx.strokeRect(bg.offset.x + d.x, bg.offset.y + d.y, w, h);
      ctx.setLineDash([]);
    }
    ctx.globalAlpha = 1;
  }

  const offset = editor.dragOffset;
  const sel = editor.selection;

  // Decorative shapes, over the floor plan and under the sections.
  renderDecor(
    ctx,
    doc.shapes.values(),
    lang,
    px,
    { text: theme.text, selected: theme.selected },
    (id) => sel.has(id),
    (id) => (offset && sel.has(id) ? offset : null),
  );

  const selectedSections = new Set(sel.ofTable('sections'));
  const moved = (id: string, section?: string) =>
    offset && (sel.has(id) || (section !== undefined && selectedSections.has(section)));
  const shift = (p: Point, yes: boolean | null | undefined): Point =>
    yes && offset ? { x: p.x + offset.x, y: p.y + offset.y } : p;

  // Sections.
  for (const s of doc.sections.values()) {
    const m = moved(s.id);
    path(
      ctx,
      s.outline.map((p) => shift(p, m)),
    );
    ctx.fillStyle = s.reserved ? theme.section : hexA(zoneColour(editor, s.zone), 0.25);
    ctx.fill();
    ctx.lineWidth = (sel.has(s.id) ? 3 : 1) * px;
    ctx.strokeStyle = sel.has(s.id) ? theme.selected : theme.sectionLine;
    ctx.stroke();
  }

  // Stage.
  const st = doc.meta.stage;
  if (st) {
    const p = shift(st, sel.has('stage'));
    ctx.fillStyle = theme.stage;
    ctx.fillRect(p.x, p.y, st.width, st.height);
    if (sel.has('stage')) {
      ctx.lineWidth = 3 * px;
      ctx.strokeStyle = theme.selected;
      ctx.strokeRect(p.x, p.y, st.width, st.height);
    }
    text(
      ctx,
      st.label[lang] || st.label.en,
      p.x + st.width / 2,
      p.y + st.height / 2,
      Math.min(st.height * 0.5, 14 * px),
      '#ffffff',
    );
  }

  // Seats: one path per colour.
  // A seat of the plan's size is a circle; one with a size of its own (a couch) an ellipse of it, turned like the seat.
  const r = doc.meta.seatSize / 2;
  const byColour = new Map<string, DrawnSeat[]>();
  const selectedSeats: DrawnSeat[] = [];
  for (const s of doc.seats.values()) {
    const m = moved(s.id, s.section);
    const p = shift(s, m);
    const seat = { x: p.x, y: p.y, size: s.size, rotate: s.rotate };
    const colour = zoneColour(editor, s.zone);
    let list = byColour.get(colour);
    if (!list) byColour.set(colour, (list = []));
    list.push(seat);
    if (sel.has(s.id) || selectedSections.has(s.section)) selectedSeats.push(seat);
  }
  const dot = r * cam.scale < 2;
  for (const [colour, seats] of byColour) {
    ctx.beginPath();
    for (const p of seats) {
      if (dot && !p.size) ctx.rect(p.x - r, p.y - r, r * 2, r * 2);
      else seatPath(ctx, p, r, 0.85);
    }
    ctx.fillStyle = colour;
    ctx.fill();
  }
  if (selectedSeats.length) {
    ctx.beginPath();
    for (const p of selectedSeats) seatPath(ctx, p, r, 1);
    ctx.lineWidth = 2 * px;
    ctx.strokeStyle = theme.selected;
    ctx.stroke();
  }
  // Seat numbers and feature marks once they are big enough to read.
  if (r * 2 * cam.scale >= 16) {
    for (const s of doc.seats.values()) {
      const p = shift(s, moved(s.id, s.section));
      const mark = s.features.includes(10) ? '♿' : s.features.includes(11) ? '+' : '';
      text(ctx, mark || s.name, p.x, p.y, r * 0.9, '#ffffff');
    }
  }
  // Row labels at the start of each row when rows are readable.
  if (r * 2 * cam.scale >= 8) {
    const first = new Map<string, Point & { row: string }>();
    for (const s of doc.seats.values()) {
      const key = `${s.section}\u0000${s.row}`;
      const f = first.get(key);
      if (!f || s.x < f.x) first.set(key, { x: s.x, y: s.y, row: s.row });
    }
    for (const f of first.values()) text(ctx, f.row, f.x - r * 2.2, f.y, r * 0.9, theme.text);
  }

  // What changed since the published version, over the seats (removed seats where they were).
  const changes = editor.showChanges ? editor.changes() : null;
  if (changes) renderChanges(ctx, changes, r, px);

  // Section names.
  for (const s of doc.sections.values()) {
    const b = s.outline;
    if (!b.length) continue;
    const c = shift({ x: b.reduce((a, p) => a + p.x, 0) / b.length, y: Math.min(...b.map((p) => p.y)) }, moved(s.id));
    text(ctx, s.name[lang] || s.name.en || s.code, c.x, c.y - 8 * px, 12 * px, theme.text);
  }

  // Labels.
  for (const l of doc.labels.values()) {
    const p = shift(l, moved(l.id));
    text(ctx, l.text[lang] || l.text.en, p.x, p.y, l.size, sel.has(l.id) ? theme.selected : theme.text);
  }

  // Guides, the tool's shape, the rubber band, the polygon so far, the keyboard cursor.
  ctx.setLineDash([6 * px, 4 * px]);
  ctx.lineWidth = px;
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
    ctx.arc(m.x, m.y, 4 * px, 0, Math.PI * 2);
    ctx.fillStyle = theme.guide;
    ctx.fill();
  }
  // The one selected section's handles: squares resize, circles move an outline's corner, the one above rotates.
  const handles = editor.handles();
  for (const h of handles) {
    const size = 5 * px;
    ctx.beginPath();
    if (h.kind === 'resize') ctx.rect(h.at.x - size, h.at.y - size, size * 2, size * 2);
    else ctx.arc(h.at.x, h.at.y, size, 0, Math.PI * 2);
    ctx.fillStyle = h.kind === 'corner' ? theme.selected : '#ffffff';
    ctx.fill();
    ctx.lineWidth = 1.5 * px;
    ctx.strokeStyle = theme.selected;
    ctx.stroke();
  }
  if (cursor) {
    const s = 8 * px;
    ctx.beginPath();
    ctx.moveTo(cursor.x - s, cursor.y);
    ctx.lineTo(cursor.x + s, cursor.y);
    ctx.moveTo(cursor.x, cursor.y - s);
    ctx.lineTo(cursor.x, cursor.y + s);
    ctx.lineWidth = 2 * px;
    ctx.strokeStyle = theme.guide;
    ctx.stroke();
  }
}

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

function zoneColour(editor: Editor, zone: string | null): string {
  return (zone && editor.doc.zones.get(zone)?.color) || NO_ZONE;
}

interface DrawnSeat {
  x: number;
  y: number;
  size: { width: number; height: number } | null;
  rotate: number;
}

/** A seat's outline, `k` of its size: a circle of the plan's seat size, or an ellipse of its own size. */
function seatPath(ctx: CanvasRenderingContext2D, p: DrawnSeat, r: number, k: number): void {
  if (!p.size) {
    ctx.moveTo(p.x + r * k, p.y);
    ctx.arc(p.x, p.y, r * k, 0, Math.PI * 2);
    return;
  }
  const a = (p.rotate * Math.PI) / 180;
  const rx = (p.size.width / 2) * k;
  ctx.moveTo(p.x + rx * Math.cos(a), p.y + rx * Math.sin(a));
  ctx.ellipse(p.x, p.y, rx, (p.size.height / 2) * k, a, 0, Math.PI * 2);
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

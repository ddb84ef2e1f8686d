import type { Bounds } from '@hotline/shared';
import type { SeatStore } from '../model/seat-store';
import type { Camera } from '../model/viewport';
import { ROW_LABEL_MIN_PX, sectionLabelPx, seatPixels } from './lod';
import { labelCandidates } from './text';

/**
 * Where every label of the map goes, in screen space, as a pure function of the model, the camera and a text
 * measure: the stage name, section names (overview), GA captions, row names at the row ends, seat numbers.
 * No canvas here: the renderer paints what this module emits into a `LabelSink`, and the tests collect it.
 */
export type LabelKind =
  /** Stage name inside its marker / just below it. */
  | 'stageInside'
  | 'stage'
  /** Section (or area) name, and the same name when the section is sold out (drawn grey). */
  | 'section'
  | 'sectionSoldOut'
  /** The caption under a name: "120 left", "Sold out". */
  | 'caption'
  | 'captionSoldOut'
  /** "✓ 2": places this visitor holds in a standing area. */
  | 'gaHeld'
  /** A row's name at one of its ends. */
  | 'row';

export interface LabelSink {
  text(kind: LabelKind, text: string, x: number, y: number, px: number, weight: number): void;
  /** Seat numbers follow, at this font size. */
  beginSeatNumbers(px: number): void;
  seatNumber(seat: number, x: number, y: number): void;
}

/** Text width in CSS px at font size `px` and this weight. */
export type MeasureText = (text: string, px: number, weight: number) => number;

export interface LabelInput {
  store: SeatStore;
  camera: Camera;
  /** The plan rectangle on screen. */
  view: Bounds;
  /** Box office: bigger labels. */
  large: boolean;
  stage: { x: number; y: number; width: number; height: number } | null;
  stageLabel: string | null;
  sectionName(s: number): string;
  gaCaption(s: number): string;
  /** Non-empty for a reserved section with no seat left. */
  soldOutCaption(s: number): string;
  gaHeld(s: number): number;
  /** Seat i shows its number when zoomed in (available, no feature glyph, not selected). */
  showsNumber(i: number): boolean;
  measure: MeasureText;
}

const LINE = 1.15;

/**
 * Horizontal room for a label inside a section, in plan units: the box width
 * when the box is (nearly) upright, else its smaller side.
 */
export function labelRoom(sec: { corners: readonly { x: number; y: number }[]; transform: readonly number[] }): number {
  const c = sec.corners;
  if (c.length < 4) return Infinity;
  const w = Math.hypot(c[1]!.x - c[0]!.x, c[1]!.y - c[0]!.y);
  const h = Math.hypot(c[3]!.x - c[0]!.x, c[3]!.y - c[0]!.y);
  return Math.abs(sec.transform[0]!) > 0.95 ? w : Math.min(w, h);
}

const intersects = (a: Bounds, b: Bounds) =>
  a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY;

/** Screen boxes already taken by labels; a new label that overlaps one is not placed. */
export class LabelPlacer {
  /** x0, y0, x1, y1 per box. */
  readonly boxes: number[] = [];

  constructor(private readonly measure: MeasureText) {}

  free(x0: number, y0: number, x1: number, y1: number): boolean {
    const b = this.boxes;
    for (let q = 0; q < b.length; q += 4)
      if (x0 < b[q + 2]! && b[q]! < x1 && y0 < b[q + 3]! && b[q + 1]! < y1) return false;
    return true;
  }

  take(x0: number, y0: number, x1: number, y1: number): void {
    this.boxes.push(x0, y0, x1, y1);
  }

  /**
   * The first form of `text` (full, two lines, the numbered part: see labelCandidates) that fits maxWidth and
   * maxHeight, centred on (cx, cy), if it overlaps no placed label: its lines (and the box is taken), else null.
   */
  place(text: string, cx: number, cy: number, size: number, maxWidth: number, maxHeight = Infinity): string[] | null {
    for (const lines of labelCandidates(text)) {
      let w = 0;
      for (const line of lines) w = Math.max(w, this.measure(line, size, 700));
      const h = lines.length * size * LINE;
      if (w > maxWidth || h > maxHeight) continue;
      const x0 = cx - w / 2 - 3;
      const x1 = cx + w / 2 + 3;
      const y0 = cy - h / 2 - 1;
      const y1 = cy + h / 2 + 1;
      if (!this.free(x0, y0, x1, y1)) return null;
      this.take(x0, y0, x1, y1);
      return lines;
    }
    return null;
  }
}

/** Lines of a label centred on (cx, cy). */
function emitLines(sink: LabelSink, kind: LabelKind, lines: readonly string[], cx: number, cy: number, px: number) {
  const step = px * LINE;
  const top = cy - ((lines.length - 1) * step) / 2;
  for (let k = 0; k < lines.length; k++) sink.text(kind, lines[k]!, cx, top + k * step, px, 700);
}

/** Every label of one frame, in drawing order. */
export function layoutLabels(input: LabelInput, sink: LabelSink): void {
  const { store: st, camera: cam, view, large } = input;
  const k = cam.scale;
  const toX = (x: number) => x * k + cam.x;
  const toY = (y: number) => y * k + cam.y;
  const seatPx = seatPixels(k, st.typicalSeatSize);
  const placer = new LabelPlacer(input.measure);

  // Overview labels must fit their section and not collide with each other (or the stage label).
  const stage = input.stage;
  const stageLabel = input.stageLabel;
  if (stage && stageLabel) {
    const w = stage.width * k;
    const h = stage.height * k;
    const size = Math.min(large ? 20 : 16, Math.max(11, (w / Math.max(4, stageLabel.length)) * 0.9));
    const cx = toX(stage.x + stage.width / 2);
    if (w > 30) {
      // Inside the marker when it is tall enough, else just below it.
      const inside = Math.min(size, h * 0.72);
      const tw = input.measure(stageLabel, inside >= 10 ? inside : size, 700);
      if (inside >= 10) {
        const cy = toY(stage.y + stage.height / 2);
        sink.text('stageInside', stageLabel, cx, cy, inside, 700);
        placer.take(cx - tw / 2 - 3, cy - inside, cx + tw / 2 + 3, cy + inside);
      } else {
        const cy = toY(stage.y + stage.height) + size * 0.9;
        sink.text('stage', stageLabel, cx, cy, size, 700);
        placer.take(cx - tw / 2 - 3, cy - size * 0.7, cx + tw / 2 + 3, cy + size * 0.7);
      }
    }
  }

  const rowLabels = seatPx >= (large ? ROW_LABEL_MIN_PX * 0.8 : ROW_LABEL_MIN_PX);
  for (let s = 0; s < st.sections.length; s++) {
    const sec = st.sections[s]!;
    if (!intersects(sec.bounds, view)) continue;
    const b = sec.bounds;
    const wPx = (b.maxX - b.minX) * k;
    const name = input.sectionName(s);
    const t = sec.transform;
    const narrow = Math.min(labelRoom(sec), b.maxX - b.minX) * k;
    if (!sec.isReserved) {
      const size = sectionLabelPx(wPx, large);
      if (size <= 0) continue;
      const cx = toX((b.minX + b.maxX) / 2);
      const cy = toY((b.minY + b.maxY) / 2);
      const tall = (b.maxY - b.minY) * k;
      const label = placer.place(name, cx, cy, size, narrow * 0.92, tall * 0.6);
      if (!label) continue;
      const captionPx = size * 0.82;
      const nameH = label.length * size * LINE;
      const caption = input.gaCaption(s);
      const showCaption =
        caption !== '' &&
        input.measure(caption, captionPx, 600) <= narrow * 0.92 &&
        nameH + captionPx * 1.3 <= tall * 0.8;
      const nameY = showCaption ? cy - captionPx * 0.65 : cy;
      emitLines(sink, 'section', label, cx, nameY, size);
      if (showCaption) sink.text('caption', caption, cx, nameY + nameH / 2 + captionPx * 0.65, captionPx, 600);
      const held = input.gaHeld(s);
      if (held > 0) sink.text('gaHeld', `✓ ${held}`, cx, nameY + nameH / 2 + captionPx * 2, size * 0.9, 800);
      continue;
    }
    if (!rowLabels) {
      const size = sectionLabelPx(wPx, large);
      if (size <= 0) continue;
      const cx = toX((b.minX + b.maxX) / 2);
      const cy = toY((b.minY + b.maxY) / 2);
      const caption = input.soldOutCaption(s);
      const label = placer.place(name, cx, cy, size, narrow * 0.95, (b.maxY - b.minY) * k * 0.9);
      if (label && caption !== '') {
        // Sold out: the name and a caption under it, both in the "taken" grey so the section reads as closed.
        const captionPx = size * 0.82;
        const nameH = label.length * size * LINE;
        const nameY = cy - captionPx * 0.65;
        emitLines(sink, 'sectionSoldOut', label, cx, nameY, size);
        sink.text('captionSoldOut', caption, cx, nameY + nameH / 2 + captionPx * 0.65, captionPx, 700);
      } else if (label) emitLines(sink, 'section', label, cx, cy, size);
      continue;
    }
    // Zoomed in: the section name above its first row, row names at both ends of every row.
    const typ = st.typicalSeatSize;
    const rowPx = Math.min(large ? 17 : 14, Math.max(large ? 11 : 9, seatPx * 0.5));
    let topY = Infinity;
    let sumX = 0;
    let nX = 0;
    for (let r = sec.rowStart; r < sec.rowEnd; r++) {
      const row = st.rows[r]!;
      const first = row.start;
      const last = row.end - 1;
      topY = Math.min(topY, row.localY);
      sumX += (st.localX[first]! + st.localX[last]!) / 2;
      nX++;
      const ly = row.localY;
      for (const lx of [
        st.localX[first]! - st.halfW[first]! - typ * 0.55,
        st.localX[last]! + st.halfW[last]! + typ * 0.55,
      ]) {
        const px = t[0] * lx + t[2] * ly + t[4];
        const py = t[1] * lx + t[3] * ly + t[5];
        if (px < view.minX - typ || px > view.maxX + typ || py < view.minY - typ || py > view.maxY + typ) continue;
        sink.text('row', row.name, toX(px), toY(py), rowPx, 600);
      }
    }
    if (nX > 0) {
      const lx = sumX / nX;
      const ly = topY - typ * 1.3;
      const size = Math.min(large ? 20 : 16, Math.max(11, seatPx * 0.6));
      const nx = toX(t[0] * lx + t[2] * ly + t[4]);
      const ny = toY(t[1] * lx + t[3] * ly + t[5]);
      const label = placer.place(name, nx, ny, size, Infinity);
      if (label) emitLines(sink, 'section', label, nx, ny, size);
    }
    // Seat numbers inside available seats once they are big enough to read.
    if (seatPx >= (large ? 16 : 18)) {
      sink.beginSeatNumbers(Math.min(large ? 15 : 13, seatPx * 0.42));
      for (let i = sec.seatStart; i < sec.seatEnd; i++) {
        if (!input.showsNumber(i)) continue;
        const x = st.x[i]!;
        const y = st.y[i]!;
        if (x < view.minX || x > view.maxX || y < view.minY || y > view.maxY) continue;
        sink.seatNumber(i, toX(x), toY(y) + 0.5);
      }
    }
  }
}

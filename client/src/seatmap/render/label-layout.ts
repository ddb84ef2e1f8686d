import type { Bounds } from '@hotline/shared';
import { shortenLabel } from '../model/label-shortening';
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
  | 'row'
  /** Zoomed in with a row's end off screen: its name pinned to the map's left or right edge, on a plate. */
  | 'rowPinned';

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
  /** Whether any seat's box overlaps this plan rectangle (the spatial index); absent until the index is built. */
  seatsIn?: (minX: number, minY: number, maxX: number, maxY: number) => boolean;
  /** CSS px at the bottom of the map covered by the phone's bar (labels are not pinned under it). */
  bottomInset?: number;
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

/**
 * The widest upright line of height `lineH` that fits inside a turned rectangle `w` x `h` (screen px), centred on its
 * centre; `cos` and `sin` are the rectangle's turn. A box W x H fits when |W cos| + |H sin| <= w and
 * |W sin| + |H cos| <= h. Negative: not even an empty line of that height fits.
 */
export function uprightRoom(box: TurnedBox, lineH: number): number {
  const c = Math.abs(box.cos);
  const s = Math.abs(box.sin);
  let room = Infinity;
  if (c > 1e-9) room = Math.min(room, (box.w - lineH * s) / c);
  if (s > 1e-9) room = Math.min(room, (box.h - lineH * c) / s);
  // Upright (or a quarter turn): the line's height must also fit across.
  if (c > 1e-9 && lineH * c > box.h + 1e-9) return -1;
  if (s > 1e-9 && lineH * s > box.w + 1e-9) return -1;
  return room;
}

/** A section's own rectangle on screen: its sides (px) and its turn. */
export interface TurnedBox {
  w: number;
  h: number;
  cos: number;
  sin: number;
}

/** A section's rectangle on screen at scale k, or null when it has none (a polygon, a standing area). */
export function turnedBox(sec: { corners: readonly { x: number; y: number }[] }, k: number): TurnedBox | null {
  const c = sec.corners;
  if (c.length !== 4) return null;
  const ux = c[1]!.x - c[0]!.x;
  const uy = c[1]!.y - c[0]!.y;
  const w = Math.hypot(ux, uy);
  const h = Math.hypot(c[3]!.x - c[0]!.x, c[3]!.y - c[0]!.y);
  if (w <= 0 || h <= 0) return null;
  return { w: w * k, h: h * k, cos: ux / w, sin: uy / w };
}

/** The layout's margin around a section name: 3 px aside, 1 px above and below (what LabelPlacer claims). */
const NAME_PAD_X = 6;
const NAME_PAD_Y = 2;

const intersects = (a: Bounds, b: Bounds) =>
  a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY;

const CELL = 48;

/**
 * Screen boxes already taken by labels; a new label that overlaps one is not placed. Boxes are bucketed in a
 * 48 px grid so a frame with thousands of row names stays linear.
 */
export class LabelPlacer {
  private readonly boxes: number[] = [];
  private readonly cells = new Map<number, number[]>();

  constructor(private readonly measure: MeasureText) {}

  private static key(cx: number, cy: number): number {
    return (cx + 2048) * 8192 + (cy + 2048);
  }

  free(x0: number, y0: number, x1: number, y1: number): boolean {
    const b = this.boxes;
    for (let cx = Math.floor(x0 / CELL); cx <= Math.floor(x1 / CELL); cx++)
      for (let cy = Math.floor(y0 / CELL); cy <= Math.floor(y1 / CELL); cy++) {
        const list = this.cells.get(LabelPlacer.key(cx, cy));
        if (!list) continue;
        for (const q of list) if (x0 < b[q + 2]! && b[q]! < x1 && y0 < b[q + 3]! && b[q + 1]! < y1) return false;
      }
    return true;
  }

  take(x0: number, y0: number, x1: number, y1: number): void {
    const q = this.boxes.length;
    this.boxes.push(x0, y0, x1, y1);
    for (let cx = Math.floor(x0 / CELL); cx <= Math.floor(x1 / CELL); cx++)
      for (let cy = Math.floor(y0 / CELL); cy <= Math.floor(y1 / CELL); cy++) {
        const k = LabelPlacer.key(cx, cy);
        const list = this.cells.get(k);
        if (list) list.push(q);
        else this.cells.set(k, [q]);
      }
  }

  /** Takes the box if it is free; false if it overlaps a placed label. */
  claim(x0: number, y0: number, x1: number, y1: number): boolean {
    if (!this.free(x0, y0, x1, y1)) return false;
    this.take(x0, y0, x1, y1);
    return true;
  }

  /** Lines of `lines` at `size` centred on (cx, cy): claims their box; false if taken. */
  claimLines(lines: readonly string[], cx: number, cy: number, size: number): boolean {
    let w = 0;
    for (const line of lines) w = Math.max(w, this.measure(line, size, 700));
    const h = lines.length * size * LINE;
    return this.claim(cx - w / 2 - 3, cy - h / 2 - 1, cx + w / 2 + 3, cy + h / 2 + 1);
  }

  /**
   * The first form of `text` (full, two lines, the numbered part: see labelCandidates) that fits maxWidth and
   * maxHeight, centred on (cx, cy), if it overlaps no placed label: its lines (and the box is taken), else null.
   */
  place(text: string, cx: number, cy: number, size: number, maxWidth: number, maxHeight = Infinity): string[] | null {
    for (const lines of labelCandidates(text)) {
      if (!fits(this.measure, lines, size, maxWidth, maxHeight)) continue;
      return this.claimLines(lines, cx, cy, size) ? lines : null;
    }
    return null;
  }
}

function fits(measure: MeasureText, lines: readonly string[], size: number, maxWidth: number, maxHeight: number) {
  if (lines.length * size * LINE > maxHeight) return false;
  for (const line of lines) if (measure(line, size, 700) > maxWidth) return false;
  return true;
}

/** Room for a name inside a section: its turned rectangle when it has one, else a width and a height. */
export interface NameRoom {
  roomPx: number;
  heightPx: number;
  box?: TurnedBox | null;
}

/**
 * The lines fit the section: inside its turned rectangle, upright, with the layout's margin (a section seen at an
 * angle has less room for a level line than its narrow side, and a section turned a quarter has its long side
 * across), else within the width and height given.
 */
function fitsRoom(measure: MeasureText, lines: readonly string[], size: number, room: NameRoom): boolean {
  if (!room.box) return fits(measure, lines, size, room.roomPx, room.heightPx);
  let w = 0;
  for (const line of lines) w = Math.max(w, measure(line, size, 700));
  return w + NAME_PAD_X <= uprightRoom(room.box, lines.length * size * LINE + NAME_PAD_Y);
}

/** The widest one line of a name at `size` that fits the section (for cutting a name with "…"). */
function lineRoom(room: NameRoom, size: number): number {
  if (!room.box) return size * LINE > room.heightPx ? -1 : room.roomPx;
  return uprightRoom(room.box, size * LINE + NAME_PAD_Y) - NAME_PAD_X;
}

/**
 * A section name's forms from longest to shortest, always three: the full name; two lines (split where the halves
 * are closest); the short form, the numbered part ("Lower tier 101" → "101") or, for a name without digits, the
 * name itself (truncated with an ellipsis where it has to be, see `truncate`).
 */
export function sectionForms(name: string): [string[], string[], string[]] {
  const c = labelCandidates(name);
  const full = c[0]!;
  const two = c[1] ?? full;
  const short = c[2] ?? full;
  return [full, two, short];
}

/**
 * `text` if it fits maxWidth, else cut with "…" by the map's one shortening rule (`shortenLabel`: at least two
 * characters kept, never a number cut in two); null: leave the label out.
 */
export function truncate(measure: MeasureText, text: string, size: number, maxWidth: number): string | null {
  return shortenLabel(text, (candidate) => measure(candidate, size, 700) <= maxWidth);
}

/**
 * Overview section names, one style: one font size for every section in view (from the median section width on
 * screen) and one level of shortening for all of them — the longest form (full, two lines, short) at which every
 * section in view fits its room; at the short level a name that still does not fit is truncated with "…".
 * Returns the level (0, 1, 2) and the size.
 */
export function sectionLabelStyle(
  measure: MeasureText,
  sections: readonly ({ name: string; widthPx: number } & NameRoom)[],
  large: boolean,
): { size: number; level: 0 | 1 | 2 } {
  const widths = sections.map((x) => x.widthPx).sort((a, b) => a - b);
  const size = sectionLabelPx(widths[Math.floor(widths.length / 2)] ?? 0, large);
  if (size <= 0) return { size: 0, level: 2 };
  for (const level of [0, 1] as const) {
    if (sections.every((x) => fitsRoom(measure, sectionForms(x.name)[level], size, x))) return { size, level };
  }
  return { size, level: 2 };
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

  // The stage name first: section labels must not collide with it.
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
  // Names drawn inside their section (standing areas always, every section on the overview), in one style.
  const speck = seatPx < SPECK_SEAT_PX;
  const inside: ({ s: number; name: string; widthPx: number } & NameRoom)[] = [];
  for (let s = 0; s < st.sections.length; s++) {
    const sec = st.sections[s]!;
    if (!intersects(sec.bounds, view) || (rowLabels && sec.isReserved)) continue;
    const b = sec.bounds;
    const widthPx = (b.maxX - b.minX) * k;
    if (sectionLabelPx(widthPx, large) <= 0) continue; // a speck at this zoom: labelled once zoomed in
    const roomPx = Math.min(labelRoom(sec), b.maxX - b.minX) * k * (sec.isReserved ? 0.95 : 0.92);
    const heightPx = (b.maxY - b.minY) * k * (sec.isReserved ? 0.9 : 0.6);
    // A reserved section seen as specks carries its name inside its own rectangle, never past it onto a neighbour.
    const box = sec.isReserved && speck ? turnedBox(sec, k) : null;
    inside.push({ s, name: input.sectionName(s), widthPx, roomPx, heightPx, box });
  }
  const style = sectionLabelStyle(input.measure, inside, large);
  for (const item of inside) layoutInside(input, sink, placer, item, style, speck);
  if (!rowLabels) return;

  const view2 = { w: cam.viewportWidth, h: cam.viewportHeight - (input.bottomInset ?? 0) };
  const rowPx = Math.min(large ? 17 : 14, Math.max(large ? 11 : 9, seatPx * 0.5));
  const namePx = Math.min(large ? 20 : 16, Math.max(11, seatPx * 0.6));
  const typ = st.typicalSeatSize;
  /** A seat (of any section) lies under this screen box. */
  const seatUnder = (x0: number, y0: number, x1: number, y1: number) =>
    input.seatsIn?.((x0 - cam.x) / k, (y0 - cam.y) / k, (x1 - cam.x) / k, (y1 - cam.y) / k) ?? false;
  // Row names pinned to the map's edges sit on plates over the edge seats: those seats' numbers are left out (below),
  // so a plate never lies over a number.
  const pins: number[] = [];
  const numbered: number[] = [];
  for (let s = 0; s < st.sections.length; s++) {
    const sec = st.sections[s]!;
    if (!sec.isReserved || !intersects(sec.bounds, view)) continue;
    const t = sec.transform;
    const plan = (lx: number, ly: number) => ({ x: t[0] * lx + t[2] * ly + t[4], y: t[1] * lx + t[3] * ly + t[5] });
    // Zoomed in: row names at both ends of every row (pinned to the map's edge where an end is off screen), greedy,
    // so rows too close for their names show every other name rather than names running together.
    let topY = Infinity;
    let bottomY = -Infinity;
    let sumX = 0;
    let nX = 0;
    for (let r = sec.rowStart; r < sec.rowEnd; r++) {
      const row = st.rows[r]!;
      const first = row.start;
      const last = row.end - 1;
      topY = Math.min(topY, row.localY);
      bottomY = Math.max(bottomY, row.localY);
      sumX += (st.localX[first]! + st.localX[last]!) / 2;
      nX++;
      // Far enough past the end seat that the name's box clears it whichever way the row runs on screen.
      const beyond = Math.max(
        typ * 0.55,
        (Math.max(input.measure(row.name, rowPx, 600) / 2 + 2, rowPx * 0.55) + 1) / k,
      );
      const a = plan(...beyondEnd(st, first, first + 1, beyond));
      const b = plan(...beyondEnd(st, last, last - 1, beyond));
      layoutRow(input, sink, placer, row.name, toX(a.x), toY(a.y), toX(b.x), toY(b.y), rowPx, view2, pins, seatUnder);
    }
    if (nX > 0) {
      // The section name above its first row, else below its last row, never over seats; left out if both are taken.
      const lx = sumX / nX;
      for (const ly of [topY - typ * 1.3, bottomY + typ * 1.3]) {
        const p = plan(lx, ly);
        const nx = toX(p.x);
        const ny = toY(p.y);
        const w = input.measure(input.sectionName(s), namePx, 700) / 2 + 3;
        const h = namePx * 0.6;
        if (nx + w < 0 || nx - w > view2.w || ny + h < 0 || ny - h > view2.h) continue;
        const covers = input.seatsIn?.(
          (nx - w - cam.x) / k,
          (ny - h - cam.y) / k,
          (nx + w - cam.x) / k,
          (ny + h - cam.y) / k,
        );
        if (covers) continue;
        const label = [input.sectionName(s)];
        if (placer.claimLines(label, nx, ny, namePx)) {
          emitLines(sink, 'section', label, nx, ny, namePx);
          break;
        }
      }
    }
    numbered.push(s);
  }
  // Seat numbers inside available seats once they are big enough to read, after every section's row names (a name
  // pinned for one section may lie over another's edge seats).
  if (seatPx < (large ? SEAT_NUMBER_MIN_PX_LARGE : SEAT_NUMBER_MIN_PX)) return;
  const numberPx = Math.min(large ? 15 : 13, seatPx * 0.42);
  // A seat is left without its number when its box touches a pin's plate.
  const half = Math.max(seatPx / 2, numberPx * 0.9);
  const underPin = (sx: number, sy: number) => {
    for (let q = 0; q < pins.length; q += 4)
      if (sx + half > pins[q]! && sx - half < pins[q + 2]! && sy + half > pins[q + 1]! && sy - half < pins[q + 3]!)
        return true;
    return false;
  };
  sink.beginSeatNumbers(numberPx);
  for (const s of numbered) {
    const sec = st.sections[s]!;
    for (let i = sec.seatStart; i < sec.seatEnd; i++) {
      if (!input.showsNumber(i)) continue;
      const x = st.x[i]!;
      const y = st.y[i]!;
      if (x < view.minX || x > view.maxX || y < view.minY || y > view.maxY) continue;
      const sx = toX(x);
      const sy = toY(y);
      if (pins.length > 0 && underPin(sx, sy)) continue;
      sink.seatNumber(i, sx, sy + 0.5);
    }
  }
}

/**
 * Where a row's name goes beyond its end seat, in section-local units: past the seat along the row's own direction
 * there (from its neighbour to it), at the end seat's height. A curved row bends away from the section's x axis, so
 * a name put at the row's mean height beyond the end lay over the seats of the next row (the theatre's side
 * sections, the arena's curved tiers).
 */
function beyondEnd(st: SeatStore, end: number, neighbour: number, beyond: number): [number, number] {
  const ex = st.localX[end]!;
  const ey = st.localY[end]!;
  const row = st.rows[st.rowOf[end]!]!;
  let dx = end === row.start ? -1 : 1;
  let dy = 0;
  if (neighbour >= row.start && neighbour < row.end) {
    const nx = ex - st.localX[neighbour]!;
    const ny = ey - st.localY[neighbour]!;
    const len = Math.hypot(nx, ny);
    if (len > 0) {
      dx = nx / len;
      dy = ny / len;
    }
  }
  const reach = st.halfW[end]! + beyond;
  return [ex + dx * reach, ey + dy * reach];
}

/** Seat numbers are drawn from this seat size (CSS px; box office from the smaller one). */
export const SEAT_NUMBER_MIN_PX = 18;
export const SEAT_NUMBER_MIN_PX_LARGE = 16;

/** Below this seat size (CSS px) seats are a texture of dots: a section's name may sit on them, inside its block. */
export const SPECK_SEAT_PX = 4;

/**
 * A section's (or area's) name and caption, in the frame's one style. Standing areas (no seats) and, while seats are
 * specks, reserved sections: inside the block, moved into its part that is on screen. Once seats can be told apart:
 * in the gap above the section, else below it, only where no seat is under the label; otherwise no name at this zoom.
 */
function layoutInside(
  input: LabelInput,
  sink: LabelSink,
  placer: LabelPlacer,
  item: { s: number; name: string } & NameRoom,
  style: { size: number; level: 0 | 1 | 2 },
  speck: boolean,
): void {
  const { size, level } = style;
  if (size <= 0) return;
  const measure = input.measure;
  const sec = input.store.sections[item.s]!;
  let lines = sectionForms(item.name)[level];
  if (!fitsRoom(measure, lines, size, item)) {
    // The short level and still too long: truncated (one line), or no room even for that.
    const room = lineRoom(item, size);
    const one = room > 0 ? truncate(measure, lines.join(' '), size, room) : null;
    if (one === null) return;
    lines = [one];
  }
  const nameH = lines.length * size * LINE;
  const captionPx = size * 0.82;
  const captionText = sec.isReserved ? input.soldOutCaption(item.s) : input.gaCaption(item.s);
  let nameW = 0;
  for (const line of lines) nameW = Math.max(nameW, measure(line, size, 700));
  const inside = !sec.isReserved || speck;
  // The name with its caption under it; where the two do not fit (a small or crowded section), the name alone: a
  // caption ("Sold out", "120 left") never costs a section its name. The grey still says sold out, the panel the rest.
  let caption = captionText;
  let at =
    caption === ''
      ? null
      : namePosition(
          input,
          sec,
          Math.max(nameW, measure(caption, captionPx, 700)) + 6,
          nameH + captionPx * 1.3 + 2,
          inside,
          placer,
        );
  if (!at) {
    caption = '';
    at = namePosition(input, sec, nameW + 6, nameH + 2, inside, placer);
  }
  if (!at) return;
  const { x: cx, y: cy } = at;
  if (sec.isReserved) {
    const soldOut = captionText !== '';
    if (caption === '') return emitLines(sink, soldOut ? 'sectionSoldOut' : 'section', lines, cx, cy, size);
    // Sold out: the name and a caption under it, both in the "taken" grey so the section reads as closed.
    const nameY = cy - captionPx * 0.65;
    emitLines(sink, 'sectionSoldOut', lines, cx, nameY, size);
    sink.text('captionSoldOut', caption, cx, nameY + nameH / 2 + captionPx * 0.65, captionPx, 700);
    return;
  }
  const b = sec.bounds;
  const tall = (b.maxY - b.minY) * input.camera.scale;
  const showCaption =
    caption !== '' && measure(caption, captionPx, 600) <= item.roomPx && nameH + captionPx * 1.3 <= tall * 0.8;
  const nameY = showCaption ? cy - captionPx * 0.65 : cy;
  emitLines(sink, 'section', lines, cx, nameY, size);
  if (showCaption) sink.text('caption', caption, cx, nameY + nameH / 2 + captionPx * 0.65, captionPx, 600);
  const held = input.gaHeld(item.s);
  if (held > 0) sink.text('gaHeld', `✓ ${held}`, cx, nameY + nameH / 2 + captionPx * 2, size * 0.9, 800);
}

/** Where a w x h label for section `sec` goes (its centre, screen px), its box claimed; null if nowhere. */
function namePosition(
  input: LabelInput,
  sec: SeatStore['sections'][number],
  w: number,
  h: number,
  inside: boolean,
  placer: LabelPlacer,
): { x: number; y: number } | null {
  const cam = input.camera;
  const k = cam.scale;
  const b = sec.bounds;
  const sx0 = b.minX * k + cam.x;
  const sx1 = b.maxX * k + cam.x;
  const sy0 = b.minY * k + cam.y;
  const sy1 = b.maxY * k + cam.y;
  const vw = cam.viewportWidth;
  const vh = cam.viewportHeight - (input.bottomInset ?? 0);
  /** v clamped to [lo, hi], or NaN when that range is empty. */
  const clamp = (v: number, lo: number, hi: number) => (lo > hi ? NaN : Math.min(hi, Math.max(lo, v)));
  const claim = (x: number, y: number) =>
    Number.isFinite(x) && Number.isFinite(y) && placer.claim(x - w / 2, y - h / 2, x + w / 2, y + h / 2);
  // Across: the section's middle, kept on screen and over the section.
  const x = clamp(
    (sx0 + sx1) / 2,
    Math.max(sx0 + Math.min(w, sx1 - sx0) / 2, w / 2 + 2),
    Math.min(sx1 - Math.min(w, sx1 - sx0) / 2, vw - w / 2 - 2),
  );
  if (inside) {
    const y = clamp((sy0 + sy1) / 2, Math.max(sy0 + h / 2, h / 2 + 2), Math.min(sy1 - h / 2, vh - h / 2 - 2));
    return claim(x, y) ? { x, y } : null;
  }
  for (const y of [sy0 - h / 2 - 3, sy1 + h / 2 + 3]) {
    if (y - h / 2 < 0 || y + h / 2 > vh) continue;
    const covers = input.seatsIn?.(
      (x - w / 2 - cam.x) / k,
      (y - h / 2 - cam.y) / k,
      (x + w / 2 - cam.x) / k,
      (y + h / 2 - cam.y) / k,
    );
    if (!covers && claim(x, y)) return { x, y };
  }
  return null;
}

/** Gap between a pinned row name's plate and the map's edge (CSS px). */
const PIN_MARGIN = 4;

/**
 * A row's name at both ends (screen points a and b, just outside its end seats). An end inside the map gets its name
 * there; an end off screen to the left or right, on a row that runs across the screen into view, gets it pinned to
 * that edge where the row meets it. Every name claims its box first, so names never run together.
 */
function layoutRow(
  input: Pick<LabelInput, 'measure'>,
  sink: LabelSink,
  placer: LabelPlacer,
  name: string,
  ax: number,
  ay: number,
  bx: number,
  by: number,
  px: number,
  view: { w: number; h: number },
  /** Where pinned names' plates went (x0, y0, x1, y1 in a row), for the seat numbers they cover. */
  pins: number[],
  /** A seat lies under this screen box (a row's end can face another section's seats across a narrow aisle). */
  seatUnder: (x0: number, y0: number, x1: number, y1: number) => boolean = () => false,
): void {
  const half = input.measure(name, px, 600) / 2 + 2;
  const halfH = px * 0.55;
  // Left and right end on screen.
  const [lx, ly, rx, ry] = ax <= bx ? [ax, ay, bx, by] : [bx, by, ax, ay];
  const across = rx - lx >= Math.abs(ry - ly);
  for (const [x, y, edge] of [
    [lx, ly, PIN_MARGIN + half + 2],
    [rx, ry, view.w - PIN_MARGIN - half - 2],
  ] as const) {
    const onScreen = x - half >= 0 && x + half <= view.w && y - halfH >= 0 && y + halfH <= view.h;
    if (onScreen) {
      // The ink (the box less its 2 px margin) over no seat, then the box clear of other labels.
      if (seatUnder(x - half + 2, y - px * 0.4, x + half - 2, y + px * 0.4)) continue;
      if (placer.claim(x - half, y - halfH, x + half, y + halfH)) sink.text('row', name, x, y, px, 600);
      continue;
    }
    // Off screen: pin where the row crosses the edge, if it does (the row reaches past the pin point into view).
    const offLeft = x === lx && x - half < 0;
    const offRight = x === rx && x + half > view.w;
    if (!across || !(offLeft || offRight) || !(lx < edge && edge < rx)) continue;
    const py = ly + ((ry - ly) * (edge - lx)) / (rx - lx);
    if (py - halfH < 0 || py + halfH > view.h) continue;
    if (placer.claim(edge - half - 2, py - halfH, edge + half + 2, py + halfH)) {
      sink.text('rowPinned', name, edge, py, px, 600);
      // The plate as text.ts draws it: the text's width plus 0.7 em, 1.25 em high.
      const plateW = input.measure(name, px, 600) / 2 + px * 0.35;
      pins.push(edge - plateW, py - px * 0.625, edge + plateW, py + px * 0.625);
    }
  }
}

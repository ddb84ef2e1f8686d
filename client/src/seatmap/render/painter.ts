import type { Bounds } from '@hotline/shared';
import type { SeatBatches } from '../model/batches';
import { glyphList, glyphPath } from './glyphs';
import { GLYPH_MIN_PX } from './lod';
import { isInsetClass, Paint } from './palette';
import type { SceneData } from './scene';
import { addSeatDot, addSeatShape, dotMinHalf, seatDetail } from './seat-shape';

/**
 * Canvas painters for the seat layer. They draw in PLAN units: the caller has
 * already set the context's transform (plan -> device pixels), and passes
 * `px`, the device pixels per plan unit, which picks the detail level.
 *
 * Seats of one section are drawn in the section's local frame (one
 * ctx.transform per section), so a seat that shares its section's rotation is
 * a plain axis-aligned rect: no trigonometry per seat. Seats of one paint
 * class form ONE path and ONE fill call (SeatBatches groups them).
 */
type Ctx = CanvasRenderingContext2D;

const DEG = Math.PI / 180;
/** Unavailable seats shrink to this fraction: the shape cue next to the colour. */
export const INSET = 0.62;

function applySection(ctx: Ctx, scene: SceneData, s: number): void {
  const t = scene.store.sections[s]!.transform;
  ctx.transform(t[0], t[1], t[2], t[3], t[4], t[5]);
}

/** Adds seat i's shape (section-local) to the current path: the shared seat (seat-shape.ts). */
function seatPath(ctx: Ctx, scene: SceneData, i: number, shrink: number, round: boolean): void {
  const st = scene.store;
  const own = scene.hasOwnRotation ? scene.ownRotation[i]! : 0;
  addSeatShape(ctx, st.localX[i]!, st.localY[i]!, st.halfW[i]! * shrink, st.halfH[i]! * shrink, own, round);
}

function inView(scene: SceneData, i: number, view: Bounds | null, pad: number): boolean {
  if (!view) return true;
  const x = scene.store.x[i]!;
  const y = scene.store.y[i]!;
  return x >= view.minX - pad && x <= view.maxX + pad && y >= view.minY - pad && y <= view.maxY + pad;
}

/** Polygon of a section (its outline, else its rotated box), in plan units. */
export function sectionPolygon(ctx: Ctx, scene: SceneData, s: number): void {
  const sec = scene.store.sections[s]!;
  ctx.beginPath();
  if (sec.outline && sec.outline.length > 2) {
    ctx.moveTo(sec.outline[0]![0], sec.outline[0]![1]);
    for (let k = 1; k < sec.outline.length; k++) ctx.lineTo(sec.outline[k]![0], sec.outline[k]![1]);
  } else {
    ctx.moveTo(sec.corners[0]!.x, sec.corners[0]!.y);
    for (let k = 1; k < sec.corners.length; k++) ctx.lineTo(sec.corners[k]!.x, sec.corners[k]!.y);
  }
  ctx.closePath();
}

/** The floor of a reserved section: a soft fill and a hairline border. */
export function paintFloor(ctx: Ctx, scene: SceneData, s: number, px: number): void {
  const sec = scene.store.sections[s]!;
  if (!sec.isReserved) return;
  if (!sec.outline && !(sec.corners.length > 2)) return;
  sectionPolygon(ctx, scene, s);
  ctx.fillStyle = scene.palette.sectionFill;
  ctx.fill();
  ctx.lineWidth = 1 / px;
  ctx.strokeStyle = scene.palette.sectionStroke;
  ctx.stroke();
}

export interface SeatPaintOptions {
  /** Device pixels per plan unit. */
  px: number;
  /** Draw only seats whose centre is in this plan rectangle (plus a seat of slack); null = all. */
  view: Bounds | null;
  /**
   * Seat numbers are drawn on available seats at this zoom (label-layout.ts): their feature glyph becomes a small
   * badge in the seat's top corner, so the glyph never replaces the number.
   */
  numbers?: boolean;
}

/** Every seat of section s, one fill per paint class, then couch outlines and glyphs. */
export function paintSeats(ctx: Ctx, scene: SceneData, batches: SeatBatches, s: number, opts: SeatPaintOptions): void {
  const { px, view } = opts;
  const st = scene.store;
  const seatPx = st.typicalSeatSize * px;
  const detail = seatDetail(seatPx);
  const round = detail === 'round';
  const pad = st.typicalSeatSize * 2;
  const runs = batches.sections[s]!;
  const order = batches.order;
  ctx.save();
  applySection(ctx, scene, s);
  for (let k = 0; k < runs.count; k++) {
    const c = runs.cls[k]!;
    const shrink = isInsetClass(c) ? INSET : 1;
    // Tiny seats: never thinner than ~1 device pixel, or they vanish when zoomed out.
    const minHalf = dotMinHalf(px);
    ctx.beginPath();
    const end = runs.end[k]!;
    for (let j = runs.start[k]!; j < end; j++) {
      const i = order[j]!;
      if (view && !inView(scene, i, view, pad)) continue;
      if (detail === 'dot')
        addSeatDot(ctx, st.localX[i]!, st.localY[i]!, st.halfW[i]! * shrink, st.halfH[i]! * shrink, minHalf);
      else seatPath(ctx, scene, i, shrink, round);
    }
    ctx.fillStyle = scene.colours[c] ?? scene.palette.unavailable;
    ctx.fill();
  }
  if (seatPx >= 5) paintCouches(ctx, scene, s, px);
  if (seatPx >= GLYPH_MIN_PX) paintMarks(ctx, scene, s, px, view, pad, opts.numbers ?? false);
  ctx.restore();
}

/** A thin outline around each couch's seats (section frame already applied). */
function paintCouches(ctx: Ctx, scene: SceneData, s: number, px: number): void {
  const list = scene.couches[s]!;
  if (list.length === 0) return;
  ctx.beginPath();
  const m = scene.store.typicalSeatSize * 0.12;
  for (const c of list) {
    const r = Math.min(c.w, c.h) * 0.3 + m;
    ctx.roundRect(c.x - m, c.y - m, c.w + 2 * m, c.h + 2 * m, r);
  }
  ctx.lineWidth = Math.max(1.2 / px, scene.store.typicalSeatSize * 0.06);
  ctx.strokeStyle = scene.palette.couchStroke;
  ctx.stroke();
}

/** Feature glyphs on seats, and the slash on single-seat-blocked seats (section frame applied). */
function paintMarks(
  ctx: Ctx,
  scene: SceneData,
  s: number,
  px: number,
  view: Bounds | null,
  pad: number,
  numbers: boolean,
): void {
  const st = scene.store;
  const names = glyphList();
  const list = scene.glyphSeats[s]!;
  for (let k = 0; k < list.length; k++) {
    const i = list[k]!;
    if (view && !inView(scene, i, view, pad)) continue;
    const c = scene.cls[i]!;
    const inset = isInsetClass(c);
    const size = Math.min(st.halfW[i]!, st.halfH[i]!) * 2 * (inset ? INSET : 1) * 0.74;
    if (size * px < GLYPH_MIN_PX * 0.8) continue;
    if (numbers && c >= Paint.AvailableBase) {
      // The number is in the middle: the glyph as a badge on the seat's top corner (start side), on a light disc.
      const own = scene.hasOwnRotation ? scene.ownRotation[i]! : 0;
      const r = Math.min(st.halfW[i]!, st.halfH[i]!) * 0.42;
      const ox = -st.halfW[i]! * 0.72;
      const oy = -st.halfH[i]! * 0.72;
      const cos = Math.cos(own * DEG);
      const sin = Math.sin(own * DEG);
      const bx = st.localX[i]! + ox * cos - oy * sin;
      const by = st.localY[i]! + ox * sin + oy * cos;
      ctx.beginPath();
      ctx.arc(bx, by, r, 0, Math.PI * 2);
      ctx.fillStyle = scene.palette.labelHalo;
      ctx.fill();
      drawGlyph(ctx, glyphPath(names[scene.glyphId[i]!]!), bx, by, r * 1.7, own, scene.colours[c] ?? scene.inks[c]!);
      continue;
    }
    drawGlyph(
      ctx,
      glyphPath(names[scene.glyphId[i]!]!),
      st.localX[i]!,
      st.localY[i]!,
      size,
      scene.hasOwnRotation ? scene.ownRotation[i]! : 0,
      inset ? scene.palette.blockedMark : scene.inks[c]!,
    );
  }
  // Status 7: a slash across the inset seat.
  const sec = st.sections[s]!;
  for (let i = sec.seatStart; i < sec.seatEnd; i++) {
    if (scene.cls[i] !== Paint.Blocked) continue;
    if (view && !inView(scene, i, view, pad)) continue;
    const size = Math.min(st.halfW[i]!, st.halfH[i]!) * 2 * INSET;
    drawGlyph(
      ctx,
      glyphPath('slash'),
      st.localX[i]!,
      st.localY[i]!,
      size,
      scene.hasOwnRotation ? scene.ownRotation[i]! : 0,
      scene.palette.blockedMark,
    );
  }
}

export function drawGlyph(
  ctx: Ctx,
  path: Path2D,
  cx: number,
  cy: number,
  size: number,
  rotationDeg: number,
  colour: string,
): void {
  ctx.save();
  ctx.translate(cx, cy);
  if (rotationDeg) ctx.rotate(rotationDeg * DEG);
  const k = size / 24;
  ctx.scale(k, k);
  ctx.translate(-12, -12);
  ctx.fillStyle = colour;
  ctx.fill(path);
  ctx.restore();
}

/**
 * Repaints only the given seats of section s (a status changed) on a bitmap
 * whose transform is set: clears each seat's box, repaints the floor under it
 * and every seat overlapping it, all clipped to that box. `neighbours` lists,
 * per changed seat, the seats whose boxes overlap its box (itself included).
 */
export function patchSeats(
  ctx: Ctx,
  scene: SceneData,
  s: number,
  changed: ArrayLike<number>,
  neighbours: (i: number) => ArrayLike<number>,
  px: number,
): void {
  const st = scene.store;
  const seatPx = st.typicalSeatSize * px;
  const detail = seatDetail(seatPx);
  const round = detail === 'round';
  const names = glyphList();
  for (let k = 0; k < changed.length; k++) {
    const i = changed[k]!;
    const ex = Math.abs(st.cos[i]!) * st.halfW[i]! + Math.abs(st.sin[i]!) * st.halfH[i]! + 1.5 / px;
    const ey = Math.abs(st.sin[i]!) * st.halfW[i]! + Math.abs(st.cos[i]!) * st.halfH[i]! + 1.5 / px;
    const x0 = st.x[i]! - ex;
    const y0 = st.y[i]! - ey;
    ctx.save();
    ctx.beginPath();
    ctx.rect(x0, y0, ex * 2, ey * 2);
    ctx.clip();
    ctx.clearRect(x0, y0, ex * 2, ey * 2);
    paintFloor(ctx, scene, s, px);
    applySection(ctx, scene, s);
    if (seatPx >= 5) paintCouches(ctx, scene, s, px);
    const near = neighbours(i);
    for (let m = 0; m < near.length; m++) {
      const j = near[m]!;
      if (st.sectionIndex[j] !== s) continue;
      const c = scene.cls[j]!;
      const shrink = isInsetClass(c) ? INSET : 1;
      ctx.beginPath();
      if (detail === 'dot')
        addSeatDot(ctx, st.localX[j]!, st.localY[j]!, st.halfW[j]! * shrink, st.halfH[j]! * shrink, dotMinHalf(px));
      else seatPath(ctx, scene, j, shrink, round);
      ctx.fillStyle = scene.colours[c] ?? scene.palette.unavailable;
      ctx.fill();
      if (seatPx >= GLYPH_MIN_PX) {
        const own = scene.hasOwnRotation ? scene.ownRotation[j]! : 0;
        if (scene.glyphId[j]! >= 0) {
          const size = Math.min(st.halfW[j]!, st.halfH[j]!) * 2 * shrink * 0.74;
          if (size * px >= GLYPH_MIN_PX * 0.8)
            drawGlyph(
              ctx,
              glyphPath(names[scene.glyphId[j]!]!),
              st.localX[j]!,
              st.localY[j]!,
              size,
              own,
              isInsetClass(c) ? scene.palette.blockedMark : scene.inks[c]!,
            );
        }
        if (c === Paint.Blocked)
          drawGlyph(
            ctx,
            glyphPath('slash'),
            st.localX[j]!,
            st.localY[j]!,
            Math.min(st.halfW[j]!, st.halfH[j]!) * 2 * INSET,
            own,
            scene.palette.blockedMark,
          );
      }
    }
    ctx.restore();
  }
}

/** The seat's shape as a standalone path in PLAN coordinates (overlay: selection, hover, focus). */
export function seatOutlinePath(ctx: Ctx, scene: SceneData, i: number, grow: number): void {
  const st = scene.store;
  const hw = st.halfW[i]! + grow;
  const hh = st.halfH[i]! + grow;
  const c = st.cos[i]!;
  const n = st.sin[i]!;
  const cx = st.x[i]!;
  const cy = st.y[i]!;
  const r = Math.min(hw, hh) * 0.45;
  ctx.save();
  ctx.translate(cx, cy);
  ctx.transform(c, n, -n, c, 0, 0);
  ctx.beginPath();
  ctx.roundRect(-hw, -hh, hw * 2, hh * 2, r);
  ctx.restore();
}

import {
  type Affine,
  type Bounds,
  type Point,
  apply,
  compose,
  invert,
  rotation,
  scaling,
  translation,
} from '@hotline/shared';

/**
 * The camera: how plan units map to screen pixels.
 *
 *   screen = translate(x, y) · rotate(rotation) · scale(scale) · plan
 *
 * which is exactly Konva's Stage {x, y, scaleX = scaleY = scale, rotation}, so the
 * renderer can copy these fields across. Rotation is kept (always 0 today) so
 * every conversion already goes through the matrix helpers and a rotated view
 * would not need new maths. Cameras are immutable values: each operation
 * returns a new one, which suits React state and makes animation a lerp.
 */
export interface Camera {
  scale: number;
  x: number;
  y: number;
  rotation: number;
  viewportWidth: number;
  viewportHeight: number;
}

export interface ZoomLimits {
  min: number;
  max: number;
}

export type LevelOfDetail = 'dot' | 'seat' | 'label';

/** Below this many screen pixels a seat is drawn as a dot (shape detail is invisible anyway). */
export const DOT_MAX_PX = 4;
/** From this many screen pixels seat numbers fit inside seats. */
export const LABEL_MIN_PX = 18;
/** At maximum zoom a typical seat is about this big. */
export const MAX_ZOOM_SEAT_PX = 80;
/** Hysteresis band for levelOfDetail, as a fraction of the threshold. */
const LOD_HYSTERESIS = 0.1;

export function cameraMatrix(cam: Camera): Affine {
  return compose(translation(cam.x, cam.y), rotation(cam.rotation), scaling(cam.scale));
}

export function planToScreen(cam: Camera, px: number, py: number): Point {
  return apply(cameraMatrix(cam), px, py);
}

export function screenToPlan(cam: Camera, sx: number, sy: number): Point {
  return apply(invert(cameraMatrix(cam)), sx, sy);
}

/**
 * The camera that shows `bounds` centred in the viewport, with `padding` screen
 * pixels kept free on every side.
 */
export function fitToBounds(bounds: Bounds, viewportWidth: number, viewportHeight: number, padding = 0): Camera {
  const bw = Math.max(bounds.maxX - bounds.minX, 1e-9);
  const bh = Math.max(bounds.maxY - bounds.minY, 1e-9);
  const availW = Math.max(viewportWidth - 2 * padding, 1);
  const availH = Math.max(viewportHeight - 2 * padding, 1);
  const scale = Math.min(availW / bw, availH / bh);
  const cx = (bounds.minX + bounds.maxX) / 2;
  const cy = (bounds.minY + bounds.maxY) / 2;
  return {
    scale,
    x: viewportWidth / 2 - cx * scale,
    y: viewportHeight / 2 - cy * scale,
    rotation: 0,
    viewportWidth,
    viewportHeight,
  };
}

const FIT_PADDING = 24;

/**
 * The camera the map opens with: the whole venue in view. On a phone held upright a wide venue fills the width and
 * leaves height over: keep it near the top (under the live badge) rather than floating in the middle, so it sits
 * right under the show's name. `bottomInset`: CSS px at the bottom covered by the phone's bar. The seat map's camera
 * (managers/camera.ts) and the first-paint picture (first-paint/) both open here, so the swap between them is still.
 */
export function openingCamera(bounds: Bounds, width: number, height: number, bottomInset = 0): Camera {
  const visible = height - bottomInset;
  const pad = Math.min(FIT_PADDING, width * 0.05);
  const cam = { ...fitToBounds(bounds, width, visible, pad), viewportHeight: height };
  const contentHeight = (bounds.maxY - bounds.minY) * cam.scale;
  // Near the top, but never so low that the venue's bottom goes under the phone's bar.
  if (width < 600 && contentHeight < visible * 0.75)
    return { ...cam, y: Math.min(56 - bounds.minY * cam.scale, visible - pad - bounds.maxY * cam.scale) };
  return cam;
}

/** Neighbouring seats at least this far apart (CSS px) after tapping a section: comfortably tappable by a finger. */
export const TAPPABLE_SEAT_PITCH_PX = 24;

/**
 * The scale a section tap zooms to at least. Seats never overlap, so their centres are at least a typical seat size
 * apart: at this scale neighbours are ≥ 24 px apart.
 */
export function sectionTapScale(typicalSeatSize: number): number {
  return TAPPABLE_SEAT_PITCH_PX / Math.max(typicalSeatSize, 1e-9);
}

/**
 * Zoom range: out to half the fit scale (some air around the whole venue), in
 * until a typical seat is ~80 px (beyond that nothing new becomes readable).
 * max never drops below min, so a tiny venue can still be shown whole.
 */
export function zoomLimits(fitScale: number, typicalSeatSize: number): ZoomLimits {
  const min = fitScale * 0.5;
  const max = MAX_ZOOM_SEAT_PX / Math.max(typicalSeatSize, 1e-9);
  return { min, max: Math.max(min, max) };
}

export function clampScale(scale: number, limits: ZoomLimits): number {
  return scale < limits.min ? limits.min : scale > limits.max ? limits.max : scale;
}

/**
 * Zoom to `newScale` (clamped) keeping the plan point under screen point
 * (sx, sy) where it is — the wheel/pinch behaviour users expect.
 */
export function zoomTo(cam: Camera, newScale: number, sx: number, sy: number, limits: ZoomLimits): Camera {
  const scale = clampScale(newScale, limits);
  const anchor = screenToPlan(cam, sx, sy);
  const moved: Camera = { ...cam, scale, x: 0, y: 0 };
  const at = planToScreen(moved, anchor.x, anchor.y);
  return { ...moved, x: sx - at.x, y: sy - at.y };
}

/** Multiply the scale by `factor` about screen point (sx, sy). */
export function zoomAbout(cam: Camera, factor: number, sx: number, sy: number, limits: ZoomLimits): Camera {
  return zoomTo(cam, cam.scale * factor, sx, sy, limits);
}

export function panBy(cam: Camera, dx: number, dy: number): Camera {
  return { ...cam, x: cam.x + dx, y: cam.y + dy };
}

/** The plan-space axis-aligned rectangle the viewport shows (all four corners mapped back, so rotation-safe). */
export function visiblePlanRect(cam: Camera, marginPx = 0): Bounds {
  const inv = invert(cameraMatrix(cam));
  const x0 = -marginPx;
  const y0 = -marginPx;
  const x1 = cam.viewportWidth + marginPx;
  const y1 = cam.viewportHeight + marginPx;
  const corners = [apply(inv, x0, y0), apply(inv, x1, y0), apply(inv, x1, y1), apply(inv, x0, y1)];
  return {
    minX: Math.min(...corners.map((p) => p.x)),
    minY: Math.min(...corners.map((p) => p.y)),
    maxX: Math.max(...corners.map((p) => p.x)),
    maxY: Math.max(...corners.map((p) => p.y)),
  };
}

/**
 * Indices of sections whose bounds touch the viewport (plus `marginPx` of
 * slack so seats do not pop in at the edge while panning). Accepts SectionInfo[]
 * or bare Bounds[].
 */
export function visibleSections(
  cam: Camera,
  sectionBounds: readonly (Bounds | { bounds: Bounds })[],
  marginPx = 0,
): number[] {
  const v = visiblePlanRect(cam, marginPx);
  const out: number[] = [];
  for (let s = 0; s < sectionBounds.length; s++) {
    const item = sectionBounds[s]!;
    const b = 'bounds' in item ? item.bounds : item;
    if (b.minX <= v.maxX && v.minX <= b.maxX && b.minY <= v.maxY && v.minY <= b.maxY) out.push(s);
  }
  return out;
}

/**
 * How much seat detail to draw at `scale` for seats `seatSize` plan units big
 * (seat size on screen = scale × seatSize): 'dot' below 4 px, 'label' from 18 px,
 * 'seat' in between. Passing the `previous` level adds a 10% hysteresis band so
 * a zoom hovering at a threshold does not flicker between levels.
 */
export function levelOfDetail(scale: number, seatSize: number, previous?: LevelOfDetail): LevelOfDetail {
  const px = scale * seatSize;
  let dotMax = DOT_MAX_PX;
  let labelMin = LABEL_MIN_PX;
  if (previous === 'dot') dotMax *= 1 + LOD_HYSTERESIS;
  if (previous === 'seat') {
    dotMax *= 1 - LOD_HYSTERESIS;
    labelMin *= 1 + LOD_HYSTERESIS;
  }
  if (previous === 'label') labelMin *= 1 - LOD_HYSTERESIS;
  if (px < dotMax) return 'dot';
  if (px >= labelMin) return 'label';
  return 'seat';
}

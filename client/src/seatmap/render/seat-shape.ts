/**
 * The storefront's seat, as one function every seat drawer calls (the buyers' map in painter.ts, the back office's
 * seat-plan designer): what staff draw is what buyers see. Each call adds one seat to the CURRENT path, so a caller
 * fills many seats of one colour with one fill call and never makes an object per seat.
 *
 * Coordinates are whatever frame the caller has set (the storefront draws in a section's local frame, the designer in
 * plan units); `rotationDeg` turns the seat about its centre in that frame.
 */
type Ctx = CanvasRenderingContext2D;

const DEG = Math.PI / 180;

/** How a seat is drawn at a size on screen (device px): a dot under 3 px, a plain box under 7 px, else rounded. */
export type SeatDetail = 'dot' | 'box' | 'round';

export function seatDetail(seatPx: number): SeatDetail {
  return seatPx < 3 ? 'dot' : seatPx < 7 ? 'box' : 'round';
}

/**
 * A seat centred at (x, y), half-width hw, half-height hh: a rounded rectangle (`round`) or a plain one; a turned seat
 * is its four corners.
 */
export function addSeatShape(
  ctx: Ctx,
  x: number,
  y: number,
  hw: number,
  hh: number,
  rotationDeg: number,
  round: boolean,
): void {
  if (rotationDeg === 0) {
    if (round) {
      const r = Math.min(hw, hh) * 0.45;
      ctx.moveTo(x - hw + r, y - hh);
      ctx.arcTo(x + hw, y - hh, x + hw, y + hh, r);
      ctx.arcTo(x + hw, y + hh, x - hw, y + hh, r);
      ctx.arcTo(x - hw, y + hh, x - hw, y - hh, r);
      ctx.arcTo(x - hw, y - hh, x + hw, y - hh, r);
      ctx.closePath();
    } else ctx.rect(x - hw, y - hh, hw * 2, hh * 2);
    return;
  }
  const c = Math.cos(rotationDeg * DEG);
  const n = Math.sin(rotationDeg * DEG);
  const ax = c * hw;
  const ay = n * hw;
  const bx = -n * hh;
  const by = c * hh;
  ctx.moveTo(x - ax - bx, y - ay - by);
  ctx.lineTo(x + ax - bx, y + ay - by);
  ctx.lineTo(x + ax + bx, y + ay + by);
  ctx.lineTo(x - ax + bx, y - ay + by);
  ctx.closePath();
}

/** A seat far zoomed out: an upright box never thinner than `minHalf` each side (about a device pixel), so it shows. */
export function addSeatDot(ctx: Ctx, x: number, y: number, hw: number, hh: number, minHalf: number): void {
  const w = Math.max(hw, minHalf);
  const h = Math.max(hh, minHalf);
  ctx.rect(x - w, y - h, w * 2, h * 2);
}

/** Half the smallest visible seat side at `px` device pixels per unit (the dot's least size). */
export const dotMinHalf = (px: number): number => 0.55 / px;

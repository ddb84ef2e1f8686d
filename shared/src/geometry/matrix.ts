/**
 * 2D affine matrices in the canvas/Konva layout [a, b, c, d, e, f]:
 *
 *   x' = a·x + c·y + e
 *   y' = b·x + d·y + f
 *
 * Why this layout: it is exactly what CanvasRenderingContext2D.setTransform and
 * Konva.Transform use, so a matrix computed here can be handed to the renderer
 * without reshuffling. Matrices are plain readonly tuples (no class) so they
 * serialise, compare and cross the server/client boundary trivially.
 *
 * Angles are in DEGREES (the seat plan stores degrees) and positive angles turn
 * clockwise on screen, because plan and screen y point down (same as Konva's
 * `rotation`).
 */
export type Affine = readonly [a: number, b: number, c: number, d: number, e: number, f: number];

export interface Point {
  x: number;
  y: number;
}

export const IDENTITY: Affine = [1, 0, 0, 1, 0, 0];

export function degToRad(deg: number): number {
  return (deg * Math.PI) / 180;
}

export function translation(tx: number, ty: number): Affine {
  return [1, 0, 0, 1, tx, ty];
}

export function scaling(sx: number, sy: number = sx): Affine {
  return [sx, 0, 0, sy, 0, 0];
}

/** Rotation about the origin by `deg` degrees (clockwise on a y-down screen). */
export function rotation(deg: number): Affine {
  // Exact values for quarter turns: sin(pi) is 1.2e-16, not 0, and seats on a
  // 90°-rotated section should land on exact coordinates.
  const r = ((deg % 360) + 360) % 360;
  if (r === 0) return IDENTITY;
  if (r === 90) return [0, 1, -1, 0, 0, 0];
  if (r === 180) return [-1, 0, -0, -1, 0, 0];
  if (r === 270) return [0, -1, 1, 0, 0, 0];
  const rad = degToRad(deg);
  const cos = Math.cos(rad);
  const sin = Math.sin(rad);
  return [cos, sin, -sin, cos, 0, 0];
}

/** Rotation by `deg` about the point (cx, cy). */
export function rotationAbout(deg: number, cx: number, cy: number): Affine {
  return compose(translation(cx, cy), rotation(deg), translation(-cx, -cy));
}

/** m · n: the matrix that applies `n` first, then `m`. */
export function multiply(m: Affine, n: Affine): Affine {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}

/**
 * Product in written (mathematical) order: compose(A, B, C) = A·B·C, which
 * applies C first and A last — the order you write a transform chain such as
 * translate(centre) · rotate · translate(-centre).
 */
export function compose(...ms: Affine[]): Affine {
  let out: Affine = IDENTITY;
  for (const m of ms) out = multiply(out, m);
  return out;
}

export function determinant(m: Affine): number {
  return m[0] * m[3] - m[1] * m[2];
}

/** Inverse matrix; throws on a singular matrix (e.g. a zero scale), which is always a caller bug. */
export function invert(m: Affine): Affine {
  const det = determinant(m);
  if (det === 0 || !Number.isFinite(det)) throw new RangeError('invert: matrix is singular');
  const [a, b, c, d, e, f] = m;
  return [d / det, -b / det, -c / det, a / det, (c * f - d * e) / det, (b * e - a * f) / det];
}

export function apply(m: Affine, x: number, y: number): Point {
  return { x: m[0] * x + m[2] * y + m[4], y: m[1] * x + m[3] * y + m[5] };
}

/** Allocation-free variant of `apply` for hot loops: writes into `out` and returns it. */
export function applyInto<P extends Point>(m: Affine, x: number, y: number, out: P): P {
  out.x = m[0] * x + m[2] * y + m[4];
  out.y = m[1] * x + m[3] * y + m[5];
  return out;
}

/** Applies only the linear part (no translation): for vectors such as sizes and offsets. */
export function applyVector(m: Affine, x: number, y: number): Point {
  return { x: m[0] * x + m[2] * y, y: m[1] * x + m[3] * y };
}

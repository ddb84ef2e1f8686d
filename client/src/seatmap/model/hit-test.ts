import { invert } from '@hotline/shared';
import { hitSection, type SpatialIndex } from './spatial-index';
import type { SeatStore } from './seat-store';
import { cameraMatrix, screenToPlan, type Camera } from './viewport';

/**
 * Hit tests in screen coordinates, pure (no canvas, no Konva): invert the camera, then ask the spatial index for the
 * seat whose rotated rectangle contains the point, or, with a tolerance (touch), the nearest seat centre within that
 * many screen pixels. The inverse is computed once per camera value, so a hover or a benchmark loop allocates nothing.
 */
export class ScreenHitTester {
  private readonly inv = new Float64Array(6);
  private invFor: Camera | null = null;

  /** Plan point under screen point (sx, sy) into `out` (reused). */
  toPlan(cam: Camera, sx: number, sy: number, out: { x: number; y: number }): void {
    if (this.invFor !== cam) {
      const m = invert(cameraMatrix(cam));
      for (let k = 0; k < 6; k++) this.inv[k] = m[k]!;
      this.invFor = cam;
    }
    const v = this.inv;
    out.x = v[0]! * sx + v[2]! * sy + v[4]!;
    out.y = v[1]! * sx + v[3]! * sy + v[5]!;
  }

  private readonly p = { x: 0, y: 0 };

  /** The seat under screen point (sx, sy), or -1; with `tolerancePx` the nearest seat centre within it counts too. */
  seatAt(index: SpatialIndex, cam: Camera, sx: number, sy: number, tolerancePx = 0): number {
    this.toPlan(cam, sx, sy, this.p);
    const hit = index.hitTest(this.p.x, this.p.y);
    if (hit >= 0 || tolerancePx <= 0) return hit;
    return index.nearest(this.p.x, this.p.y, tolerancePx / cam.scale);
  }
}

/** The section (its outline, or its box) under screen point (sx, sy), or -1; the last drawn wins. */
export function sectionAtScreen(store: SeatStore, cam: Camera, sx: number, sy: number): number {
  const p = screenToPlan(cam, sx, sy);
  return hitSection(store, p.x, p.y);
}

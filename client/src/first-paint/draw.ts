import {
  ROW_SECTION,
  ROW_STATUS,
  ROW_X,
  ROW_Y,
  SeatStatus,
  type ApiSeatplan,
  type ApiTicketGroup,
  type ColumnarSeatplan,
} from '@hotline/shared';
import type { SeatStore } from '../seatmap/model/seat-store';
import { ROW_WIDTH } from '../seatmap/model/status-sync';
import type { Camera } from '../seatmap/model/viewport';
import { Paint, paintClass, type SeatPalette } from '../seatmap/render/palette';
import { buildScene } from '../seatmap/render/scene';

export interface Picture {
  store: SeatStore;
  plan: ApiSeatplan | ColumnarSeatplan;
  palette: SeatPalette;
  /** Fill per paint class (the map's, render/scene.ts). */
  colours: string[];
  /** Seat indices grouped by paint class: class c's seats are order[start[c] .. start[c + 1]). */
  order: Int32Array;
  start: Int32Array;
}

/**
 * What the picture paints, worked out once: each seat's paint class (the map's rule: render/palette.ts paintClass
 * from its status and its price zone) and the seats grouped by class, so a drawing is one path and one fill per
 * colour. `status`: the server's status per seat (seatStatuses); the store's own statuses are left to the map.
 */
export function paintPlan(
  store: SeatStore,
  plan: ApiSeatplan | ColumnarSeatplan,
  palette: SeatPalette,
  groups: readonly ApiTicketGroup[],
  status: Uint8Array,
): Picture {
  const scene = buildScene(store, plan, palette, zoneColours(plan, groups));
  const n = store.count;
  const cls = new Uint8Array(n);
  const start = new Int32Array(scene.colours.length + 1);
  for (let i = 0; i < n; i++) {
    const c = Math.min(paintClass(status[i]!, scene.zoneIndex[i]!), scene.colours.length - 1);
    cls[i] = c;
    start[c + 1]!++;
  }
  for (let c = 1; c < start.length; c++) start[c]! += start[c - 1]!;
  const order = new Int32Array(n);
  const next = start.slice();
  for (let i = 0; i < n; i++) order[next[cls[i]!]!++] = i;
  return { store, plan, palette, colours: scene.colours, order, start };
}

/**
 * The statuses answer (7 numbers a row) as one status per seat: a seat the answer does not list is available, as
 * for the map's StatusSync; places in standing areas are not drawn and are skipped.
 */
export function seatStatuses(store: SeatStore, rows: Int32Array): Uint8Array {
  const status = new Uint8Array(store.count).fill(SeatStatus.Available);
  for (let k = 0; k + ROW_WIDTH <= rows.length; k += ROW_WIDTH) {
    const s = store.sectionIndexById.get(rows[k + ROW_SECTION]!);
    if (s === undefined || !store.sections[s]!.isReserved) continue;
    const i = store.sectionLookup[s]!.get(rows[k + ROW_X]!, rows[k + ROW_Y]!);
    if (i >= 0) status[i] = rows[k + ROW_STATUS]!;
  }
  return status;
}

/** Price zone colours as the map takes them (managers/facts.ts zoneColours): the plan's, then the ticket group's. */
function zoneColours(plan: ApiSeatplan | ColumnarSeatplan, groups: readonly ApiTicketGroup[]): Map<number, string> {
  const out = new Map<number, string>();
  for (const z of plan.Zones) out.set(z.ZoneId, z.Color);
  const seen = new Set<number>();
  for (const g of groups) {
    if (seen.has(g.zoneId)) continue;
    seen.add(g.zoneId);
    if (g.color) out.set(g.zoneId, g.color);
  }
  return out;
}

/**
 * Draws the venue as the zoomed-out map shows it: the background, the section floors, the stage, and every seat as a
 * square of its size on screen (at least one device pixel) in its paint class's colour, taken seats smaller. One path
 * and one fill per colour; no labels, decor or glyphs (they are the map's, a moment later).
 */
export function drawPicture(canvas: HTMLCanvasElement, p: Picture, cam: Camera, dpr: number): void {
  const width = Math.max(1, Math.round(cam.viewportWidth * dpr));
  const height = Math.max(1, Math.round(cam.viewportHeight * dpr));
  if (canvas.width !== width) canvas.width = width;
  if (canvas.height !== height) canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const { store, palette, order, start } = p;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.fillStyle = palette.background;
  ctx.fillRect(0, 0, width, height);

  const k = cam.scale * dpr;
  const ox = cam.x * dpr;
  const oy = cam.y * dpr;
  ctx.setTransform(k, 0, 0, k, ox, oy);
  ctx.beginPath();
  for (const section of store.sections) {
    const [first, ...rest] = section.corners;
    if (!first) continue;
    ctx.moveTo(first.x, first.y);
    for (const c of rest) ctx.lineTo(c.x, c.y);
    ctx.closePath();
  }
  ctx.fillStyle = palette.sectionFill;
  ctx.fill();
  const stage = p.plan.Stage;
  if (stage && stage.width > 0 && stage.height > 0) {
    ctx.fillStyle = palette.stageFill;
    ctx.fillRect(stage.x, stage.y, stage.width, stage.height);
  }

  // Seats in device pixels, one path per paint class.
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  for (let c = 0; c + 1 < start.length; c++) {
    if (start[c] === start[c + 1]) continue;
    const available = c >= Paint.AvailableBase;
    ctx.beginPath();
    for (let o = start[c]!; o < start[c + 1]!; o++) {
      const i = order[o]!;
      const side = Math.max(1, 2 * Math.min(store.halfW[i]!, store.halfH[i]!) * k * (available ? 0.8 : 0.5));
      const sx = store.x[i]! * k + ox;
      const sy = store.y[i]! * k + oy;
      if (sx < -side || sy < -side || sx > width + side || sy > height + side) continue;
      ctx.rect(Math.round(sx - side / 2), Math.round(sy - side / 2), Math.ceil(side), Math.ceil(side));
    }
    ctx.fillStyle = p.colours[c] ?? palette.unavailable;
    ctx.fill();
  }
}

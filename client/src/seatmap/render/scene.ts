import type { ApiSeatplan } from '@hotline/shared';
import type { SeatStore } from '../model/seat-store';
import { glyphIdForMask } from './glyphs';
import { changePaintStatus, classColours, inkOn, paintClass, type SeatPalette, type ZoneInfo } from './palette';

/**
 * Everything the painters read, derived once from the store and the plan:
 * per-seat zone index, glyph id, own rotation and current paint class, per
 * section couch outlines. Only `cls` changes afterwards (status changes).
 */
export interface CouchOutline {
  /** Section-local rectangle around the couch's seats. */
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface SceneData {
  readonly store: SeatStore;
  readonly plan: Pick<ApiSeatplan, 'Stage' | 'Width' | 'Height' | 'Decor'>;
  palette: SeatPalette;
  /** Fill colour per paint class, and the ink (glyph/number colour) drawn on it. */
  colours: string[];
  inks: string[];
  readonly zoneIndex: Uint8Array;
  readonly glyphId: Int8Array;
  /** Seat rotation relative to its section (degrees); all zero in most plans. */
  readonly ownRotation: Float32Array;
  readonly hasOwnRotation: boolean;
  readonly sectionRotation: Float64Array;
  /** Current paint class per seat. */
  readonly cls: Uint8Array;
  /**
   * Changing an order (managers/change.ts): 1 where the ticket being moved may go, by the server's rule. Null in
   * every other mode. A free seat outside it is painted as "not for this change" (inset with a slash).
   */
  eligible: Uint8Array | null;
  readonly couches: CouchOutline[][];
  /** Seats with a glyph, per section (so glyph passes skip plain seats). */
  readonly glyphSeats: Int32Array[];
  /** Zone ids in zone-index order. */
  readonly zoneIds: number[];
  /** Zones that have seats, and every feature any seat has (legend). */
  readonly zonesWithSeats: ReadonlySet<number>;
  readonly featureUnion: number;
}

export function buildScene(
  store: SeatStore,
  plan: Pick<ApiSeatplan, 'Stage' | 'Width' | 'Height' | 'Zones' | 'Decor'> & {
    sections: readonly { RotateAngle: number }[];
  },
  palette: SeatPalette,
  zoneColours: ReadonlyMap<number, string>,
): SceneData {
  const n = store.count;
  const zoneIds = plan.Zones.map((z) => z.ZoneId);
  const indexOfZone = new Map(zoneIds.map((z, k) => [z, k]));
  const zoneIndex = new Uint8Array(n);
  const glyphId = new Int8Array(n).fill(-1);
  const ownRotation = new Float32Array(n);
  const cls = new Uint8Array(n);
  const sectionRotation = new Float64Array(store.sections.length);
  plan.sections.forEach((s, k) => {
    if (k < sectionRotation.length) sectionRotation[k] = s.RotateAngle || 0;
  });
  let hasOwnRotation = false;
  // One pass; zones come in long runs, so the last lookup is nearly always reused.
  const { ticketGroup, features, rotation, sectionIndex, status } = store;
  let lastZone = NaN;
  let lastIndex = 0;
  let featureUnion = 0;
  const zonesWithSeats = new Set<number>();
  for (let i = 0; i < n; i++) {
    const z = ticketGroup[i]!;
    if (z !== lastZone) {
      lastZone = z;
      zonesWithSeats.add(z);
      let k = indexOfZone.get(z);
      if (k === undefined) {
        // Seats may name zones the plan's list misses (bad data): give them indices too.
        k = zoneIds.length;
        zoneIds.push(z);
        indexOfZone.set(z, k);
      }
      lastIndex = k < 255 ? k : 255;
    }
    zoneIndex[i] = lastIndex;
    const mask = features[i]!;
    if (mask !== 0) {
      glyphId[i] = glyphIdForMask(mask);
      featureUnion |= mask;
    }
    const own = rotation[i]! - sectionRotation[sectionIndex[i]!]!;
    if (own !== 0) {
      ownRotation[i] = own;
      hasOwnRotation = true;
    }
    cls[i] = paintClass(status[i]!, lastIndex);
  }

  const couches: CouchOutline[][] = store.sections.map(() => []);
  const groups = store.togetherStart.length - 1;
  for (let g = 0; g < groups; g++) {
    const a = store.togetherStart[g]!;
    const b = store.togetherStart[g + 1]!;
    if (b - a < 2) continue;
    const s = store.sectionIndex[store.togetherSeats[a]!]!;
    let x0 = Infinity;
    let y0 = Infinity;
    let x1 = -Infinity;
    let y1 = -Infinity;
    for (let k = a; k < b; k++) {
      const i = store.togetherSeats[k]!;
      x0 = Math.min(x0, store.localX[i]! - store.halfW[i]!);
      x1 = Math.max(x1, store.localX[i]! + store.halfW[i]!);
      y0 = Math.min(y0, store.localY[i]! - store.halfH[i]!);
      y1 = Math.max(y1, store.localY[i]! + store.halfH[i]!);
    }
    couches[s]!.push({ x: x0, y: y0, w: x1 - x0, h: y1 - y0 });
  }

  const glyphSeats = store.sections.map((sec) => {
    const list: number[] = [];
    for (let i = sec.seatStart; i < sec.seatEnd; i++) if (glyphId[i]! >= 0) list.push(i);
    return Int32Array.from(list);
  });

  const scene: SceneData = {
    store,
    plan,
    palette,
    colours: [],
    inks: [],
    zoneIndex,
    glyphId,
    ownRotation,
    hasOwnRotation,
    sectionRotation,
    cls,
    eligible: null,
    couches,
    glyphSeats,
    zoneIds,
    zonesWithSeats,
    featureUnion: featureUnion >>> 0,
  };
  setScenePalette(scene, palette, zoneColours);
  return scene;
}

/** (Re)computes the colour tables, e.g. after the ticket groups (and their colours) arrive. */
export function setScenePalette(
  scene: SceneData,
  palette: SeatPalette,
  zoneColours: ReadonlyMap<number, string>,
): void {
  const zones: ZoneInfo[] = scene.zoneIds.map((zoneId) => ({ zoneId, colour: zoneColours.get(zoneId) ?? '' }));
  scene.palette = palette;
  scene.colours = classColours(palette, zones);
  scene.inks = scene.colours.map((c) => inkOn(c));
}

/** Recomputes seat i's paint class from its status; true when it changed. */
export function refreshClass(scene: SceneData, i: number): boolean {
  const status = scene.store.status[i]!;
  const c = paintClass(
    scene.eligible ? changePaintStatus(status, scene.eligible[i] === 1) : status,
    scene.zoneIndex[i]!,
  );
  if (scene.cls[i] === c) return false;
  scene.cls[i] = c;
  return true;
}

import { SEAT_FEATURE_CODES as F } from '@hotline/shared';
import { featureBit } from '../model/features';

/**
 * Feature glyphs: small pictograms drawn inside seats so that a feature never
 * hides behind colour alone (wheelchair space, companion seat, limited view…).
 *
 * Each glyph is ONE SVG path in a 24×24 box. The same string feeds the canvas
 * (Path2D accepts SVG path data) and the legend/card (<svg><path d=…/>), so the
 * map and its key can never drift apart.
 */
export type GlyphName =
  | 'wheelchair'
  | 'companion'
  | 'limitedView'
  | 'premium'
  | 'kids'
  | 'heated'
  | 'boat'
  | 'table'
  | 'bed'
  | 'couch'
  | 'barStool'
  | 'woodenChair'
  | 'longSeat'
  | 'check'
  | 'slash'
  | 'person';

export const GLYPH_PATHS: Record<GlyphName, string> = {
  // Head, back and seat, and a big wheel.
  wheelchair:
    'M11 2.5a2.2 2.2 0 1 1 0 4.4a2.2 2.2 0 1 1 0-4.4Z M9.2 8h3.2v4.3h5l2.6 6.2l1.6-0.7l0.9 2.1l-3.6 1.5l-2.7-6.1h-6a1 1 0 0 1-1-1Z M7.6 11.2v2.4a4.6 4.6 0 1 0 6.9 4.6h2.3a6.9 6.9 0 1 1-9.2-7Z',
  // Two people side by side.
  companion:
    'M7.5 4a2.6 2.6 0 1 1 0 5.2a2.6 2.6 0 1 1 0-5.2Z M16.5 4a2.6 2.6 0 1 1 0 5.2a2.6 2.6 0 1 1 0-5.2Z M2.5 20v-4.6a4 4 0 0 1 4-4h2a4 4 0 0 1 4 4V20Z M11.5 20v-4.6a4 4 0 0 1 4-4h2a4 4 0 0 1 4 4V20Z',
  // An eye, struck through.
  limitedView:
    'M12 5.5c4.6 0 8.3 3.3 10 6.5c-1.7 3.2-5.4 6.5-10 6.5S3.7 15.2 2 12c1.7-3.2 5.4-6.5 10-6.5Z M12 8.6a3.4 3.4 0 1 0 0 6.8a3.4 3.4 0 1 0 0-6.8Z M3.4 2.2l18.4 18.4l-1.6 1.6L1.8 3.8Z',
  // Five-pointed star.
  premium: 'M12 1.8l3.1 6.6l7.2 0.9l-5.3 5l1.3 7.1L12 17.9l-6.3 3.5l1.3-7.1l-5.3-5l7.2-0.9Z',
  // A child: big head, small body.
  kids: 'M12 2.5a4 4 0 1 1 0 8a4 4 0 1 1 0-8Z M6.5 21.5l1.6-7.6a2 2 0 0 1 2-1.6h3.8a2 2 0 0 1 2 1.6l1.6 7.6Z',
  // Three heat waves.
  heated:
    'M5 21c-2-3 2-5 0-8s2-5 0-8h2.2c2 3-2 5 0 8s-2 5 0 8Z M10.9 21c-2-3 2-5 0-8s2-5 0-8h2.2c2 3-2 5 0 8s-2 5 0 8Z M16.8 21c-2-3 2-5 0-8s2-5 0-8H19c2 3-2 5 0 8s-2 5 0 8Z',
  // Hull and sail.
  boat: 'M11 2v11.5H4.5L11 2Z M13 4.5l6.5 9H13Z M2 15.5h20l-3.2 5.5H5.2Z',
  // Table top on one leg.
  table: 'M2 6h20v3.6H2Z M10.2 9.6h3.6v8.4h4v3H6.2v-3h4Z',
  // Bed with pillow.
  bed: 'M2 6h2.6v6.2h17.4V20h-2.6v-2.6H4.6V20H2Z M6 8.2h5.2v3.2H6Z M12.4 8.6h7.2a2.4 2.4 0 0 1 2.4 2.4v0.4h-9.6Z',
  // Two seat cushions under one back.
  couch: 'M3 6h18v6H3Z M1 11h4v4h14v-4h4v8h-2v2h-2.6v-2H5.6v2H3v-2H1Z',
  // Round seat on a tall leg.
  barStool: 'M4 3h16v4H4Z M10.5 7h3v10h4.5v3H6v-3h4.5Z',
  // Chair with a back.
  woodenChair: 'M6 2h3v9h9v3h-1.5v8h-3v-5H8v5H5V13.8L6 11Z',
  // One long bench.
  longSeat: 'M1.5 8h21v5.5h-21Z M3 14.5h3v5H3Z M18 14.5h3v5h-3Z',
  // Selected: a bold check.
  check: 'M9.2 16.6L4.4 11.8l-2.3 2.3l7.1 7.1L22 8.4l-2.3-2.3Z',
  // Single-seat blocking mark (drawn as a stroke-like bar).
  slash: 'M4.6 2.2L21.8 19.4l-2.4 2.4L2.2 4.6Z',
  // Changing an order: the buyer's own seat (a head and shoulders).
  person: 'M12 2.2a4.6 4.6 0 1 1 0 9.2a4.6 4.6 0 1 1 0-9.2Z M3 21.8c0-5 4-8.6 9-8.6s9 3.6 9 8.6Z',
};

/** Feature -> glyph, most important first: a seat shows the first one it has. */
export const FEATURE_GLYPHS: readonly { code: number; glyph: GlyphName }[] = [
  { code: F.isHandicap, glyph: 'wheelchair' },
  { code: F.isCompanion, glyph: 'companion' },
  { code: F.isLimitedView, glyph: 'limitedView' },
  { code: F.isPremium, glyph: 'premium' },
  { code: F.isKidsSeat, glyph: 'kids' },
  { code: F.isHeated, glyph: 'heated' },
  { code: F.isBoatSeat, glyph: 'boat' },
  { code: F.isPaddleBoatSeat, glyph: 'boat' },
  { code: F.isPedalBoatSeat, glyph: 'boat' },
  { code: F.isTableSeat, glyph: 'table' },
  { code: F.isBedSeat, glyph: 'bed' },
  { code: F.isCouch, glyph: 'couch' },
  { code: F.isBarStool, glyph: 'barStool' },
  { code: F.isWoodenChair, glyph: 'woodenChair' },
  { code: F.isLongSeat, glyph: 'longSeat' },
];

const GLYPH_LIST: readonly GlyphName[] = [...new Set(FEATURE_GLYPHS.map((g) => g.glyph))];
const MASKED = FEATURE_GLYPHS.map((g) => ({ bit: featureBit(g.code), index: GLYPH_LIST.indexOf(g.glyph) }));

/** Glyphs that features can map to, in priority order (index = glyph id). */
export function glyphList(): readonly GlyphName[] {
  return GLYPH_LIST;
}

/**
 * The glyph id (index into glyphList()) a seat with feature mask `mask` shows,
 * or -1. Couch seats show no glyph on the map (the couch outline says it);
 * pass `couchGlyph` true to get it anyway (legend, card).
 */
export function glyphIdForMask(mask: number, couchGlyph = false): number {
  if (mask === 0) return -1;
  for (const m of MASKED) {
    if ((mask & m.bit) === 0) continue;
    if (!couchGlyph && GLYPH_LIST[m.index] === 'couch') continue;
    return m.index;
  }
  return -1;
}

/** The glyph for one feature code, or null (left/middle/right seats have none). */
export function glyphForFeature(code: number): GlyphName | null {
  return FEATURE_GLYPHS.find((g) => g.code === code)?.glyph ?? null;
}

let cache: Map<GlyphName, Path2D> | null = null;

/** Path2D per glyph, built once (browser only). */
export function glyphPath(name: GlyphName): Path2D {
  if (!cache) cache = new Map();
  let p = cache.get(name);
  if (!p) {
    p = new Path2D(GLYPH_PATHS[name]);
    cache.set(name, p);
  }
  return p;
}

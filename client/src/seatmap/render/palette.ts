import { SeatStatus } from '@hotline/shared';

/**
 * Seat colours. Two layouts exist (storefront-spec.md section 2: "default" and
 * "legacy"), each with its own seat-map palette; the layout is a setting
 * (see layoutSetting()).
 *
 * Colour is never the only cue: every status also differs in SHAPE (see
 * painter.ts): available seats are full-size, unavailable seats are drawn
 * inset, single-seat-blocked seats (policy 3, status 7) inset with a slash,
 * selected seats carry a check mark and a ring, and seats with features carry
 * a glyph. The palette only decides colours.
 */
export type LayoutName = 'default' | 'legacy';

export interface SeatPalette {
  readonly layout: LayoutName;
  /** Map background (behind everything). */
  readonly background: string;
  /** Reserved-section floor, and its border. */
  readonly sectionFill: string;
  readonly sectionStroke: string;
  readonly sectionLabel: string;
  readonly labelHalo: string;
  readonly rowLabel: string;
  readonly stageFill: string;
  readonly stageText: string;
  readonly unknown: string;
  readonly unavailable: string;
  /** Status 7 (policy 3): unavailable, with a distinct mark. */
  readonly blocked: string;
  readonly blockedMark: string;
  readonly onHold: string;
  readonly selected: string;
  readonly selectedMark: string;
  readonly selectedRing: string;
  readonly hoverRing: string;
  /** Changing an order: the order's own seats (filled, a person mark, a ring). */
  readonly yours: string;
  readonly yoursMark: string;
  readonly yoursRing: string;
  /** Ring around seats the buyer's filter points out (accessible seats, a price cap). */
  readonly highlightRing: string;
  /** Keyboard focus: two rings (light + dark) so it shows on any colour. */
  readonly focusOuter: string;
  readonly focusInner: string;
  /** Seats someone else just took. */
  readonly flash: string;
  readonly couchStroke: string;
  /** Colours for price zones, in zone order, when the ticket group has none (or the layout ignores them). */
  readonly zoneFallbacks: readonly string[];
  /** Whether zone colours come from the ticket groups (default) or from zoneFallbacks (legacy). */
  readonly useGroupColours: boolean;
}

export const DEFAULT_PALETTE: SeatPalette = {
  layout: 'default',
  background: '#f7f8fb',
  sectionFill: '#eceff5',
  sectionStroke: '#c5ccd8',
  sectionLabel: '#1d2433',
  labelHalo: 'rgba(255,255,255,0.92)',
  rowLabel: '#4a5365',
  stageFill: '#1d2a44',
  stageText: '#ffffff',
  unknown: '#dde2ea',
  unavailable: '#c3c9d3',
  blocked: '#c3c9d3',
  blockedMark: '#5b6475',
  onHold: '#b7791f',
  selected: '#0e2340',
  selectedMark: '#ffffff',
  selectedRing: '#ffb020',
  hoverRing: '#0e2340',
  yours: '#0f766e',
  yoursMark: '#ffffff',
  yoursRing: '#0e2340',
  highlightRing: '#7b2cbf',
  focusOuter: '#ffffff',
  focusInner: '#c2410c',
  flash: '#ef4444',
  couchStroke: '#8a95a8',
  zoneFallbacks: ['#2563eb', '#7c3aed', '#059669', '#c2410c', '#db2777', '#0891b2', '#65a30d', '#9333ea'],
  useGroupColours: true,
};

export const LEGACY_PALETTE: SeatPalette = {
  layout: 'legacy',
  background: '#ffffff',
  sectionFill: '#f1f1f1',
  sectionStroke: '#9e9e9e',
  sectionLabel: '#212121',
  labelHalo: 'rgba(255,255,255,0.9)',
  rowLabel: '#424242',
  stageFill: '#424242',
  stageText: '#ffffff',
  unknown: '#e0e0e0',
  unavailable: '#9e9e9e',
  blocked: '#9e9e9e',
  blockedMark: '#212121',
  onHold: '#8d6e63',
  selected: '#ffd600',
  selectedMark: '#212121',
  selectedRing: '#212121',
  hoverRing: '#212121',
  yours: '#00695c',
  yoursMark: '#ffffff',
  yoursRing: '#212121',
  highlightRing: '#d6008f',
  focusOuter: '#ffffff',
  focusInner: '#d50000',
  flash: '#d50000',
  couchStroke: '#757575',
  zoneFallbacks: ['#2e7d32', '#1565c0', '#ef6c00', '#6a1b9a', '#00838f', '#4e342e', '#ad1457', '#558b2f'],
  useGroupColours: false,
};

export function paletteFor(layout: LayoutName): SeatPalette {
  return layout === 'legacy' ? LEGACY_PALETTE : DEFAULT_PALETTE;
}

/**
 * The layout setting: ?layout=legacy|default wins, then the host page's
 * window.__HOTLINE_CONFIG__.layout, else 'default'.
 */
export function layoutSetting(search: string, config: unknown): LayoutName {
  const param = new URLSearchParams(search).get('layout');
  if (param === 'legacy' || param === 'default') return param;
  const fromConfig = config && typeof config === 'object' ? (config as { layout?: unknown }).layout : undefined;
  return fromConfig === 'legacy' ? 'legacy' : 'default';
}

/* ---------------------------------------------------------------- paint classes */

/**
 * What the static seat layer draws a seat as. Selection is NOT a paint class:
 * selected seats are drawn on the overlay layer, so selecting never
 * invalidates a section's cached bitmap.
 */
export const Paint = {
  Unknown: 0,
  Unavailable: 1,
  Blocked: 2,
  OnHold: 3,
  AvailableBase: 4,
} as const;

/** Upper bound on paint classes (SeatBatches' maxClasses). */
export const MAX_PAINT_CLASSES = 64;

/** Paint class from a status code and the seat's zone index (dense, 0-based). */
export function paintClass(status: number, zoneIndex: number): number {
  switch (status) {
    case SeatStatus.Available:
      return Math.min(Paint.AvailableBase + Math.max(0, zoneIndex), MAX_PAINT_CLASSES - 1);
    case SeatStatus.OnHold:
      return Paint.OnHold;
    case SeatStatus.SingleSeatBlocked:
      return Paint.Blocked;
    case 0:
      return Paint.Unknown;
    default:
      // 2 (ours: the overlay draws it), 4 sold, 5 locked by someone, 6 blocked, anything else.
      return Paint.Unavailable;
  }
}

/**
 * Changing an order: the status a seat is painted with. A swap ignores the single-seat rules (docs/order-changes.md),
 * so a free seat the ticket may move to is available even where the room says "blocked single" (7); a free seat it
 * may not move to is painted with the blocked look (inset, slash), which in this mode means "not for this change"
 * (the legend says so). Taken seats stay taken.
 */
export function changePaintStatus(status: number, eligible: boolean): number {
  if (status !== SeatStatus.Available && status !== SeatStatus.SingleSeatBlocked) return status;
  return eligible ? SeatStatus.Available : SeatStatus.SingleSeatBlocked;
}

export function isAvailableClass(cls: number): boolean {
  return cls >= Paint.AvailableBase;
}

/** The seat is drawn inset (smaller): the shape cue for "you cannot take this". */
export function isInsetClass(cls: number): boolean {
  return cls === Paint.Unavailable || cls === Paint.Blocked;
}

/* ---------------------------------------------------------------- colour maths */

function parseHex(hex: string): [number, number, number] | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  let h = m[1]!;
  if (h.length === 3)
    h = h
      .split('')
      .map((c) => c + c)
      .join('');
  return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
}

function toHex(rgb: readonly number[]): string {
  return `#${rgb
    .map((v) =>
      Math.round(Math.max(0, Math.min(255, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** WCAG relative luminance of a #rrggbb colour (0 black .. 1 white). */
export function relativeLuminance(hex: string): number {
  const rgb = parseHex(hex);
  if (!rgb) return 0;
  const lin = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * lin[0]! + 0.7152 * lin[1]! + 0.0722 * lin[2]!;
}

export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/**
 * A zone colour usable as a seat fill: it must stand out from the map
 * background (WCAG 1.4.11 asks 3:1 for graphics) and from the grey of
 * unavailable seats, so light colours are darkened step by step until they do.
 */
export function seatFill(colour: string, palette: SeatPalette): string {
  let rgb = parseHex(colour);
  if (!rgb) return palette.zoneFallbacks[0]!;
  for (let k = 0; k < 12; k++) {
    const hex = toHex(rgb);
    if (contrastRatio(hex, palette.background) >= 3 && contrastRatio(hex, palette.unavailable) >= 1.6) return hex;
    rgb = [rgb[0] * 0.88, rgb[1] * 0.88, rgb[2] * 0.88];
  }
  return toHex(rgb);
}

/** Text/glyph colour on top of a fill: white or near-black, whichever contrasts more. */
export function inkOn(fill: string): string {
  return contrastRatio(fill, '#ffffff') >= contrastRatio(fill, '#111827') ? '#ffffff' : '#111827';
}

export interface ZoneInfo {
  zoneId: number;
  colour: string;
}

/**
 * Fill colour per paint class, for the zones of a plan in the order given
 * (that order defines each zone's index). Index = paint class.
 */
export function classColours(palette: SeatPalette, zones: readonly ZoneInfo[]): string[] {
  const out: string[] = [];
  out[Paint.Unknown] = palette.unknown;
  out[Paint.Unavailable] = palette.unavailable;
  out[Paint.Blocked] = palette.blocked;
  out[Paint.OnHold] = palette.onHold;
  for (let z = 0; Paint.AvailableBase + z < MAX_PAINT_CLASSES; z++) {
    const zone = zones[z];
    const fallback = palette.zoneFallbacks[z % palette.zoneFallbacks.length]!;
    const raw = zone && palette.useGroupColours && zone.colour ? zone.colour : fallback;
    out[Paint.AvailableBase + z] = seatFill(raw, palette);
    if (!zone && z >= palette.zoneFallbacks.length) break;
  }
  return out;
}

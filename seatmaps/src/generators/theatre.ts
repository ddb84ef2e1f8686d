/**
 * Theatre (~1,200 seats), a proscenium house:
 * - Stalls ('קומת קרקע'): 22 fanned rows on arcs around a point behind the stage,
 *   split by two aisles into left / centre / right blocks; every seat is turned
 *   to face the stage (per-seat rotate). Premium seats (13) in the centre block, rows 4-10.
 * - Balcony ('יציע'): 8 fanned rows behind the stalls, split by a centre aisle.
 * - Two side boxes ('תא צד ימין' / 'תא צד שמאל'), rotated -30 / +30 degrees.
 * Zones: A (centre stalls rows 1-12, boxes), B (other stalls), C (balcony).
 */
import { SEAT_FEATURE_CODES as F } from '@hotline/shared';
import { VENUE_FORMAT_VERSION, VENUE_SCHEMA_REF, type VenueDocument, type VenueSection } from '../format';
import {
  annularSectorOutline,
  boxCentredAt,
  boxInPlace,
  draftStandRows,
  reservedSection,
  type DraftGroup,
  type DraftSeat,
} from './layout';

const PLAN = { width: 3600, height: 2550 };
/** Centre of the arcs the stalls and balcony rows sit on (behind the stage front). */
const FAN_CENTRE = { x: PLAN.width / 2, y: 140 };
const STAGE = { x: PLAN.width / 2 - 350, y: 40, width: 700, height: 220 };
const SEAT = { w: 42, h: 40, pitch: 50, rowPitch: 60 };
const AISLE = 50;
const DEG = Math.PI / 180;

export const THEATRE_LAYOUT = {
  stalls: { rows: 22, firstRadius: 320, blocks: [-55, -18, 18, 55] },
  balcony: { rows: 8, firstRadius: 1800, blocks: [-36, 0, 36] },
  boxes: { rows: 4, seatsPerRow: 10, rotate: 30 },
} as const;

type BlockSeatProps = (ctx: {
  row: number;
  block: number;
  blocks: number;
  indexInBlock: number;
  countInBlock: number;
}) => Pick<DraftSeat, 'zone' | 'features'>;

/**
 * Rows on concentric arcs. `edges` are block boundaries in degrees from straight
 * down (positive towards +x); between two blocks is an aisle of AISLE plan units.
 */
function fannedGroups(
  rows: number,
  firstRadius: number,
  edges: readonly number[],
  groupMeta: { code: string; name: string }[],
  seatProps: BlockSeatProps,
): DraftGroup[] {
  const blocks = edges.length - 1;
  const groups: DraftGroup[] = groupMeta.map((g) => ({ ...g, rows: [] }));
  for (let k = 0; k < rows; k++) {
    const row = k + 1;
    const r = firstRadius + k * SEAT.rowPitch;
    let column = 0;
    for (let b = 0; b < blocks; b++) {
      const from = edges[b]!;
      const to = edges[b + 1]!;
      const trimFrom = b > 0 ? AISLE / 2 : 0;
      const trimTo = b < blocks - 1 ? AISLE / 2 : 0;
      const usable = (to - from) * DEG * r - trimFrom - trimTo;
      const n = Math.max(1, Math.floor(usable / SEAT.pitch));
      const mid = (from * DEG * r + trimFrom + (to * DEG * r - trimTo)) / 2 / r; // radians
      const seats: DraftSeat[] = [];
      for (let i = 0; i < n; i++) {
        const phi = mid + ((i - (n - 1) / 2) * SEAT.pitch) / r;
        column++;
        seats.push({
          x: column,
          y: row,
          name: String(column),
          cx: FAN_CENTRE.x + r * Math.sin(phi),
          cy: FAN_CENTRE.y + r * Math.cos(phi),
          w: SEAT.w,
          h: SEAT.h,
          rotate: -phi / DEG, // face the fan centre
          ...seatProps({ row, block: b, blocks, indexInBlock: i, countInBlock: n }),
        });
      }
      groups[b]!.rows.push({ name: String(row), seats });
    }
  }
  return groups;
}

function stalls(): VenueSection {
  const { rows, firstRadius, blocks } = THEATRE_LAYOUT.stalls;
  const groups = fannedGroups(
    rows,
    firstRadius,
    blocks,
    [
      { code: 'left', name: 'אגף שמאל' },
      { code: 'centre', name: 'מרכז' },
      { code: 'right', name: 'אגף ימין' },
    ],
    ({ row, block, indexInBlock, countInBlock }) => {
      const centre = block === 1;
      const features: number[] = [];
      if (centre && row >= 4 && row <= 10) features.push(F.isPremium);
      const outerEdge = (block === 0 && indexInBlock === 0) || (block === 2 && indexInBlock === countInBlock - 1);
      if (!centre && row <= 3 && outerEdge) features.push(F.isLimitedView);
      if (centre && row === rows) {
        // Wheelchair spaces at both aisle ends of the last row, companions beside them.
        if (indexInBlock === 0 || indexInBlock === countInBlock - 1) features.push(F.isHandicap);
        else if (indexInBlock === 1 || indexInBlock === countInBlock - 2) features.push(F.isCompanion);
      }
      return { zone: centre && row <= 12 ? 'A' : 'B', features };
    },
  );
  const lastRadius = firstRadius + (rows - 1) * SEAT.rowPitch;
  return reservedSection({
    code: 'stalls',
    name: { he: 'קומת קרקע', en: 'Stalls', ru: 'Партер', ar: 'الصالة' },
    groups,
    margin: 30,
    place: boxInPlace,
    outline: annularSectorOutline(
      FAN_CENTRE,
      firstRadius - 35,
      lastRadius + 35,
      blocks[0] - 2,
      blocks[blocks.length - 1]! + 2,
      16,
    ),
  });
}

function balcony(): VenueSection {
  const { rows, firstRadius, blocks } = THEATRE_LAYOUT.balcony;
  const groups = fannedGroups(
    rows,
    firstRadius,
    blocks,
    [
      { code: 'left', name: 'יציע שמאל' },
      { code: 'right', name: 'יציע ימין' },
    ],
    ({ block, indexInBlock, countInBlock }) => {
      const outerEdge = (block === 0 && indexInBlock === 0) || (block === 1 && indexInBlock === countInBlock - 1);
      return { zone: 'C', features: outerEdge ? [F.isLimitedView] : [] };
    },
  );
  const lastRadius = firstRadius + (rows - 1) * SEAT.rowPitch;
  return reservedSection({
    code: 'balcony',
    name: { he: 'יציע', en: 'Balcony', ru: 'Балкон', ar: 'الشرفة' },
    groups,
    margin: 30,
    place: boxInPlace,
    outline: annularSectorOutline(
      FAN_CENTRE,
      firstRadius - 35,
      lastRadius + 35,
      blocks[0] - 2,
      blocks[blocks.length - 1]! + 2,
      12,
    ),
  });
}

const BOX_ROW_NAMES = ['א', 'ב', 'ג', 'ד'];

function sideBox(side: 'left' | 'right'): VenueSection {
  const { rows, seatsPerRow, rotate } = THEATRE_LAYOUT.boxes;
  const drafted = draftStandRows(new Array<number>(rows).fill(seatsPerRow), SEAT, () => ({ zone: 'A' }));
  drafted.forEach((r, i) => (r.name = BOX_ROW_NAMES[i]!));
  const sign = side === 'left' ? -1 : 1;
  return reservedSection({
    code: `box-${side}`,
    name:
      side === 'left'
        ? { he: 'תא צד שמאל', en: 'Left side box', ru: 'Левая боковая ложа', ar: 'المقصورة الجانبية اليسرى' }
        : { he: 'תא צד ימין', en: 'Right side box', ru: 'Правая боковая ложа', ar: 'المقصورة الجانبية اليمنى' },
    groups: [{ code: 'box', name: 'תא', rows: drafted }],
    margin: 25,
    // Turned towards the stage: the left box clockwise, the right box anticlockwise.
    place: boxCentredAt({ x: FAN_CENTRE.x + sign * 1480, y: 520 }, -sign * rotate),
  });
}

export function generateTheatre(): VenueDocument {
  return {
    $schema: VENUE_SCHEMA_REF,
    formatVersion: VENUE_FORMAT_VERSION,
    code: 'theatre',
    name: { he: 'תיאטרון העיר', en: 'City Theatre', ru: 'Городской театр', ar: 'مسرح المدينة' },
    location: {
      code: 'city-theatre',
      name: {
        he: 'תיאטרון העיר, תל אביב',
        en: 'City Theatre, Tel Aviv',
        ru: 'Городской театр, Тель-Авив',
        ar: 'مسرح المدينة، تل أبيب',
      },
      businessId: 1,
    },
    seatplan: {
      code: 'main-hall',
      name: { he: 'האולם הגדול', en: 'Main Hall', ru: 'Большой зал', ar: 'القاعة الكبرى' },
      width: PLAN.width,
      height: PLAN.height,
      stage: { ...STAGE, label: { he: 'במה', en: 'Stage', ru: 'Сцена', ar: 'المسرح' } },
      focalPoint: { x: FAN_CENTRE.x, y: STAGE.y + STAGE.height },
    },
    zones: [
      { code: 'A', name: { he: 'אזור א׳', en: 'Zone A', ru: 'Зона A', ar: 'المنطقة أ' }, color: '#7C3AED' },
      { code: 'B', name: { he: 'אזור ב׳', en: 'Zone B', ru: 'Зона B', ar: 'المنطقة ب' }, color: '#2563EB' },
      { code: 'C', name: { he: 'אזור ג׳', en: 'Zone C', ru: 'Зона C', ar: 'المنطقة ج' }, color: '#059669' },
    ],
    sections: [stalls(), balcony(), sideBox('right'), sideBox('left')],
    // What buyers find their way by: the exits in the back corners and the sound desk behind the balcony.
    decor: {
      texts: [
        { x: 240, y: 2480, text: EXIT, fontSize: 64, rotate: 0 },
        { x: PLAN.width - 240, y: 2480, text: EXIT, fontSize: 64, rotate: 0 },
      ],
      shapes: [
        {
          kind: 'rect',
          points: [
            [FAN_CENTRE.x - 260, 2430],
            [FAN_CENTRE.x + 260, 2530],
          ],
          rotate: 0,
          fill: '#E5E7EB',
          stroke: '#6B7280',
          label: { he: 'עמדת סאונד', en: 'Sound desk', ru: 'Звукорежиссёр', ar: 'منصة الصوت' },
        },
      ],
    },
  };
}

const EXIT = { he: 'יציאה', en: 'Exit', ru: 'Выход', ar: 'مخرج' };

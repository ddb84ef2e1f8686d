/**
 * Arena (~20,000 places) in concert configuration: stage at the west end of the
 * floor, three general-admission floor sections, and two rings of rotated
 * reserved stands all around except behind the stage.
 * Zones: G (golden ring, GA), F (floor, GA), A (lower ring, stage half),
 * B (lower ring, far half), C (upper ring).
 */
import { SEAT_FEATURE_CODES as F } from '@hotline/shared';
import { VENUE_FORMAT_VERSION, VENUE_SCHEMA_REF, type VenueDocument } from '../format';
import { gaSection, r2 } from './layout';
import { ringDepth, ringSections, type RingGeometry } from './ring';

const SEAT = { pitch: 30, rowPitch: 34, w: 26, h: 28 };
const DEG = Math.PI / 180;
const { abs, cos } = Math;
/** Walkway between the lower and upper rings, and around the plan edge. */
const CONCOURSE = 80;
const PAD = 100;

export const ARENA_LAYOUT = {
  floor: [
    { code: 'floor-golden', capacity: 1000 },
    { code: 'floor-front', capacity: 1500 },
    { code: 'floor-rear', capacity: 2000 },
  ],
  lower: { a: 1700, b: 1150, slots: 24, rows: 20, stageGapDeg: 40 },
  upper: { slots: 30, rows: 26, stageGapDeg: 25 },
} as const;

/** Parameter angle within `within` degrees of the stage direction (west, 180°). */
function nearStage(thetaDeg: number, within: number): boolean {
  const d = abs(((((thetaDeg - 180) % 360) + 540) % 360) - 180);
  return d < within;
}

export function generateArena(): VenueDocument {
  const { lower, upper } = ARENA_LAYOUT;
  const common = { seat: SEAT, gap: 40, margin: 20 };
  const lowerRing: RingGeometry = {
    ...common,
    a: lower.a,
    b: lower.b,
    slots: lower.slots,
    rows: lower.rows,
    startDeg: 180 + 360 / lower.slots / 2,
    skip: (theta) => nearStage(theta, lower.stageGapDeg),
  };
  const lowerDepth = ringDepth(lowerRing);
  const upperRing: RingGeometry = {
    ...common,
    a: lower.a + lowerDepth + CONCOURSE,
    b: lower.b + lowerDepth + CONCOURSE,
    slots: upper.slots,
    rows: upper.rows,
    startDeg: 180 + 360 / upper.slots / 2,
    skip: (theta) => nearStage(theta, upper.stageGapDeg),
  };
  const upperDepth = ringDepth(upperRing);
  const plan = { width: 2 * (upperRing.a + upperDepth + PAD), height: 2 * (upperRing.b + upperDepth + PAD) };
  const c = { x: plan.width / 2, y: plan.height / 2 };

  const lowerStands = ringSections({
    ...lowerRing,
    centre: c,
    code: (n) => String(101 + n),
    name: (n) => ({
      he: `יציע ${101 + n}`,
      en: `Section ${101 + n}`,
      ru: `Сектор ${101 + n}`,
      ar: `القسم ${101 + n}`,
    }),
    groupName: 'יציע תחתון',
    seatProps: ({ slot, thetaDeg, row, index, count }) => {
      const features: number[] = [];
      // Every third stand: two wheelchair spaces with companions at the ends of row 1.
      if (row === 1 && slot % 3 === 0) {
        if (index === 0 || index === count - 1) features.push(F.isHandicap);
        else if (index === 1 || index === count - 2) features.push(F.isCompanion);
      }
      return { zone: cos(thetaDeg * DEG) < 0 ? 'A' : 'B', features };
    },
  });

  const upperStands = ringSections({
    ...upperRing,
    centre: c,
    code: (n) => String(201 + n),
    name: (n) => ({
      he: `יציע ${201 + n}`,
      en: `Section ${201 + n}`,
      ru: `Сектор ${201 + n}`,
      ar: `القسم ${201 + n}`,
    }),
    groupName: 'יציע עליון',
    seatProps: ({ thetaDeg, index, count }) => {
      // Stands right beside the stage see it side-on: their outer seats have a limited view.
      const besideStage = nearStage(thetaDeg, upper.stageGapDeg + 360 / upper.slots);
      const edge = index === 0 || index === count - 1;
      return { zone: 'C', features: besideStage && edge ? [F.isLimitedView] : [] };
    },
  });

  // The floor, relative to the bowl centre.
  const at = (dx: number, dy: number): [number, number] => [r2(c.x + dx), r2(c.y + dy)];
  const rect = (dx: number, dy: number, width: number, height: number) => {
    const [x, y] = at(dx, dy);
    return { x, y, width, height, rotate: 0 };
  };
  const stage = rect(-1350, -550, 400, 1100);
  const [golden, front, rear] = ARENA_LAYOUT.floor;
  const floor = [
    gaSection({
      code: golden.code,
      name: { he: 'גולדן רינג', en: 'Golden ring', ru: 'Золотое кольцо', ar: 'الحلقة الذهبية' },
      capacity: golden.capacity,
      zone: 'G',
      box: rect(-900, -500, 600, 1000),
    }),
    gaSection({
      code: front.code,
      name: { he: 'רחבה קדמית', en: 'Front floor', ru: 'Танцпол, передняя часть', ar: 'الساحة الأمامية' },
      capacity: front.capacity,
      zone: 'F',
      box: rect(-250, -650, 750, 1300),
    }),
    gaSection({
      code: rear.code,
      name: { he: 'רחבה אחורית', en: 'Rear floor', ru: 'Танцпол, задняя часть', ar: 'الساحة الخلفية' },
      capacity: rear.capacity,
      zone: 'F',
      box: rect(550, -650, 900, 1300),
      // The rear floor follows the curve of the bowl.
      outline: [
        at(550, -650),
        at(1150, -650),
        at(1350, -500),
        at(1450, -250),
        at(1450, 250),
        at(1350, 500),
        at(1150, 650),
        at(550, 650),
      ],
    }),
  ];

  return {
    $schema: VENUE_SCHEMA_REF,
    formatVersion: VENUE_FORMAT_VERSION,
    code: 'arena',
    name: {
      he: 'ארנת הים התיכון',
      en: 'Mediterranean Arena',
      ru: 'Средиземноморская арена',
      ar: 'أرينا البحر المتوسط',
    },
    location: {
      code: 'mediterranean-arena',
      name: {
        he: 'ארנת הים התיכון, אשדוד',
        en: 'Mediterranean Arena, Ashdod',
        ru: 'Средиземноморская арена, Ашдод',
        ar: 'أرينا البحر المتوسط، أسدود',
      },
      businessId: 2,
    },
    seatplan: {
      code: 'concert',
      name: { he: 'תצורת הופעה', en: 'Concert configuration' },
      width: r2(plan.width),
      height: r2(plan.height),
      stage: {
        x: stage.x,
        y: stage.y,
        width: stage.width,
        height: stage.height,
        label: { he: 'במה', en: 'Stage', ru: 'Сцена', ar: 'المسرح' },
      },
      focalPoint: { x: r2(stage.x + stage.width), y: r2(stage.y + stage.height / 2) },
    },
    zones: [
      {
        code: 'G',
        name: { he: 'גולדן רינג', en: 'Golden ring', ru: 'Золотое кольцо', ar: 'الحلقة الذهبية' },
        color: '#CA8A04',
      },
      { code: 'F', name: { he: 'רחבה', en: 'Floor', ru: 'Танцпол', ar: 'الساحة' }, color: '#EA580C' },
      {
        code: 'A',
        name: {
          he: 'יציע תחתון – צד הבמה',
          en: 'Lower tier, stage end',
          ru: 'Нижний ярус, у сцены',
          ar: 'المدرج السفلي، جهة المسرح',
        },
        color: '#7C3AED',
      },
      {
        code: 'B',
        name: { he: 'יציע תחתון', en: 'Lower tier', ru: 'Нижний ярус', ar: 'المدرج السفلي' },
        color: '#2563EB',
      },
      {
        code: 'C',
        name: { he: 'יציע עליון', en: 'Upper tier', ru: 'Верхний ярус', ar: 'المدرج العلوي' },
        color: '#059669',
      },
    ],
    sections: [...floor, ...lowerStands, ...upperStands],
  };
}

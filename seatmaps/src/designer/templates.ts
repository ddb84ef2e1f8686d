/**
 * Starting points for a new plan: an empty hall, a small arena drawn with the designer's own tools, and the demo
 * venues' generators through fromVenueDocument. Nothing is bundled as data: each template is a function that builds
 * its plan when chosen (the generators' code is a few kB; the 100,000-seat stadium takes about a second to build, so
 * it is marked `large` and the screen can say so first).
 */
import { generateArena, generateCinema, generateStadium, generateTheatre } from '../generators';
import type { VenueDocument } from '../format';
import { fromVenueDocument } from './convert';
import { rowsAt, sectorRows } from './layout';
import { emptyPlan, idFactory, type DesignerPlan, type DesignerSection, type Names } from './model';
import { DEFAULT_SCHEME, renumber } from './numbering';

export interface TemplateOptions {
  /** The business the new venue belongs to (the templates' own is the demo's, 1). */
  businessId?: number;
}

export interface DesignerTemplate {
  id: string;
  name: Names;
  /** About how many seats it has (GA places not counted). */
  seats: number;
  /** Takes noticeable time to build (the screen may show progress, or build it in a worker). */
  large: boolean;
  build(options?: TemplateOptions): DesignerPlan;
}

function fromGenerator(make: () => VenueDocument) {
  return (options: TemplateOptions = {}): DesignerPlan => {
    const plan = fromVenueDocument(make());
    if (options.businessId !== undefined) plan.location = { ...plan.location, businessId: options.businessId };
    return plan;
  };
}

const LOCATION = { code: 'new-venue', name: { he: 'מקום חדש', en: 'New venue' }, businessId: 1 };

function blank(options: TemplateOptions = {}): DesignerPlan {
  const plan = emptyPlan({
    width: 1000,
    height: 700,
    location: { ...LOCATION, businessId: options.businessId ?? LOCATION.businessId },
  });
  plan.venueName = { he: 'אולם חדש', en: 'New hall', ru: 'Новый зал', ar: 'قاعة جديدة' };
  plan.planName = { he: 'מפת מושבים', en: 'Seat plan', ru: 'Схема зала', ar: 'مخطط المقاعد' };
  return plan;
}

/** Eight stands around a court, each a ring sector of 6 rows, drawn with sectorRows and numbered per row. */
function smallArena(options: TemplateOptions = {}): DesignerPlan {
  const plan = blank(options);
  plan.width = 1000;
  plan.height = 1000;
  plan.planName = { he: 'זירה קטנה', en: 'Small arena', ru: 'Малая арена', ar: 'ساحة صغيرة' };
  plan.stage = {
    x: 400,
    y: 440,
    width: 200,
    height: 120,
    label: { he: 'מגרש', en: 'Court', ru: 'Площадка', ar: 'الملعب' },
  };
  plan.focalPoint = { x: 500, y: 500 };
  plan.zones = [
    {
      id: 'z0',
      code: 'A',
      name: { he: 'קטגוריה א׳', en: 'Category A', ru: 'Категория A', ar: 'الفئة A' },
      color: '#C0392B',
    },
    {
      id: 'z1',
      code: 'B',
      name: { he: 'קטגוריה ב׳', en: 'Category B', ru: 'Категория B', ar: 'الفئة B' },
      color: '#2471A3',
    },
  ];
  const ids = idFactory('t');
  const sections: DesignerSection[] = [];
  for (let i = 0; i < 8; i++) {
    const arc = { cx: 500, cy: 500, innerRadius: 180, outerRadius: 300, startAngle: i * 45 + 2, endAngle: i * 45 + 43 };
    const n = i + 1;
    sections.push({
      id: ids(),
      code: `stand-${n}`,
      name: { he: `יציע ${n}`, en: `Stand ${n}`, ru: `Трибуна ${n}`, ar: `المدرج ${n}` },
      kind: 'reserved',
      capacity: null,
      zoneId: null,
      shape: { type: 'arc', ...arc },
      frame: null,
      groups: [{ code: 'main', name: 'main' }],
      rows: rowsAt(
        sectorRows({ ...arc, seatSpacing: 16, rowSpacing: 20 }),
        {
          width: 14,
          height: 14,
          zoneId: i % 2 === 0 ? 'z0' : 'z1',
        },
        ids,
      ),
    });
  }
  plan.sections = sections;
  const all = sections.map((s) => s.id);
  let numbered = renumber(plan, { ids: all, target: 'seats' }, DEFAULT_SCHEME);
  if (numbered.ok) numbered = renumber(numbered.plan, { ids: all, target: 'rows' }, DEFAULT_SCHEME);
  if (!numbered.ok) throw new Error('small arena template: numbering clashed');
  return numbered.plan;
}

/** The templates the "new plan" screen offers, smallest first. */
export function designerTemplates(): DesignerTemplate[] {
  return [
    {
      id: 'blank',
      name: { he: 'מפה ריקה', en: 'Blank plan', ru: 'Пустая схема', ar: 'مخطط فارغ' },
      seats: 0,
      large: false,
      build: blank,
    },
    {
      id: 'cinema',
      name: { he: 'אולם קולנוע', en: 'Cinema hall', ru: 'Кинозал', ar: 'قاعة سينما' },
      seats: 150,
      large: false,
      build: fromGenerator(generateCinema),
    },
    {
      id: 'small-arena',
      name: { he: 'זירה קטנה', en: 'Small arena', ru: 'Малая арена', ar: 'ساحة صغيرة' },
      seats: 500,
      large: false,
      build: smallArena,
    },
    {
      id: 'theatre',
      name: {
        he: 'תיאטרון עם יציע ותאים',
        en: 'Theatre with balcony and boxes',
        ru: 'Театр с балконом и ложами',
        ar: 'مسرح بشرفة ومقصورات',
      },
      seats: 1200,
      large: false,
      build: fromGenerator(generateTheatre),
    },
    {
      id: 'arena',
      name: { he: 'זירה', en: 'Arena', ru: 'Арена', ar: 'ساحة' },
      seats: 15_000,
      large: true,
      build: fromGenerator(generateArena),
    },
    {
      id: 'stadium',
      name: { he: 'אצטדיון', en: 'Stadium', ru: 'Стадион', ar: 'ملعب' },
      seats: 100_000,
      large: true,
      build: fromGenerator(generateStadium),
    },
  ];
}

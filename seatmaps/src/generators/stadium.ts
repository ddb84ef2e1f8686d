/**
 * Stadium (exactly 100,000 seats), for performance work: an oval bowl of three
 * tiers of rotated stands around a football pitch. Each stand gets the seats
 * that naturally fit its share of the ring; the surplus over 100,000 is then
 * taken off the back rows, spread evenly over all stands.
 * Zones: A (lower tier, long sides), B (lower tier, ends), C (middle tier), D (upper tier).
 */
import { SEAT_FEATURE_CODES as F } from '@hotline/shared';
import { VENUE_FORMAT_VERSION, VENUE_SCHEMA_REF, type VenueDocument, type VenueSection } from '../format';
import { r2 } from './layout';
import { ringDepth, ringSections, ringStandCounts, type RingGeometry, type RingSlot } from './ring';

export const STADIUM_SEATS = 100_000;

const PITCH = { width: 1050, height: 680 };
const SEAT = { pitch: 10, rowPitch: 14, w: 9, h: 11 };
/** Walkway between tiers, and around the plan edge. */
const CONCOURSE = 40;
const PAD = 60;
const DEG = Math.PI / 180;
// Bound once: seatProps runs per seat, and global lookups are slow inside jest's sandbox.
const { abs, sin } = Math;

export const STADIUM_LAYOUT = {
  /** Front ellipse of the lower tier. */
  lowerRing: { a: 760, b: 560 },
  tiers: [
    {
      stands: 32,
      rows: 40,
      firstCode: 101,
      he: 'יציע תחתון',
      en: 'Lower tier',
      ru: 'Нижний ярус',
      ar: 'المدرج السفلي',
    },
    {
      stands: 36,
      rows: 36,
      firstCode: 201,
      he: 'יציע אמצעי',
      en: 'Middle tier',
      ru: 'Средний ярус',
      ar: 'المدرج الأوسط',
    },
    {
      stands: 40,
      rows: 40,
      firstCode: 301,
      he: 'יציע עליון',
      en: 'Upper tier',
      ru: 'Верхний ярус',
      ar: 'المدرج العلوي',
    },
  ],
} as const;

/**
 * Takes `surplus` seats off the back rows: one seat from the last row of each
 * stand in turn, then from the row in front of it, and so on.
 */
function trimSurplus(stands: RingSlot[], surplus: number): void {
  if (surplus < 0) throw new Error(`stadium: the bowl holds ${-surplus} seats too few; add rows or stands`);
  const maxRows = Math.max(...stands.map((s) => s.counts.length));
  while (surplus > 0) {
    let removed = 0;
    for (let back = 1; back <= maxRows && surplus > 0; back++) {
      for (const stand of stands) {
        if (surplus === 0) break;
        const k = stand.counts.length - back;
        if (k >= 0 && stand.counts[k]! > 1) {
          stand.counts[k]!--;
          surplus--;
          removed++;
        }
      }
    }
    if (removed === 0) throw new Error('stadium: cannot trim the surplus');
  }
}

export function generateStadium(): VenueDocument {
  // Geometry of the three tiers, each just outside the previous one.
  let { a, b } = STADIUM_LAYOUT.lowerRing;
  const rings = STADIUM_LAYOUT.tiers.map((tier) => {
    const ring: RingGeometry = {
      a,
      b,
      slots: tier.stands,
      rows: tier.rows,
      startDeg: 90,
      seat: SEAT,
      gap: 8,
      margin: 6,
    };
    a += ringDepth(ring) + CONCOURSE;
    b += ringDepth(ring) + CONCOURSE;
    return ring;
  });
  const outer = rings[rings.length - 1]!;
  const plan = {
    width: r2(2 * (outer.a + ringDepth(outer) + PAD)),
    height: r2(2 * (outer.b + ringDepth(outer) + PAD)),
  };
  const centre = { x: plan.width / 2, y: plan.height / 2 };

  // Natural counts per stand, then the surplus over STADIUM_SEATS off the back rows.
  const counts = rings.map((ring) => ringStandCounts(ring));
  const all = counts.flat();
  const natural = all.reduce((sum, s) => sum + s.counts.reduce((x, y) => x + y, 0), 0);
  trimSurplus(all, natural - STADIUM_SEATS);

  const sections: VenueSection[] = [];
  STADIUM_LAYOUT.tiers.forEach((tier, t) => {
    const ring = rings[t]!;
    const bySlot = new Map(counts[t]!.map((s) => [s.slot, s.counts]));
    sections.push(
      ...ringSections({
        ...ring,
        centre,
        counts: (slot) => bySlot.get(slot)!,
        code: (n) => String(tier.firstCode + n),
        name: (n) => ({
          he: `${tier.he} ${tier.firstCode + n}`,
          en: `${tier.en} ${tier.firstCode + n}`,
          ru: `${tier.ru} ${tier.firstCode + n}`,
          ar: `${tier.ar} ${tier.firstCode + n}`,
        }),
        groupName: tier.he,
        seatProps: ({ slot, thetaDeg, row, index, count }) => {
          const side = abs(sin(thetaDeg * DEG)) > 0.6;
          const zone = t === 0 ? (side ? 'A' : 'B') : t === 1 ? 'C' : 'D';
          const features: number[] = [];
          // Every fourth lower stand: wheelchair spaces with companions at the ends of row 1.
          if (t === 0 && row === 1 && slot % 4 === 0) {
            if (index === 0 || index === count - 1) features.push(F.isHandicap);
            else if (index === 1 || index === count - 2) features.push(F.isCompanion);
          }
          // Lower tier, long sides: the ten middle seats of rows 1-10 are premium.
          if (t === 0 && side && row <= 10 && abs(index - (count - 1) / 2) < 5) features.push(F.isPremium);
          // Upper tier: the roof's columns cut the view from the edge seats of the back five rows.
          if (t === 2 && row > tier.rows - 5 && (index === 0 || index === count - 1)) features.push(F.isLimitedView);
          return { zone, features };
        },
      }),
    );
  });

  return {
    $schema: VENUE_SCHEMA_REF,
    formatVersion: VENUE_FORMAT_VERSION,
    code: 'stadium',
    name: { he: 'האצטדיון הלאומי', en: 'National Stadium', ru: 'Национальный стадион', ar: 'الاستاد الوطني' },
    location: {
      code: 'national-stadium',
      name: {
        he: 'האצטדיון הלאומי, רמת גן',
        en: 'National Stadium, Ramat Gan',
        ru: 'Национальный стадион, Рамат-Ган',
        ar: 'الاستاد الوطني، رمات غان',
      },
      businessId: 2,
    },
    seatplan: {
      code: 'football',
      name: { he: 'תצורת כדורגל', en: 'Football configuration' },
      width: plan.width,
      height: plan.height,
      stage: {
        x: r2(centre.x - PITCH.width / 2),
        y: r2(centre.y - PITCH.height / 2),
        width: PITCH.width,
        height: PITCH.height,
        label: { he: 'מגרש', en: 'Pitch', ru: 'Поле', ar: 'أرض الملعب' },
      },
      focalPoint: { x: centre.x, y: centre.y },
    },
    zones: [
      {
        code: 'A',
        name: {
          he: 'יציע תחתון – אורך המגרש',
          en: 'Lower tier, sides',
          ru: 'Нижний ярус, вдоль поля',
          ar: 'المدرج السفلي، على طول الملعب',
        },
        color: '#7C3AED',
      },
      {
        code: 'B',
        name: {
          he: 'יציע תחתון – מאחורי השערים',
          en: 'Lower tier, ends',
          ru: 'Нижний ярус, за воротами',
          ar: 'المدرج السفلي، خلف المرميين',
        },
        color: '#2563EB',
      },
      {
        code: 'C',
        name: { he: 'יציע אמצעי', en: 'Middle tier', ru: 'Средний ярус', ar: 'المدرج الأوسط' },
        color: '#059669',
      },
      {
        code: 'D',
        name: { he: 'יציע עליון', en: 'Upper tier', ru: 'Верхний ярус', ar: 'المدرج العلوي' },
        color: '#CA8A04',
      },
    ],
    sections,
  };
}

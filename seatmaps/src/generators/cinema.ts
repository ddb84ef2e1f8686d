/**
 * Cinema: one hall of 150 seats in 11 rows facing a screen.
 * - Row 1 (front): 12 seats; wheelchair spaces (10) at both ends, each with a companion seat (11) next to it.
 * - Rows 2-10: 14 seats; the two edge seats of rows 2-4 have a limited view (12) of the screen.
 * - Row 11 (back): 6 two-seat couches (1); both seats of a couch share a `together` id.
 */
import { SEAT_FEATURE_CODES as F } from '@hotline/shared';
import { VENUE_FORMAT_VERSION, VENUE_SCHEMA_REF, type VenueDocument } from '../format';
import { boxInPlace, reservedSection, type DraftRow, type DraftSeat } from './layout';

const PLAN = { width: 1000, height: 900 };
const SCREEN = { x: 150, y: 40, width: 700, height: 24 };
const SEAT = { w: 44, h: 40, pitch: 52, rowPitch: 60 };
const FIRST_ROW_Y = 170;
const CENTRE_X = PLAN.width / 2;

export const CINEMA_LAYOUT = {
  rows: 11,
  seats: 150,
  couches: 6,
  wheelchairSpaces: 2,
  companionSeats: 2,
  limitedView: 6,
} as const;

function row(rowNumber: number, count: number, seatAt: (i: number) => Partial<DraftSeat>): DraftRow {
  const seats: DraftSeat[] = [];
  for (let i = 0; i < count; i++) {
    seats.push({
      x: i + 1,
      y: rowNumber,
      name: String(i + 1),
      cx: CENTRE_X + (i - (count - 1) / 2) * SEAT.pitch,
      cy: FIRST_ROW_Y + (rowNumber - 1) * SEAT.rowPitch,
      w: SEAT.w,
      h: SEAT.h,
      zone: 'STD',
      ...seatAt(i),
    });
  }
  return { name: String(rowNumber), seats };
}

export function generateCinema(): VenueDocument {
  const front = row(1, 12, (i) => {
    if (i === 0 || i === 11) return { features: [F.isHandicap] };
    if (i === 1 || i === 10) return { features: [F.isCompanion] };
    return {};
  });

  const middle: DraftRow[] = [];
  for (let r = 2; r <= 10; r++) {
    middle.push(row(r, 14, (i) => (r <= 4 && (i === 0 || i === 13) ? { features: [F.isLimitedView] } : {})));
  }

  // Back row: couches of two, a gap between couches, a little extra legroom.
  const couchSeatPitch = 46;
  const couchGap = 30;
  const couchWidth = 2 * couchSeatPitch;
  const couchCount = CINEMA_LAYOUT.couches;
  const rowWidth = couchCount * couchWidth + (couchCount - 1) * couchGap;
  const couchSeats: DraftSeat[] = [];
  for (let c = 0; c < couchCount; c++) {
    for (let s = 0; s < 2; s++) {
      const i = c * 2 + s;
      couchSeats.push({
        x: i + 1,
        y: 11,
        name: String(i + 1),
        cx: CENTRE_X - rowWidth / 2 + c * (couchWidth + couchGap) + s * couchSeatPitch + couchSeatPitch / 2,
        cy: FIRST_ROW_Y + 10 * SEAT.rowPitch + 20,
        w: couchSeatPitch - 2,
        h: 48,
        zone: 'COUCH',
        features: [F.isCouch],
        together: c + 1,
      });
    }
  }
  const back: DraftRow = { name: '11', seats: couchSeats };

  const hall = reservedSection({
    code: 'hall',
    name: { he: 'אולם', en: 'Hall', ru: 'Зал', ar: 'القاعة' },
    margin: 30,
    place: boxInPlace,
    groups: [
      { code: 'main', name: 'כללי', rows: [front, ...middle] },
      { code: 'couches', name: 'ספות', rows: [back] },
    ],
  });

  return {
    $schema: VENUE_SCHEMA_REF,
    formatVersion: VENUE_FORMAT_VERSION,
    code: 'cinema',
    name: {
      he: 'קולנוע הדר – אולם 1',
      en: 'Hadar Cinema – Hall 1',
      ru: 'Кинотеатр «Адар» – зал 1',
      ar: 'سينما هدار – القاعة 1',
    },
    location: {
      code: 'hadar-cinema',
      name: {
        he: 'קולנוע הדר, חיפה',
        en: 'Hadar Cinema, Haifa',
        ru: 'Кинотеатр «Адар», Хайфа',
        ar: 'سينما هدار، حيفا',
      },
      businessId: 1,
    },
    seatplan: {
      code: 'hall-1',
      name: { he: 'אולם 1', en: 'Hall 1' },
      width: PLAN.width,
      height: PLAN.height,
      stage: { ...SCREEN, label: { he: 'מסך', en: 'Screen', ru: 'Экран', ar: 'الشاشة' } },
      focalPoint: { x: CENTRE_X, y: SCREEN.y + SCREEN.height },
    },
    zones: [
      { code: 'STD', name: { he: 'רגיל', en: 'Standard', ru: 'Стандарт', ar: 'عادي' }, color: '#3B82F6' },
      {
        code: 'COUCH',
        name: { he: 'ספות זוגיות', en: 'Couples couches', ru: 'Диваны для двоих', ar: 'أرائك للأزواج' },
        color: '#DB2777',
      },
    ],
    sections: [hall],
  };
}

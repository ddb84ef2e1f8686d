import { describe, expect, it } from '@jest/globals';
import { SEAT_FEATURE_CODES, SeatStatus } from '@hotline/shared';
import { hasAccessibleSeats, matchingSeats, NO_FILTER } from '../seat-filter';
import { buildSeatStore } from '../seat-store';
import { gridSection, plan } from './fixtures';

// 1 row of 6: seat 1 wheelchair, seat 2 companion; seats 1-3 zone 1 (₪50), 4-6 zone 2 (₪90).
function store() {
  const st = buildSeatStore(
    plan([
      gridSection({
        id: 1,
        x: 0,
        y: 0,
        rows: 1,
        cols: 6,
        ticketGroupId: (_r, c) => (c < 3 ? 1 : 2),
        features: (_r, c) =>
          c === 0 ? [SEAT_FEATURE_CODES.isHandicap] : c === 1 ? [SEAT_FEATURE_CODES.isCompanion] : [],
      }),
    ]),
  );
  st.status.fill(SeatStatus.Available);
  return st;
}
const price = (zone: number) => (zone === 1 ? 50 : zone === 2 ? 90 : null);
const xs = (st: ReturnType<typeof store>, idx: Int32Array) => [...idx].map((i) => st.coordX[i]).sort();

describe('matchingSeats', () => {
  it.each<[string, { accessible: boolean; maxPrice: number | null }, number[]]>([
    ['no filter: nothing highlighted', NO_FILTER, []],
    ['accessible: wheelchair and companion seats', { accessible: true, maxPrice: null }, [1, 2]],
    ['up to ₪50', { accessible: false, maxPrice: 50 }, [1, 2, 3]],
    ['up to ₪90', { accessible: false, maxPrice: 90 }, [1, 2, 3, 4, 5, 6]],
    ['up to ₪40: none', { accessible: false, maxPrice: 40 }, []],
    ['both: accessible and up to ₪50', { accessible: true, maxPrice: 50 }, [1, 2]],
  ])('%s', (_label, filter, expected) => {
    const st = store();
    expect(xs(st, matchingSeats(st, filter, price))).toEqual(expected);
  });

  it('only available seats are highlighted', () => {
    const st = store();
    st.status[0] = SeatStatus.Sold;
    expect(matchingSeats(st, { accessible: true, maxPrice: null }, price)).toHaveLength(1);
  });

  it('knows whether the plan has accessible seats', () => {
    expect(hasAccessibleSeats(store())).toBe(true);
    expect(hasAccessibleSeats(buildSeatStore(plan([gridSection({ id: 1, x: 0, y: 0, rows: 1, cols: 3 })])))).toBe(
      false,
    );
  });
});

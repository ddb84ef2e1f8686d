import { describe, expect, it } from '@jest/globals';
import { SeatStatus } from '@hotline/shared';
import { buildSeatStore } from '../seat-store';
import { summariseSection } from '../section-summary';
import { gridSection, plan } from './fixtures';

// One section, 2 rows x 4 seats: row 1 is zone 1 (₪50), row 2 zone 2 (₪80).
function store() {
  const st = buildSeatStore(
    plan([gridSection({ id: 1, x: 0, y: 0, rows: 2, cols: 4, ticketGroupId: (r) => (r === 0 ? 1 : 2) })]),
  );
  st.status.fill(SeatStatus.Available);
  return st;
}
const prices = (zone: number) => (zone === 1 ? 50 : zone === 2 ? 80 : null);

describe('summariseSection', () => {
  it('a fresh section: every seat left, the range of its prices', () => {
    expect(summariseSection(store(), 0, prices)).toEqual({ seatsLeft: 8, minPrice: 50, maxPrice: 80, soldOut: false });
  });

  it('counts only available seats, and the range of the seats left', () => {
    const st = store();
    for (let i = 0; i < st.count; i++) if (st.ticketGroup[i] === 1) st.status[i] = SeatStatus.Sold;
    st.status[st.count - 1] = SeatStatus.LockedByOther;
    expect(summariseSection(st, 0, prices)).toEqual({ seatsLeft: 3, minPrice: 80, maxPrice: 80, soldOut: false });
  });

  it('sold out: nothing left, and the prices it had', () => {
    const st = store();
    st.status.fill(SeatStatus.Sold);
    expect(summariseSection(st, 0, prices)).toEqual({ seatsLeft: 0, minPrice: 50, maxPrice: 80, soldOut: true });
  });

  it('no price known: null range', () => {
    expect(summariseSection(store(), 0, () => null)).toMatchObject({ minPrice: null, maxPrice: null });
  });
});

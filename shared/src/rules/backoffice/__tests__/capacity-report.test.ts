import { capacityReport } from '../capacity-report';

const row = (id: number, capacity: number, sold: number, locationId: number | null = id, held = 0) => ({
  id,
  name: `L${id}`,
  capacity,
  sold,
  held,
  locationId,
});

describe('capacityReport', () => {
  it.each([
    ['no rows: a zero total', [], [], [0, 0, 0]],
    ['one location', [row(2, 100, 40)], [[100, 40, 60]], [100, 40, 60]],
    [
      'location 1 shows but is not totalled',
      [row(1, 50, 10), row(2, 100, 40)],
      [
        [50, 10, 40],
        [100, 40, 60],
      ],
      [100, 40, 60],
    ],
    ['oversold never shows negative availability', [row(3, 10, 12)], [[10, 12, 0]], [10, 12, 0]],
    [
      'rows of many locations (null) are totalled',
      [row(7, 30, 5, null), row(8, 20, 20, 8)],
      [
        [30, 5, 25],
        [20, 20, 0],
      ],
      [50, 25, 25],
    ],
    ['only location 1: a zero total', [row(1, 80, 80)], [[80, 80, 0]], [0, 0, 0]],
    ['held seats are not sold but not available either', [row(2, 100, 40, 2, 10)], [[100, 40, 50]], [100, 40, 50]],
  ])('%s', (_name, input, rows, total) => {
    const out = capacityReport(input);
    expect(out.slice(0, -1).map((r) => [r.Capacity, r.Sold, r.Availability])).toEqual(rows);
    const last = out[out.length - 1]!;
    expect(last).toMatchObject({ id: -1, name: 'כל בתי הקולנוע' });
    expect([last.Capacity, last.Sold, last.Availability]).toEqual(total);
  });

  it('reports held seats apart, and totals them like the rest (location 1 left out)', () => {
    const out = capacityReport([row(1, 50, 10, 1, 5), row(2, 100, 40, 2, 3), row(3, 20, 0, 3, 2)]);
    expect(out.map((r) => r.Held)).toEqual([5, 3, 2, 5]);
    expect(out[out.length - 1]).toMatchObject({ Capacity: 120, Sold: 40, Held: 5, Availability: 75 });
  });
});

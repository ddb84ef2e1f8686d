import type { ApiFeature, ApiPresentation } from '@hotline/shared';
import { groupByDay, lowestPrice, orderFeatures } from '../catalogue-data';

const p = (id: number, dateTime: string, extra: Partial<ApiPresentation> = {}) =>
  ({ id, featureId: 1, dateTime, priceFrom: 42, soldout: false, ...extra }) as ApiPresentation;

describe('groupByDay', () => {
  const now = new Date('2026-07-01T00:00:00Z');

  test('groups by the Jerusalem calendar day, not UTC', () => {
    // 22:30 UTC on 1 July is 01:30 on 2 July in Jerusalem (UTC+3 in summer).
    const groups = groupByDay(
      [p(1, '2026-07-01T22:30:00Z'), p(2, '2026-07-01T17:00:00Z'), p(3, '2026-07-02T10:00:00Z')],
      now,
    );
    expect(groups.map((g) => [g.dateKey, g.presentations.map((x) => x.id)])).toEqual([
      ['2026-07-01', [2]],
      ['2026-07-02', [1, 3]],
    ]);
  });

  test('drops presentations that already started and sorts by time', () => {
    const groups = groupByDay(
      [p(1, '2026-06-30T20:00:00Z'), p(3, '2026-07-01T18:00:00Z'), p(2, '2026-07-01T15:00:00Z')],
      now,
    );
    expect(groups.flatMap((g) => g.presentations.map((x) => x.id))).toEqual([2, 3]);
  });
});

describe('lowestPrice', () => {
  test('ignores sold-out presentations and missing prices', () => {
    expect(
      lowestPrice([
        p(1, 'x', { priceFrom: 30, soldout: true }),
        p(2, 'x', { priceFrom: null }),
        p(3, 'x', { priceFrom: 55.5 }),
        p(4, 'x', { priceFrom: 48 }),
      ]),
    ).toBe(48);
    expect(lowestPrice([p(1, 'x', { priceFrom: null })])).toBeNull();
  });
});

describe('orderFeatures', () => {
  test('bookable features first, by next show; the rest keep catalogue order', () => {
    const now = new Date('2026-07-01T00:00:00Z');
    const features = [1, 2, 3, 4].map((id) => ({ id }) as ApiFeature);
    const shows = [
      p(10, '2026-07-03T18:00:00Z', { featureId: 3 }),
      p(11, '2026-07-02T18:00:00Z', { featureId: 4 }),
      p(12, '2026-06-30T18:00:00Z', { featureId: 1 }), // already past
    ];
    expect(orderFeatures(features, shows, now).map((f) => f.id)).toEqual([4, 3, 1, 2]);
  });
});

import { describe, expect, it } from '@jest/globals';
import {
  decodeColumn,
  decodeSeatNames,
  encodeColumn,
  fromColumnarSeatplan,
  SEAT_FEATURE_CODES as F,
  toColumnarSeatplan,
  type ApiSeatplan,
} from '@hotline/shared';
import { buildSeatStore, type SeatStore } from '../seat-store';
import { bigPlan, gaSection, gridSection, plan, randomPlan } from './fixtures';

/** Every per-seat column, rows and sections of two stores must match exactly. */
function expectSameStore(a: SeatStore, b: SeatStore): void {
  expect(b.count).toBe(a.count);
  for (const key of [
    'x',
    'y',
    'halfW',
    'halfH',
    'rotation',
    'cos',
    'sin',
    'localX',
    'localY',
    'sectionIndex',
    'sectionId',
    'groupId',
    'coordX',
    'coordY',
    'ticketGroup',
    'features',
    'togetherGroup',
    'togetherStart',
    'togetherSeats',
    'rowOf',
  ] as const) {
    expect(Array.from(b[key])).toEqual(Array.from(a[key]));
  }
  expect(b.seatName).toEqual(a.seatName);
  expect(b.rows).toEqual(a.rows);
  expect(b.sections.map((s) => ({ ...s }))).toEqual(a.sections.map((s) => ({ ...s })));
  expect(b.bounds).toEqual(a.bounds);
  expect(b.typicalSeatSize).toBe(a.typicalSeatSize);
  expect(b.duplicateSeats).toBe(a.duplicateSeats);
}

const mixed = (): ApiSeatplan =>
  plan([
    gridSection({
      id: 1,
      x: 0,
      y: 0,
      rows: 3,
      cols: 6,
      ticketGroupId: (r) => 10 + r,
      features: (r, c) => (c === 0 ? [F.isHandicap] : c === 1 ? [F.isCompanion, F.isPremium] : []),
    }),
    gridSection({
      id: 2,
      x: 300,
      y: 40,
      rows: 2,
      cols: 4,
      rotation: 30,
      seatRotation: 10,
      together: (r, c) => (c < 2 ? r * 10 + 1 : r * 10 + 2),
      features: () => [F.isCouch],
    }),
    gaSection({ id: 3, x: 0, y: 400, width: 300, height: 200, capacity: 500, zoneId: 12 }),
    gridSection({ id: 4, x: 600, y: 0, rows: 2, cols: 9, blocks: 3, blockGap: 20 }),
  ]);

describe('columnar seat plan (GET /api/seats/seatplan?format=columnar)', () => {
  it('builds exactly the store the nested plan builds', () => {
    expectSameStore(buildSeatStore(mixed()), buildSeatStore(toColumnarSeatplan(mixed())));
  });

  it('matches on random plans (rotations, unsorted rows, duplicates) and at scale', () => {
    for (const seed of [1, 7, 42])
      expectSameStore(
        buildSeatStore(randomPlan(seed, 1500, 9)),
        buildSeatStore(toColumnarSeatplan(randomPlan(seed, 1500, 9))),
      );
    expectSameStore(buildSeatStore(bigPlan(20_000)), buildSeatStore(toColumnarSeatplan(bigPlan(20_000))));
  });

  it('is much smaller on the wire and shares feature lists', () => {
    const nested = bigPlan(20_000);
    const columnar = toColumnarSeatplan(nested);
    expect(columnar.seats.count).toBe(20_000);
    expect(JSON.stringify(columnar).length * 3).toBeLessThan(JSON.stringify(nested).length);
    const withFeatures = toColumnarSeatplan(mixed());
    expect(withFeatures.featureSets[0]).toEqual([]);
    expect(withFeatures.featureSets).toContainEqual([F.isCompanion, F.isPremium]);
  });

  it('round-trips back to the nested form, recomputing SeatplanX/Y from the geometry', () => {
    const original = mixed();
    const back = fromColumnarSeatplan(toColumnarSeatplan(original));
    const flat = (p: ApiSeatplan) => p.sections.flatMap((s) => s.groups.flatMap((g) => g.rows.flatMap((r) => r.seats)));
    const a = flat(original);
    const b = flat(back);
    expect(b).toHaveLength(a.length);
    b.forEach((seat, k) => {
      const { SeatplanX, SeatplanY, ...rest } = seat;
      const { SeatplanX: ox, SeatplanY: oy, ...orest } = a[k]!;
      expect(rest).toEqual(orest);
      expect(SeatplanX).toBeCloseTo(ox, 6);
      expect(SeatplanY).toBeCloseTo(oy, 6);
    });
    expectSameStore(buildSeatStore(original), buildSeatStore(back));
  });
});

describe('columnar encoding', () => {
  it('run-length encodes columns that come in runs, lists the others', () => {
    expect(encodeColumn([5, 5, 5, 5, 5, 5, 7, 7, 7])).toEqual({ rle: [5, 6, 7, 3] });
    expect(encodeColumn([1, 2, 3, 4])).toEqual([1, 2, 3, 4]);
    expect(encodeColumn([null, null, null, null, 3, 3, 3])).toEqual({ rle: [null, 4, 3, 3] });
    expect(decodeColumn({ rle: [5, 6, 7, 3] }, 9)).toEqual([5, 5, 5, 5, 5, 5, 7, 7, 7]);
    expect(decodeColumn([1, 2], 2)).toEqual([1, 2]);
  });

  it('sends seat names only where they are not the column number', () => {
    const c = toColumnarSeatplan(plan([gridSection({ id: 1, x: 0, y: 0, rows: 1, cols: 4 })]));
    expect(c.seats.names).toEqual([]);
    const odd = plan([gridSection({ id: 1, x: 0, y: 0, rows: 1, cols: 3 })]);
    odd.sections[0]!.groups[0]!.rows[0]!.seats[1]!.SeatName = '2A';
    const encoded = toColumnarSeatplan(odd);
    expect(encoded.seats.names).toEqual([1, '2A']);
    expect(decodeSeatNames(encoded.seats, [1, 2, 3])).toEqual(['1', '2A', '3']);
    expect(buildSeatStore(encoded).seatName).toEqual(['1', '2A', '3']);
  });
});

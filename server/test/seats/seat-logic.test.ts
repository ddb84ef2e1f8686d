import { DEFAULT_HOLD_POLICY, SeatStatus } from '@hotline/shared';
import { AdaptiveWindow } from '../../src/seats/adaptive-window';
import { applyAllocations } from '../../src/seats/seat-allocations';
import { buildLayout, defaultFocalPoint, type PresentationInfo, type RawSeat } from '../../src/seats/seat-layout';
import {
  baseStatus,
  lockOwnerOf,
  parseChangeMessage,
  publicView,
  saleSummary,
  stateLetter,
  statusRows,
  touchedRows,
} from '../../src/seats/seat-state';

/** Table-driven tests of the seat engine's pure logic (no Redis, no database). */

const OWNER = '0f8fad5b-d9cb-469f-a165-70867728950e';
const lockOf = (owner: string) => `l|${owner}|1700000000000|0`;

describe('baseStatus: raw state -> status code for a viewer', () => {
  test.each([
    ['free seat', undefined, true, { viewer: OWNER, isHold: false }, SeatStatus.Available],
    ['my lock', lockOf(OWNER), true, { viewer: OWNER, isHold: false }, SeatStatus.Selected],
    ["someone else's lock", lockOf('other'), true, { viewer: OWNER, isHold: false }, SeatStatus.LockedByOther],
    ['my lock on the shared room', lockOf(OWNER), true, publicView(0), SeatStatus.LockedByOther],
    ['a lock letter from the log', 'l', true, publicView(0), SeatStatus.LockedByOther],
    ['sold', 's', true, publicView(0), SeatStatus.Sold],
    ['sold even when no longer priced', 's', false, publicView(0), SeatStatus.Sold],
    ['blocked', 'b', true, publicView(0), SeatStatus.Blocked],
    ['held back, normal mode', 'h', true, publicView(0), SeatStatus.Blocked],
    ['held back, hold mode', 'h', true, { viewer: OWNER, isHold: true }, SeatStatus.OnHold],
    ['free but no ticket group prices it', undefined, false, publicView(0), SeatStatus.Blocked],
    ['available letter', 'a', true, publicView(0), SeatStatus.Available],
  ] as const)('%s', (_name, raw, sellable, view, expected) => {
    expect(baseStatus(raw, sellable, view)).toBe(expected);
  });

  test.each([
    [undefined, 'a', null],
    ['s', 's', null],
    [lockOf(OWNER), 'l', OWNER],
    ['l|abc', 'l', 'abc'],
  ])('stateLetter(%s) = %s, owner %s', (raw, letter, owner) => {
    expect(stateLetter(raw)).toBe(letter);
    expect(lockOwnerOf(raw)).toBe(owner);
  });
});

describe('parseChangeMessage', () => {
  test.each([
    [
      '12 1763700000000001 3:5:1=l;3:6:1=l',
      {
        presentationId: 12,
        version: 1763700000000001,
        changes: [
          ['3:5:1', 'l'],
          ['3:6:1', 'l'],
        ],
      },
    ],
    ['12 7 3:5:1=a', { presentationId: 12, version: 7, changes: [['3:5:1', 'a']] }],
    ['12 9 *', { presentationId: 12, version: 9, changes: null }],
    ['12 9 ', { presentationId: 12, version: 9, changes: [] }],
    ['garbage', null],
    ['x 9 *', null],
  ])('%s', (text, expected) => {
    expect(parseChangeMessage(text)).toEqual(expected);
  });
});

describe('AdaptiveWindow widens under load and comes back when quiet', () => {
  test.each([
    ['quiet stays at base', [[0, 10]], 50],
    ['a late flush doubles', [[40, 10]], 100],
    ['a huge batch doubles', [[0, 5000]], 100],
    [
      'never beyond the cap',
      [
        [500, 10],
        [500, 10],
        [500, 10],
        [500, 10],
      ],
      250,
    ],
    [
      'calms down step by step',
      [
        [500, 10],
        [500, 10],
        [0, 10],
      ],
      100,
    ],
    [
      'never below the base',
      [
        [0, 10],
        [0, 10],
      ],
      50,
    ],
  ] as [string, [number, number][], number][])('%s', (_name, flushes, expected) => {
    const w = new AdaptiveWindow(50, 250);
    for (const [late, rows] of flushes) w.record(late, rows);
    expect(w.ms).toBe(expected);
  });
});

describe('defaultFocalPoint', () => {
  const stage = { x: 100, y: 0, width: 200, height: 20 };
  test.each([
    ['explicit focal point wins', { width: 400, height: 300, stage, focal_point: { x: 1, y: 2 } }, { x: 1, y: 2 }],
    [
      'stage at the top: its bottom edge centre',
      { width: 400, height: 300, stage, focal_point: null },
      { x: 200, y: 20 },
    ],
    [
      'stage at the bottom: its top edge centre',
      { width: 400, height: 300, stage: { x: 100, y: 280, width: 200, height: 20 }, focal_point: null },
      { x: 200, y: 280 },
    ],
    [
      'stage on the left: its right edge centre',
      { width: 400, height: 300, stage: { x: 0, y: 100, width: 20, height: 100 }, focal_point: null },
      { x: 20, y: 150 },
    ],
    ['no stage: the plan centre', { width: 400, height: 300, stage: null, focal_point: null }, { x: 200, y: 150 }],
  ])('%s', (_name, plan, expected) => {
    expect(defaultFocalPoint(plan)).toEqual(expected);
  });
});

describe('layout + status rows', () => {
  const info = (policy: number): PresentationInfo => ({
    id: 1,
    venueId: 1,
    seatplanId: 1,
    venueTypeId: 1,
    seatingPolicyId: policy,
    soldout: false,
    cancelled: false,
    maxSeatsPerOrder: 10,
    noSingleSeatGap: false,
    featureId: 1,
    locationId: 1,
    dateTime: new Date(0),
    salesOpenAt: null,
    salesCloseAt: null,
    holdPolicy: DEFAULT_HOLD_POLICY,
    channelQuotas: {},
  });
  const seat = (x: number, zone = 1, features: number[] = []): RawSeat => ({
    section_id: 5,
    group_id: 9,
    x,
    y: 1,
    row_name: 'A',
    seat_name: String(x),
    plan_x: x * 10,
    plan_y: 10,
    zone_id: zone,
    features,
    together_id: null,
    row_order: 0,
  });
  const sections = [
    { id: 5, name: 'Hall', is_reserved: true, capacity: null, zone_id: null },
    { id: 6, name: 'Floor', is_reserved: false, capacity: 3, zone_id: 1 },
  ];
  const plan = { width: 100, height: 100, stage: null, focal_point: null };
  const build = (policy: number) =>
    buildLayout(info(policy), plan, sections, [seat(3), seat(1), seat(2), seat(4, 2)], [{ id: 70, zone_id: 1 }]);

  test('rows are sorted by x; unpriced zones are not sellable; GA places are listed 1..capacity', () => {
    const layout = build(1);
    expect(layout.rows[0]!.seats.map((s) => s.x)).toEqual([1, 2, 3, 4]);
    expect(layout.seats.get('5:4:1')!.sellable).toBe(false);
    expect(layout.reservedSellable).toBe(3);
    const rows = statusRows(
      layout,
      new Map([
        ['5:2:1', 's'],
        ['6:2:0', lockOf(OWNER)],
      ]),
      { viewer: OWNER, isHold: false },
    );
    expect(rows).toEqual([
      [5, 9, 1, 1, -1, 70, 1],
      [5, 9, 2, 1, -1, 70, 4],
      [5, 9, 3, 1, -1, 70, 1],
      [5, 9, 4, 1, -1, 0, 6],
      [6, 0, 1, 0, -1, 70, 1],
      [6, 0, 2, 0, -1, 70, 2],
      [6, 0, 3, 0, -1, 70, 1],
    ]);
    expect(statusRows(layout, new Map(), publicView(0), { reserved: false })).toHaveLength(3);
    expect(statusRows(layout, new Map(), publicView(0), { sectionId: 5 })).toHaveLength(4);
  });

  test('policy 3 blocks a single free seat between taken ones; deltas re-send the whole row', () => {
    const layout = build(3);
    const state = new Map([['5:2:1', 's']]);
    const rows = statusRows(layout, state, publicView(0), { reserved: true });
    expect(rows.map((r) => r[6])).toEqual([
      SeatStatus.SingleSeatBlocked,
      SeatStatus.Sold,
      SeatStatus.SingleSeatBlocked,
      SeatStatus.Blocked,
    ]);
    expect(touchedRows(layout, state, ['5:2:1'], 0).map((r) => r[2])).toEqual([1, 2, 3, 4]);
    expect(touchedRows(build(1), state, ['5:2:1', '6:3:0', '6:99:0'], 0)).toEqual([
      [5, 9, 2, 1, -1, 70, 4],
      [6, 0, 3, 0, -1, 70, 1],
    ]);
  });

  test('a seat set aside shows blocked to the public until its release, and as it stands to a channel', () => {
    const layout = build(1);
    const release = Date.UTC(2026, 11, 10, 16);
    applyAllocations(layout, [
      { section_id: 5, x: 1, y: 1, allocation_id: 1, release_at: new Date(release) },
      { section_id: 5, x: 3, y: 1, allocation_id: 1, release_at: null },
    ]);
    const codes = (view: Parameters<typeof statusRows>[2]) =>
      statusRows(layout, new Map(), view, { reserved: true }).map((r) => [r[2], r[4], r[6]]);
    const A = SeatStatus.Available;
    const B = SeatStatus.Blocked;
    expect(codes(publicView(release - 1))).toEqual([
      [1, 1, B],
      [2, -1, A],
      [3, 1, B],
      [4, -1, B],
    ]);
    expect(codes(publicView(release))).toEqual([
      [1, 1, A],
      [2, -1, A],
      [3, 1, B],
      [4, -1, B],
    ]);
    expect(codes({ viewer: null, isHold: false })).toEqual([
      [1, 1, A],
      [2, -1, A],
      [3, 1, A],
      [4, -1, B],
    ]);
    expect(touchedRows(layout, new Map(), ['5:1:1', '5:3:1'], release - 1).map((r) => r[6])).toEqual([B, B]);
    // Re-applied (a node re-reading a changed date): the rows given replace what the layout had.
    applyAllocations(layout, []);
    expect(codes(publicView(release - 1))).toEqual([
      [1, -1, A],
      [2, -1, A],
      [3, -1, A],
      [4, -1, B],
    ]);
  });

  test('sale summary: taken ratio, sold-out sections and the mini-site rule', () => {
    const layout = build(1);
    const rows = statusRows(
      layout,
      new Map([
        ['5:2:1', 's'],
        ['6:1:0', 'l'],
        ['6:2:0', 'l'],
        ['6:3:0', 's'],
      ]),
      publicView(0),
    );
    expect(saleSummary(layout, rows, { miniSiteOrLiveDomain: false })).toEqual({
      soldout: false,
      takenRatio: 0.714,
      soldOutSections: [6],
    });
    // No seat carries an allocation yet, so a mini-site sees nothing of its own left.
    expect(saleSummary(layout, rows, { miniSiteOrLiveDomain: true }).soldout).toBe(true);
  });
});

import { SeatStatus } from '@hotline/shared';
import type { SeatMapController } from '../../controller';
import { gridSection, plan } from '../../model/__tests__/fixtures';
import { buildSeatStore, seatIndexOf } from '../../model/seat-store';
import { SeatSelection } from '../../model/selection';
import { changePaintStatus, Paint, paintClass } from '../../render/palette';
import { ChangeManager } from '../change';

/**
 * Changing an order on the seat map. The map offers exactly the seats the server allows (free ones), marks
 * the order's own, says why a free seat is left out, and drops a choice someone else takes.
 */
function setUp(seatChange = true) {
  // One row of 8: seats 1-6 in zone 1, a couch (7-8) in zone 2; the order holds seat 3.
  const store = buildSeatStore(
    plan([
      gridSection({
        id: 5,
        x: 0,
        y: 0,
        rows: 1,
        cols: 8,
        ticketGroupId: (_r, c) => (c >= 6 ? 2 : 1),
        together: (_r, c) => (c >= 6 ? 1 : null),
      }),
    ]),
  );
  store.status.fill(SeatStatus.Available);
  const at = (x: number) => seatIndexOf(store, 5, x, 1);
  store.status[at(3)] = SeatStatus.Sold;
  store.status[at(5)] = SeatStatus.SingleSeatBlocked;
  const c = {
    opts: { seatChange },
    store,
    scene: { eligible: null as Uint8Array | null },
    renderer: null,
    camera: { current: null },
    holds: { publishSelection: jest.fn() },
  } as unknown as SeatMapController & { scene: { eligible: Uint8Array | null } };
  const change = new ChangeManager(c);
  c.selection = new SeatSelection(store, { canSelect: (i) => change.choosable(i) });
  return { c, change, at };
}

describe('ChangeManager', () => {
  test('only the allowed free seats can be chosen; the order’s own seat is marked, others say why they are left out', () => {
    const { c, change, at } = setUp();
    // The server allows 1, 2, 4, 5 and 6 (its own seat 3 and the couch are never in the list); seat 1 is taken now.
    c.store.status[at(1)] = SeatStatus.LockedByOther;
    change.set({ yours: ['5:3:1'], moving: '5:3:1', allowed: [5, 1, 1, 5, 2, 1, 5, 4, 1, 5, 5, 1, 5, 6, 1] });
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((x) => change.choosable(at(x)))).toEqual([
      false,
      true,
      false,
      true,
      // A "blocked single" seat: a swap does not apply the single-seat rules.
      true,
      true,
      false,
      false,
    ]);
    expect(change.isYours(at(3))).toBe(true);
    expect(change.movingSeat()).toBe(at(3));
    expect(change.seatState(at(3))).toBe('yours');
    expect(change.seatState(at(2))).toBeNull();
    expect(change.seatState(at(5))).toBe('available');
    expect(change.seatState(at(7))).toBe('notForChange');
    expect(c.scene.eligible?.[at(2)]).toBe(1);
    expect(c.scene.eligible?.[at(7)]).toBe(0);
    expect(c.selection.select(at(7)).ok).toBe(false);
    expect(c.selection.select(at(4)).ok).toBe(true);
    expect(change.seatState(at(4))).toBe('newSeat');
  });

  test('nothing can be chosen while the allowed seats load', () => {
    const { change, at } = setUp();
    change.set({ yours: ['5:3:1'], moving: '5:3:1', allowed: null });
    expect(change.choosable(at(2))).toBe(false);
  });

  test('a chosen seat someone else takes is dropped; a new list without it drops it too', () => {
    const { c, change, at } = setUp();
    change.set({ yours: ['5:3:1'], moving: '5:3:1', allowed: [5, 2, 1, 5, 4, 1] });
    c.selection.select(at(4));
    c.store.status[at(4)] = SeatStatus.LockedByOther;
    expect(change.afterStatus([at(4), at(2)])).toEqual([at(4)]);
    expect(c.selection.size).toBe(0);
    c.store.status[at(4)] = SeatStatus.Available;
    c.selection.select(at(4));
    change.set({ yours: ['5:4:1'], moving: '5:4:1', allowed: [5, 2, 1, 5, 3, 1] });
    expect(c.selection.size).toBe(0);
    expect(c.holds.publishSelection).toHaveBeenCalled();
  });

  test('off in every other mode', () => {
    const { change, at } = setUp(false);
    change.set({ yours: ['5:3:1'], moving: null, allowed: [5, 2, 1] });
    expect(change.active).toBe(false);
    expect(change.seatState(at(3))).toBeNull();
    expect(change.afterStatus([at(2)])).toEqual([]);
  });
});

describe('changePaintStatus', () => {
  test.each<[string, number, boolean, number]>([
    ['allowed and free: available', SeatStatus.Available, true, Paint.AvailableBase],
    [
      'allowed "blocked single": available (no single-seat rules in a swap)',
      SeatStatus.SingleSeatBlocked,
      true,
      Paint.AvailableBase,
    ],
    ['free but not allowed: the struck-through look', SeatStatus.Available, false, Paint.Blocked],
    ['taken stays taken even if allowed', SeatStatus.Sold, true, Paint.Unavailable],
    ['held by someone stays taken', SeatStatus.LockedByOther, false, Paint.Unavailable],
  ])('%s', (_label, status, eligible, expected) => {
    expect(paintClass(changePaintStatus(status, eligible), 0)).toBe(expected);
  });
});

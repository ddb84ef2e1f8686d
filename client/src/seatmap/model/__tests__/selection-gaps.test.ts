import { describe, expect, it } from '@jest/globals';
import { SEAT_FEATURE_CODES, SeatStatus, selectionGaps, singleSeatBlocking, type RowSeatState } from '@hotline/shared';
import { unblockBesideOwnSeats } from '../own-view';
import { buildSeatStore, seatIndexOf, type SeatStore } from '../seat-store';
import { gapsLeftBySelection } from '../selection-gaps';
import { gridSection, mulberry32, plan } from './fixtures';

/**
 * Pictures, one character per seat from x = 1, as the live room reports the row:
 *   . available   o ours (the room says 5, like anybody's lock)   l someone else's lock   x sold
 */
function row(picture: string) {
  const store = buildSeatStore(plan([gridSection({ id: 1, x: 0, y: 0, rows: 1, cols: picture.length })]));
  const at = (x: number) => seatIndexOf(store, 1, x, 1);
  const own: number[] = [];
  [...picture].forEach((c, k) => {
    const i = at(k + 1);
    store.status[i] = c === '.' ? SeatStatus.Available : c === 'x' ? SeatStatus.Sold : SeatStatus.LockedByOther;
    if (c === 'o') own.push(i);
  });
  return { store, own, xs: (indices: number[]) => indices.map((i) => store.coordX[i]!) };
}

describe('gapsLeftBySelection: what the commit will refuse, told at the tap', () => {
  it.each<[string, string, number[]]>([
    // The Dybbuk, row 7: seats 4-5 taken, the buyer picks 2-3: seat 1 is left alone at the aisle.
    ['2-3 picked beside sold 4-5: seat 1 alone at the row end', '.ooxx...', [1]],
    ['1-3 picked: nothing left alone', 'oooxx...', []],
    ['3-4 picked between the row end pair and a lock: 1-2 stay a pair', '..ooll..', []],
    ['a seat between ours and someone else’s lock', 'oo.l....', [3]],
    ['7 and 9 picked: 8 between them is a gap (closed by taking it)', '......o.o.....', [8]],
    ['a seat left alone by other buyers only is nobody’s gap in this selection', 'x.xoo...', []],
    ['…but one between theirs and ours is', 'x.x.oo..', [4]],
    ['nothing picked: nothing to say', '.x.x.x', []],
  ])('%s', (_label, picture, gapXs) => {
    const r = row(picture);
    expect(r.xs(gapsLeftBySelection(r.store, r.own))).toEqual(gapXs);
  });

  it('a seat exempt from the rule (a table’s left seat) is never a gap', () => {
    const store = buildSeatStore(
      plan([
        gridSection({
          id: 1,
          x: 0,
          y: 0,
          rows: 1,
          cols: 4,
          features: (_r, c) => (c === 0 ? [SEAT_FEATURE_CODES.isLeftSeat] : []),
        }),
      ]),
    );
    store.status[seatIndexOf(store, 1, 4, 1)] = SeatStatus.Sold;
    const own = [seatIndexOf(store, 1, 2, 1), seatIndexOf(store, 1, 3, 1)];
    for (const i of own) store.status[i] = SeatStatus.LockedByOther;
    expect(gapsLeftBySelection(store, own)).toEqual([]);
  });
});

/**
 * The property the buyer relies on: for random plans (blocks split by aisles, exempt seats), random taken seats and
 * random selections, the map's verdict equals the server's. The server (SeatEngineService.selectionGaps) reads each
 * row of the visitor's seats from Redis as the visitor sees it (own seats 2, anybody else's lock 5, sold 4) and
 * applies the shared `selectionGaps`; the map sees the live room instead (own seats as 5, and under seating policy
 * 3 free seats boxed in marked 7, then un-marked beside its own seats by `unblockBesideOwnSeats`). Both must name
 * the same seats.
 */
describe('the map’s verdict equals the server’s (property, seeded)', () => {
  const TAKEN = [SeatStatus.Sold, SeatStatus.LockedByOther, SeatStatus.Blocked] as const;

  function serverVerdict(store: SeatStore, truth: Uint8Array, own: Set<number>): number[] {
    // The server's rows (LayoutRow): section, seat group and row, read from the seats themselves, not the store's
    // row table; only rows holding one of the visitor's seats.
    const rows = new Map<string, number[]>();
    const keyOf = (i: number) => `${store.sectionId[i]}:${store.groupId[i]}:${store.coordY[i]}`;
    for (let i = 0; i < store.count; i++) rows.set(keyOf(i), [...(rows.get(keyOf(i)) ?? []), i]);
    const gaps: number[] = [];
    for (const seats of rows.values()) {
      if (!seats.some((i) => own.has(i))) continue;
      const states: RowSeatState[] = seats.map((i) => ({
        x: store.coordX[i]!,
        status: own.has(i) ? SeatStatus.Selected : truth[i]!,
        features: featuresOf(store, i),
      }));
      const xs = new Set(selectionGaps(states));
      for (const i of seats) if (xs.has(store.coordX[i]!)) gaps.push(i);
    }
    return gaps.sort((a, b) => a - b);
  }

  function featuresOf(store: SeatStore, i: number): number[] {
    // The fixture marks exempt seats only; the store keeps them as a mask.
    return store.features[i] ? [SEAT_FEATURE_CODES.isLeftSeat] : [];
  }

  it('2,000 random cases, with and without seating policy 3', () => {
    const random = mulberry32(20261129);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
    let withGaps = 0;
    for (let n = 0; n < 2000; n++) {
      const cols = 3 + Math.floor(random() * 12);
      const store = buildSeatStore(
        plan([
          gridSection({
            id: 1,
            x: 0,
            y: 0,
            rows: 1 + Math.floor(random() * 3),
            cols,
            blocks: 1 + Math.floor(random() * 2),
            blockGap: 24,
            features: () => (random() < 0.08 ? [SEAT_FEATURE_CODES.isLeftSeat] : []),
          }),
        ]),
      );
      // The truth: what Redis holds for everybody but this visitor.
      const truth = new Uint8Array(store.count).fill(SeatStatus.Available);
      for (let i = 0; i < store.count; i++) if (random() < 0.35) truth[i] = pick(TAKEN);
      const own = new Set<number>();
      for (let i = 0; i < store.count; i++) if (truth[i] === SeatStatus.Available && random() < 0.3) own.add(i);
      if (own.size === 0) continue;
      // The room: own seats are anybody's lock; policy 3 marks free seats boxed in.
      const policy3 = random() < 0.5;
      for (let i = 0; i < store.count; i++) store.status[i] = own.has(i) ? SeatStatus.LockedByOther : truth[i]!;
      if (policy3) {
        for (const r of store.rows) {
          const states: RowSeatState[] = [];
          for (let j = r.start; j < r.end; j++)
            states.push({ x: store.coordX[j]!, status: store.status[j]!, features: featuresOf(store, j) });
          const blocked = new Set(singleSeatBlocking(states));
          for (let j = r.start; j < r.end; j++)
            if (blocked.has(store.coordX[j]!)) store.status[j] = SeatStatus.SingleSeatBlocked;
        }
        unblockBesideOwnSeats(store, own, (i) => own.has(i));
      }
      const map = [...gapsLeftBySelection(store, own)].sort((a, b) => a - b);
      const server = serverVerdict(store, truth, own);
      expect({ case: n, map }).toEqual({ case: n, map: server });
      if (server.length) withGaps++;
    }
    // The cases must exercise the rule, not only agree on "no gap".
    expect(withGaps).toBeGreaterThan(200);
  });
});

import { SeatStatus, singleSeatBlocking, type RowSeatState } from '@hotline/shared';
import { featureCodesOf } from './features';
import type { SeatStore } from './seat-store';

/**
 * The live room speaks to everyone at once, so it reports this visitor's own locks as "locked by someone" (5) and,
 * under seating policy 3, the free seat beside them as a blocked single (7): for everybody else it is one. For the
 * visitor holding the neighbour it is not: their own selection must never be the reason their next adjacent seat is
 * refused (pick 13 then 14 at a row end, or 7 and 9 then 8). The seat engine already decides so (its Lua lock script
 * counts the owner's seats as theirs, as does `singleSeatBlocking` with status 2); this re-reads the rows the way the
 * seat-status call answers the visitor: own seats as 2, and a 7 stays 7 only if the shared rule still blocks it.
 *
 * Only 7 → 1 happens here (counting own seats as taken can only block more, never less), and only in rows that
 * contain a 7. Returns the seats turned available, so the caller can repaint them.
 */
export function unblockBesideOwnSeats(
  store: SeatStore,
  touched: Iterable<number>,
  isOwn: (seatIndex: number) => boolean,
): number[] {
  const rows = new Set<number>();
  for (const i of touched) rows.add(store.rowOf[i]!);
  const freed: number[] = [];
  for (const r of rows) {
    const row = store.rows[r];
    if (!row) continue;
    let blocked = false;
    let own = false;
    for (let j = row.start; j < row.end; j++) {
      if (store.status[j] === SeatStatus.SingleSeatBlocked) blocked = true;
      if (isOwn(j)) own = true;
    }
    if (!blocked || !own) continue;
    const seats: RowSeatState[] = [];
    for (let j = row.start; j < row.end; j++) {
      const status = store.status[j]!;
      seats.push({
        x: store.coordX[j]!,
        // A 7 is an available seat the room considers boxed in; re-judge it with our own seats as ours.
        status: isOwn(j)
          ? SeatStatus.Selected
          : status === SeatStatus.SingleSeatBlocked
            ? SeatStatus.Available
            : status,
        features: featureCodesOf(store.features[j]!),
      });
    }
    let stillBlocked: Set<number>;
    try {
      stillBlocked = new Set(singleSeatBlocking(seats));
    } catch {
      continue; // a malformed row (two seats at one x): leave the room's verdict
    }
    for (let j = row.start; j < row.end; j++) {
      if (store.status[j] !== SeatStatus.SingleSeatBlocked || stillBlocked.has(store.coordX[j]!)) continue;
      store.status[j] = SeatStatus.Available;
      freed.push(j);
    }
  }
  return freed;
}

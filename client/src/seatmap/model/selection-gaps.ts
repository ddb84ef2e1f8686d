import { SeatStatus, selectionGaps, type RowSeatState } from '@hotline/shared';
import { featureCodesOf } from './features';
import type { SeatStore } from './seat-store';

/**
 * The single free seats the visitor's whole selection would leave alone, as the server's commit will judge them
 * (SINGLE_SEAT_GAP, `SeatEngineService.selectionGaps`): the same shared rule (`selectionGaps`) on the same rows, read
 * the way the server reads them for this visitor. Asked at every tap, so the map says it before the card is typed.
 *
 * The live room reports this visitor's own locks as anybody's (5) and may mark a free seat as a blocked single (7);
 * for the server the visitor's seats are theirs (2) and a 7 is a free seat whose row is judged again. So own seats
 * become Selected, 7 becomes Available, everything else stays as the room said.
 *
 * Only rows holding one of the visitor's seats are read (a gap always borders one of them). Seat indices, in row
 * order.
 */
export function gapsLeftBySelection(store: SeatStore, own: Iterable<number>): number[] {
  const isOwn = new Set(own);
  const rows = new Set<number>();
  for (const i of isOwn) {
    const r = store.rowOf[i];
    if (r !== undefined && r >= 0) rows.add(r);
  }
  const gaps: number[] = [];
  for (const r of [...rows].sort((a, b) => a - b)) {
    const row = store.rows[r];
    if (!row) continue;
    const seats: RowSeatState[] = [];
    const indexOfX = new Map<number, number>();
    for (let j = row.start; j < row.end; j++) {
      const status = store.status[j]!;
      seats.push({
        x: store.coordX[j]!,
        status: isOwn.has(j)
          ? SeatStatus.Selected
          : status === SeatStatus.SingleSeatBlocked
            ? SeatStatus.Available
            : status,
        features: featureCodesOf(store.features[j]!),
      });
      indexOfX.set(store.coordX[j]!, j);
    }
    let xs: number[];
    try {
      xs = selectionGaps(seats);
    } catch {
      continue; // a malformed row (two seats at one x): the server refuses such a plan; nothing to say here
    }
    for (const x of xs) gaps.push(indexOfX.get(x)!);
  }
  return gaps;
}

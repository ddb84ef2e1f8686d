import { assertFiniteNumber, assertPositiveInteger } from '../assert';
import { forEachRowBlock, rowBlockSeats, type RowBlock } from './best-available-blocks';
import { groupSeatsIntoRows, type BestAvailableRow, type BestAvailableSeat } from './best-available-rows';
import { keepBest, type PlanPoint } from './best-available-scoring';
import { forEachSplitBlock, type SplitBlock } from './best-available-split';

/** Best-available offers up to 5 matches, 1 result each (storefront-spec.md section 9). */
export const BEST_AVAILABLE_MAX_MATCHES = 5;

export interface BestAvailableRequest<T extends BestAvailableSeat> {
  /** Every seat of one section, available or not. */
  seats: readonly T[];
  /** Where "best" is measured from, in plan units (the seat plan's FocalPoint). */
  focalPoint: PlanPoint;
  quantity: number;
  maxMatches?: number;
  /**
   * `seats` already grouped by groupSeatsIntoRows: a caller that searches the same seats again and again (only their
   * `available` changes) groups them once. Without it they are grouped here, on every call.
   */
  rows?: readonly BestAvailableRow<T>[];
}

export interface BestAvailableMatch<T extends BestAvailableSeat> {
  /** The seats to lock, front row first, each row ascending by x. */
  seats: T[];
  rowKeys: (string | number)[];
  centre: PlanPoint;
  distance: number;
  /** True only when no block in the section avoids stranding a single seat. */
  leavesOrphan: boolean;
  /** True only when no single row can seat the whole party. */
  splitAcrossRows: boolean;
}

function fromRowBlock<T extends BestAvailableSeat>(
  row: BestAvailableRow<T>,
  block: RowBlock<T>,
): BestAvailableMatch<T> {
  return {
    seats: rowBlockSeats(block),
    rowKeys: [row.key],
    centre: block.centre,
    distance: block.distance,
    leavesOrphan: block.leavesOrphan,
    splitAcrossRows: false,
  };
}

function fromSplitBlock<T extends BestAvailableSeat>(
  rows: readonly BestAvailableRow<T>[],
  block: SplitBlock<T>,
): BestAvailableMatch<T> {
  return {
    seats: [...rowBlockSeats(block.front), ...rowBlockSeats(block.back)],
    rowKeys: [rows[block.front.rowIndex]!.key, rows[block.back.rowIndex]!.key],
    centre: block.centre,
    distance: block.distance,
    leavesOrphan: block.leavesOrphan,
    splitAcrossRows: true,
  };
}

/**
 * Best-available for one section: up to `maxMatches` blocks of `quantity`
 * side-by-side free seats in one row, nearest the focal point first (distance
 * from the block's centre; ties go to the lower row index, then the lower x).
 *
 * When nothing fits it relaxes one step at a time:
 *   1. blocks that leave no single free seat beside them;
 *   2. otherwise, blocks that do leave one;
 *   3. otherwise, as a last resort, blocks split over two adjacent rows.
 * Returns [] when the section has fewer free seats than `quantity`, or when even
 * a two-row split cannot seat the party.
 *
 * Matches may overlap (a block and the same block shifted by one seat): they are
 * alternatives to offer, and the visitor takes one.
 *
 * Cost: grouping sorts each row once; every sweep after that is linear in the
 * row (times `quantity` for the split step).
 */
export function bestAvailable<T extends BestAvailableSeat>(request: BestAvailableRequest<T>): BestAvailableMatch<T>[] {
  const { seats, focalPoint, quantity, maxMatches = BEST_AVAILABLE_MAX_MATCHES } = request;
  assertPositiveInteger(quantity, 'quantity');
  assertPositiveInteger(maxMatches, 'maxMatches');
  assertFiniteNumber(focalPoint.x, 'focalPoint.x');
  assertFiniteNumber(focalPoint.y, 'focalPoint.y');

  const rows = request.rows ?? groupSeatsIntoRows(seats);
  let freeSeats = 0;
  for (const seat of seats) if (seat.available) freeSeats++;
  if (quantity > freeSeats) return [];

  const withoutOrphan: RowBlock<T>[] = [];
  const any: RowBlock<T>[] = [];
  for (const row of rows) {
    forEachRowBlock(row, quantity, focalPoint, (block) => {
      if (!block.leavesOrphan) keepBest(withoutOrphan, block, maxMatches);
      keepBest(any, block, maxMatches);
    });
  }
  const inOneRow = withoutOrphan.length > 0 ? withoutOrphan : any;
  if (inOneRow.length > 0) return inOneRow.map((block) => fromRowBlock(rows[block.rowIndex]!, block));

  const splits: SplitBlock<T>[] = [];
  forEachSplitBlock(rows, quantity, focalPoint, (block) => keepBest(splits, block, maxMatches));
  return splits.map((block) => fromSplitBlock(rows, block));
}

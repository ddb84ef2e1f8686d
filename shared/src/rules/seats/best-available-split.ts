import { forEachRowBlock, type RowBlock } from './best-available-blocks';
import type { BestAvailableRow, BestAvailableSeat } from './best-available-rows';
import { compareRankedBlocks, distanceToFocalPoint, type PlanPoint, type RankedBlock } from './best-available-scoring';

/** A block split over two adjacent rows: `front` in row i, `back` in row i + 1. */
export interface SplitBlock<T extends BestAvailableSeat> extends RankedBlock {
  front: RowBlock<T>;
  back: RowBlock<T>;
  centre: PlanPoint;
  leavesOrphan: boolean;
}

/** Per block size, the row's nearest block without an orphan and its nearest block of any kind. */
export interface NearestRowBlocks<T extends BestAvailableSeat> {
  withoutOrphan: (RowBlock<T> | undefined)[];
  any: (RowBlock<T> | undefined)[];
}

/**
 * For sizes 1..maxSize, the blocks of `row` nearest the focal point on their own.
 * Index 0 is unused so that `withoutOrphan[size]` reads naturally.
 */
export function nearestRowBlocksBySize<T extends BestAvailableSeat>(
  row: BestAvailableRow<T>,
  maxSize: number,
  focalPoint: PlanPoint,
): NearestRowBlocks<T> {
  const nearest: NearestRowBlocks<T> = { withoutOrphan: [undefined], any: [undefined] };
  for (let size = 1; size <= maxSize; size++) {
    let withoutOrphan: RowBlock<T> | undefined;
    let any: RowBlock<T> | undefined;
    forEachRowBlock(row, size, focalPoint, (block) => {
      if (any === undefined || compareRankedBlocks(block, any) < 0) any = block;
      if (!block.leavesOrphan && (withoutOrphan === undefined || compareRankedBlocks(block, withoutOrphan) < 0)) {
        withoutOrphan = block;
      }
    });
    nearest.withoutOrphan.push(withoutOrphan);
    nearest.any.push(any);
  }
  return nearest;
}

function combine<T extends BestAvailableSeat>(
  front: RowBlock<T>,
  back: RowBlock<T>,
  focalPoint: PlanPoint,
): SplitBlock<T> {
  const total = front.size + back.size;
  const centre = {
    x: (front.centre.x * front.size + back.centre.x * back.size) / total,
    y: (front.centre.y * front.size + back.centre.y * back.size) / total,
  };
  return {
    front,
    back,
    centre,
    distance: distanceToFocalPoint(centre, focalPoint),
    rowIndex: front.rowIndex,
    firstX: front.firstX,
    leavesOrphan: front.leavesOrphan || back.leavesOrphan,
  };
}

/**
 * Last resort of best-available: `quantity` seats as two side-by-side blocks in
 * adjacent rows, one behind the other. For each pair of adjacent rows and each
 * way to split the quantity, each part is the nearest block of its size in its
 * row; combining parts chosen separately is a heuristic, but it keeps the cost
 * at O(seats x quantity) instead of pairing every block with every other.
 *
 * Visits splits without an orphan if there are any, otherwise all splits.
 * Splits over more than two rows are not attempted.
 */
export function forEachSplitBlock<T extends BestAvailableSeat>(
  rows: readonly BestAvailableRow<T>[],
  quantity: number,
  focalPoint: PlanPoint,
  visit: (block: SplitBlock<T>) => void,
): void {
  if (quantity < 2 || rows.length < 2) return;
  const nearest = rows.map((row) => nearestRowBlocksBySize(row, quantity - 1, focalPoint));
  const pass = (kind: keyof NearestRowBlocks<T>): number => {
    let visited = 0;
    for (let i = 0; i + 1 < rows.length; i++) {
      for (let frontSize = 1; frontSize < quantity; frontSize++) {
        const front = nearest[i]![kind][frontSize];
        const back = nearest[i + 1]![kind][quantity - frontSize];
        if (front === undefined || back === undefined) continue;
        visit(combine(front, back, focalPoint));
        visited++;
      }
    }
    return visited;
  };
  if (pass('withoutOrphan') === 0) pass('any');
}

import { availableRuns, type BestAvailableRow, type BestAvailableSeat } from './best-available-rows';
import { distanceToFocalPoint, type PlanPoint, type RankedBlock } from './best-available-scoring';

/** `size` side-by-side free seats in one row: run[start] .. run[start + size - 1]. */
export interface RowBlock<T extends BestAvailableSeat> extends RankedBlock {
  run: readonly T[];
  start: number;
  size: number;
  centre: PlanPoint;
  /** Taking the block leaves exactly one free seat at one of its ends. */
  leavesOrphan: boolean;
}

export function rowBlockSeats<T extends BestAvailableSeat>(block: RowBlock<T>): T[] {
  return block.run.slice(block.start, block.start + block.size);
}

/**
 * Visits every block of `size` side-by-side free seats in `row`, in one sliding
 * sweep per run: the centre sums are updated by one seat in, one seat out, so
 * the whole row costs O(seats) whatever the size.
 *
 * A leftover of exactly one seat at either end of the block is an orphan: runs
 * are maximal, so beyond a leftover there is only a taken seat, an aisle or the
 * row end.
 */
export function forEachRowBlock<T extends BestAvailableSeat>(
  row: BestAvailableRow<T>,
  size: number,
  focalPoint: PlanPoint,
  visit: (block: RowBlock<T>) => void,
): void {
  for (const run of availableRuns(row.seats)) {
    if (run.length < size) continue;
    let sumX = 0;
    let sumY = 0;
    for (let i = 0; i < size; i++) {
      sumX += run[i]!.px;
      sumY += run[i]!.py;
    }
    for (let start = 0; start + size <= run.length; start++) {
      if (start > 0) {
        sumX += run[start + size - 1]!.px - run[start - 1]!.px;
        sumY += run[start + size - 1]!.py - run[start - 1]!.py;
      }
      const centre = { x: sumX / size, y: sumY / size };
      const leftOver = start;
      const rightOver = run.length - start - size;
      visit({
        run,
        start,
        size,
        centre,
        distance: distanceToFocalPoint(centre, focalPoint),
        rowIndex: row.index,
        firstX: run[start]!.x,
        leavesOrphan: leftOver === 1 || rightOver === 1,
      });
    }
  }
}

/** All blocks of `size` in `row`, as an array; for tests and small rows. */
export function enumerateRowBlocks<T extends BestAvailableSeat>(
  row: BestAvailableRow<T>,
  size: number,
  focalPoint: PlanPoint,
): RowBlock<T>[] {
  const blocks: RowBlock<T>[] = [];
  forEachRowBlock(row, size, focalPoint, (block) => blocks.push(block));
  return blocks;
}

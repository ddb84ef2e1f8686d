/**
 * What changed between two versions of a plan, seat by seat, to draw on the map: seats added, removed, renumbered
 * (same seat, another row or seat label) and moved. A seat is the same seat when its section code and its identity
 * (the format's x/y, what sales remember) match; a seat without an identity (new in the designer) is added.
 */
import type { PlanPoint } from '../format';
import type { DesignerPlan, DesignerSeat } from './model';

export interface DiffSeat {
  /** The seat's id in the plan it is in (b for added, renumbered and moved; a for removed). */
  id: string;
  section: string;
  row: string;
  seat: string;
  at: PlanPoint;
}

export interface RenumberedSeat extends DiffSeat {
  /** The labels it had in a. */
  was: { row: string; seat: string };
}

export interface PlanDiff {
  added: DiffSeat[];
  removed: DiffSeat[];
  renumbered: RenumberedSeat[];
  /** Same seat, same labels, moved more than `moveTolerance` plan units. */
  moved: DiffSeat[];
}

interface Keyed {
  seat: DesignerSeat;
  section: string;
  row: string;
}

function keyed(plan: DesignerPlan): { byKey: Map<string, Keyed>; unkeyed: Keyed[] } {
  const byKey = new Map<string, Keyed>();
  const unkeyed: Keyed[] = [];
  for (const section of plan.sections) {
    for (const row of section.rows) {
      for (const seat of row.seats) {
        const k = { seat, section: section.code, row: row.label };
        if (seat.identity) {
          const key = `${section.code}\u0000${seat.identity.x},${seat.identity.y}`;
          if (!byKey.has(key)) {
            byKey.set(key, k);
            continue;
          }
        }
        unkeyed.push(k);
      }
    }
  }
  return { byKey, unkeyed };
}

const out = (k: Keyed): DiffSeat => ({
  id: k.seat.id,
  section: k.section,
  row: k.row,
  seat: k.seat.label,
  at: { x: k.seat.cx, y: k.seat.cy },
});

export function diffPlans(a: DesignerPlan, b: DesignerPlan, moveTolerance = 0.01): PlanDiff {
  const before = keyed(a);
  const after = keyed(b);
  const diff: PlanDiff = { added: [], removed: [], renumbered: [], moved: [] };
  for (const [key, now] of after.byKey) {
    const was = before.byKey.get(key);
    if (!was) {
      diff.added.push(out(now));
      continue;
    }
    if (was.row !== now.row || was.seat.label !== now.seat.label) {
      diff.renumbered.push({ ...out(now), was: { row: was.row, seat: was.seat.label } });
    } else if (Math.hypot(was.seat.cx - now.seat.cx, was.seat.cy - now.seat.cy) > moveTolerance) {
      diff.moved.push(out(now));
    }
  }
  for (const k of after.unkeyed) diff.added.push(out(k));
  for (const [key, was] of before.byKey) if (!after.byKey.has(key)) diff.removed.push(out(was));
  for (const k of before.unkeyed) diff.removed.push(out(k));
  return diff;
}

/**
 * Seat and row numbering. A scheme makes a sequence of labels (1, 2, 3; 1, 3, 5; 2, 4, 6; A, B, ..., H, J, ..., N,
 * P, ..., Z, AA, ...: I and O are left out, they read as 1 and 0), from a start, with a prefix and suffix.
 * `renumber` applies one to a selection: seats in the order the audience sees them (from their left, facing the
 * stage) row by row from the front, rows from the front of their section backwards; or the other way round. It
 * refuses, and says where, when the result would give two seats of a row or two rows of a section the same label.
 */
import type { PlanPoint } from '../format';
import { effectiveFocalPoint } from '../geometry';
import type { DesignerPlan, DesignerRow, DesignerSeat, DesignerSection } from './model';

export type NumberStyle = 'numbers' | 'odd' | 'even' | 'letters';

export interface NumberingScheme {
  style: NumberStyle;
  /** The first value: a number (odd and even round up to the next odd or even one); for letters, 1 = A, 25 = AA. */
  start: number;
  /** forward: seats from the audience's left, rows from the front; reverse: from the right, from the back. */
  order: 'forward' | 'reverse';
  prefix: string;
  suffix: string;
  /**
   * Seats: false restarts at `start` in every row; true continues across rows and sections (101 follows 100).
   * Rows: false restarts in every section; true continues across sections (N follows M).
   */
  continuous: boolean;
}

export const DEFAULT_SCHEME: NumberingScheme = {
  style: 'numbers',
  start: 1,
  order: 'forward',
  prefix: '',
  suffix: '',
  continuous: false,
};

/** The 24 letters row labels use: A..Z without I and O. */
export const ROW_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';

/** 1 -> A, 24 -> Z, 25 -> AA, 48 -> AZ, 49 -> BA (like spreadsheet columns, over 24 letters). */
export function letterLabel(n: number): string {
  if (!(n >= 1) || !Number.isInteger(n)) return '';
  let out = '';
  let v = n;
  while (v > 0) {
    const r = (v - 1) % ROW_LETTERS.length;
    out = ROW_LETTERS[r]! + out;
    v = Math.floor((v - 1) / ROW_LETTERS.length);
  }
  return out;
}

/** The `index`-th value of the scheme (0-based), without prefix and suffix. */
export function schemeValue(scheme: Pick<NumberingScheme, 'style' | 'start'>, index: number): string {
  const start = Math.floor(scheme.start);
  switch (scheme.style) {
    case 'numbers':
      return String(start + index);
    case 'odd': {
      const first = start % 2 !== 0 ? start : start + 1;
      return String(first + 2 * index);
    }
    case 'even': {
      const first = start % 2 === 0 ? start : start + 1;
      return String(first + 2 * index);
    }
    case 'letters':
      return letterLabel(Math.max(1, start) + index);
  }
}

/** `count` labels of the scheme, from its `from`-th value (0-based; where a previous row or section ended). */
export function schemeLabels(scheme: NumberingScheme, count: number, from = 0): string[] {
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(`${scheme.prefix}${schemeValue(scheme, from + i)}${scheme.suffix}`);
  return out;
}

/** Seats of a row in the audience's left-to-right order: along the average "right hand" of the seats. */
export function seatsLeftToRight(seats: readonly DesignerSeat[]): DesignerSeat[] {
  let rx = 0;
  let ry = 0;
  for (const s of seats) {
    rx += Math.cos((s.rotate * Math.PI) / 180);
    ry += Math.sin((s.rotate * Math.PI) / 180);
  }
  if (rx === 0 && ry === 0) rx = 1;
  return [...seats].sort((a, b) => a.cx * rx + a.cy * ry - (b.cx * rx + b.cy * ry));
}

function rowCentre(row: DesignerRow): PlanPoint {
  let x = 0;
  let y = 0;
  for (const s of row.seats) {
    x += s.cx;
    y += s.cy;
  }
  const n = Math.max(1, row.seats.length);
  return { x: x / n, y: y / n };
}

/** The point rows face: the plan's focal point, else the stage's front edge, else the middle of the plan. */
export function planFocalPoint(plan: DesignerPlan): PlanPoint {
  return effectiveFocalPoint({
    code: plan.planCode,
    name: { he: '', en: '' },
    width: plan.width,
    height: plan.height,
    stage: plan.stage ? { ...plan.stage, label: { he: '', en: '' } } : null,
    focalPoint: plan.focalPoint,
  });
}

/** Rows of a section from the front (nearest the focal point) to the back. */
export function rowsFrontToBack(rows: readonly DesignerRow[], focal: PlanPoint): DesignerRow[] {
  const d = new Map(rows.map((r) => [r, distance(rowCentre(r), focal)] as const));
  return [...rows].sort((a, b) => d.get(a)! - d.get(b)!);
}

function distance(a: PlanPoint, b: PlanPoint): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

export interface RenumberConflict {
  code: 'DUPLICATE_SEAT_LABEL' | 'DUPLICATE_ROW_LABEL';
  label: string;
  sectionId: string;
  /** The row whose seats would clash (seat labels), or null (row labels). */
  rowId: string | null;
  /** The seats or rows that would carry the same label. */
  ids: string[];
  /** Where to look: the first of them. */
  at: PlanPoint;
}

export type RenumberResult = { ok: true; plan: DesignerPlan } | { ok: false; conflicts: RenumberConflict[] };

export interface RenumberSelection {
  /** Seats to renumber (target 'seats'); rows to relabel (target 'rows'); whole sections count as all their rows. */
  ids: readonly string[];
  target: 'seats' | 'rows';
}

/**
 * Renumbers the selected seats (or rows) with the scheme and returns a new plan, or the conflicts it would cause
 * (a label twice in a row or section, counting the seats and rows left as they are) and changes nothing.
 */
export function renumber(plan: DesignerPlan, selection: RenumberSelection, scheme: NumberingScheme): RenumberResult {
  const selected = new Set(selection.ids);
  const focal = planFocalPoint(plan);
  const newLabel = new Map<string, string>();
  let counter = 0;
  for (const section of plan.sections) {
    const wholeSection = selected.has(section.id);
    const ordered = rowsFrontToBack(section.rows, focal);
    if (scheme.order === 'reverse') ordered.reverse();
    if (selection.target === 'rows') {
      const rows = ordered.filter((r) => wholeSection || selected.has(r.id));
      if (!scheme.continuous) counter = 0;
      const labels = schemeLabels(scheme, rows.length, counter);
      rows.forEach((r, i) => newLabel.set(r.id, labels[i]!));
      counter += rows.length;
    } else {
      for (const row of ordered) {
        const inRow = row.seats.filter((s) => wholeSection || selected.has(row.id) || selected.has(s.id));
        if (inRow.length === 0) continue;
        const seats = seatsLeftToRight(inRow);
        if (scheme.order === 'reverse') seats.reverse();
        if (!scheme.continuous) counter = 0;
        const labels = schemeLabels(scheme, seats.length, counter);
        seats.forEach((s, i) => newLabel.set(s.id, labels[i]!));
        counter += seats.length;
      }
    }
  }
  const next = applyLabels(plan, newLabel, selection.target);
  const conflicts = labelConflicts(next, newLabel);
  return conflicts.length > 0 ? { ok: false, conflicts } : { ok: true, plan: next };
}

function applyLabels(plan: DesignerPlan, labels: Map<string, string>, target: 'seats' | 'rows'): DesignerPlan {
  if (labels.size === 0) return plan;
  return {
    ...plan,
    sections: plan.sections.map((section) => ({
      ...section,
      rows: section.rows.map((row) =>
        target === 'rows'
          ? labels.has(row.id)
            ? { ...row, label: labels.get(row.id)! }
            : row
          : row.seats.some((s) => labels.has(s.id))
            ? { ...row, seats: row.seats.map((s) => (labels.has(s.id) ? { ...s, label: labels.get(s.id)! } : s)) }
            : row,
      ),
    })),
  };
}

/**
 * Clashes that involve a changed label: two rows of one group of a section, or two seats of one row (a row label
 * across the section's groups: a row split by aisles is still one row), labelled alike.
 */
function labelConflicts(plan: DesignerPlan, changed: Map<string, string>): RenumberConflict[] {
  const out: RenumberConflict[] = [];
  for (const section of plan.sections) {
    const groups = new Map<string, DesignerRow[]>();
    const rowsByLabel = new Map<string, DesignerRow[]>();
    for (const row of section.rows) {
      groups.set(row.group, [...(groups.get(row.group) ?? []), row]);
      // An unlabeled row is a row of its own.
      const key = row.label === '' ? `\u0000${row.id}` : row.label;
      rowsByLabel.set(key, [...(rowsByLabel.get(key) ?? []), row]);
    }
    for (const rows of groups.values()) {
      sameLabels(
        rows,
        (r) => r.label,
        (same, label) => {
          if (!same.some((r) => changed.has(r.id))) return;
          out.push({
            code: 'DUPLICATE_ROW_LABEL',
            label,
            sectionId: section.id,
            rowId: null,
            ids: same.map((r) => r.id),
            at: rowCentre(same[0]!),
          });
        },
      );
    }
    for (const rows of rowsByLabel.values()) seatConflicts(section, rows, changed, out);
  }
  return out;
}

function seatConflicts(
  section: DesignerSection,
  rows: DesignerRow[],
  changed: Map<string, string>,
  out: RenumberConflict[],
): void {
  const seats = rows.flatMap((r) => r.seats);
  const rowOf = new Map<DesignerSeat, DesignerRow>();
  for (const r of rows) for (const k of r.seats) rowOf.set(k, r);
  sameLabels(
    seats,
    (s) => s.label,
    (same, label) => {
      if (!same.some((s) => changed.has(s.id))) return;
      out.push({
        code: 'DUPLICATE_SEAT_LABEL',
        label,
        sectionId: section.id,
        rowId: rowOf.get(same[0]!)!.id,
        ids: same.map((s) => s.id),
        at: { x: same[0]!.cx, y: same[0]!.cy },
      });
    },
  );
}

/** Calls `found` for each non-empty label carried by two or more items. */
export function sameLabels<T>(
  items: readonly T[],
  label: (t: T) => string,
  found: (items: T[], label: string) => void,
): void {
  // Nearly always nothing repeats: find that out with one Set, and group only when something does.
  const seen = new Set<string>();
  let repeated = false;
  for (const item of items) {
    const l = label(item);
    if (l === '') continue;
    if (seen.has(l)) {
      repeated = true;
      break;
    }
    seen.add(l);
  }
  if (!repeated) return;
  const by = new Map<string, T[]>();
  for (const item of items) {
    const l = label(item);
    if (l === '') continue;
    const list = by.get(l);
    if (list) list.push(item);
    else by.set(l, [item]);
  }
  for (const [l, list] of by) if (list.length > 1) found(list, l);
}

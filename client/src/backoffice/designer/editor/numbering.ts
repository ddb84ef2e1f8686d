import type { Seat } from './doc';

/** How seats and rows are numbered (chosen in the properties panel, applied by "renumber selected"). */
export interface NumberingScheme {
  /** Seat 1 at the left or at the right of the row, as drawn (the stage at the top). */
  seatsFrom: 'left' | 'right';
  /** 1: 1, 2, 3…; 2: odd or even only, starting at `firstSeat`. */
  seatStep: 1 | 2;
  firstSeat: number;
  /** Rows numbered 1, 2… or lettered A, B… from the row nearest the stage. */
  rowStyle: 'numbers' | 'letters';
  firstRow: number;
  /** Keep the row labels, renumber only the seats. */
  keepRows: boolean;
}

export const DEFAULT_SCHEME: NumberingScheme = {
  seatsFrom: 'left',
  seatStep: 1,
  firstSeat: 1,
  rowStyle: 'numbers',
  firstRow: 1,
  keepRows: false,
};

/** A, B, … Z, AA, AB… (1-based). */
export function letters(n: number): string {
  let s = '';
  let k = n;
  while (k > 0) {
    const r = (k - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    k = Math.floor((k - 1) / 26);
  }
  return s;
}

export function rowLabel(index: number, scheme: NumberingScheme): string {
  const n = scheme.firstRow + index;
  return scheme.rowStyle === 'letters' ? letters(n) : String(n);
}

/**
 * New row and seat labels for these seats: per section, rows are the existing row labels ordered by their mean y
 * (nearest the stage first), seats in a row ordered by x. Returns only the seats whose labels change.
 */
export function renumber(seats: readonly Seat[], scheme: NumberingScheme): Seat[] {
  const bySection = new Map<string, Map<string, Seat[]>>();
  for (const s of seats) {
    let rows = bySection.get(s.section);
    if (!rows) bySection.set(s.section, (rows = new Map()));
    let row = rows.get(s.row);
    if (!row) rows.set(s.row, (row = []));
    row.push(s);
  }
  const changed: Seat[] = [];
  for (const rows of bySection.values()) {
    const ordered = [...rows.entries()]
      .map(([label, list]) => ({ label, list, y: list.reduce((a, s) => a + s.y, 0) / list.length }))
      .sort((a, b) => a.y - b.y);
    ordered.forEach((row, r) => {
      const label = scheme.keepRows ? row.label : rowLabel(r, scheme);
      const sorted = [...row.list].sort((a, b) => (scheme.seatsFrom === 'left' ? a.x - b.x : b.x - a.x));
      sorted.forEach((s, k) => {
        const name = String(scheme.firstSeat + k * scheme.seatStep);
        if (s.name !== name || s.row !== label) changed.push({ ...s, name, row: label });
      });
    });
  }
  return changed;
}

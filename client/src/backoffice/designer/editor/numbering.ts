import {
  DEFAULT_SCHEME as MODEL_SCHEME,
  renumber,
  type DesignerPlan,
  type NumberingScheme as ModelScheme,
  type RenumberConflict,
} from '@hotline/seatmaps/designer';
import type { DesignerDoc, Seat } from './doc';
import { docToPlan } from './venue-document';

/**
 * The properties panel's numbering form. The numbering itself is the model's (`renumber` and its schemes in
 * @hotline/seatmaps/designer: I and O skipped in letters, seats from the audience's left, rows from the front, and
 * the refusal of duplicate labels); this is only what the form asks, turned into the model's two schemes.
 */
export interface NumberingForm {
  /** Seat 1 at the audience's left (the left as drawn with the stage at the top) or at their right. */
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

export const DEFAULT_FORM: NumberingForm = {
  seatsFrom: 'left',
  seatStep: 1,
  firstSeat: 1,
  rowStyle: 'numbers',
  firstRow: 1,
  keepRows: false,
};

export function seatScheme(f: NumberingForm): ModelScheme {
  const style = f.seatStep === 1 ? 'numbers' : Math.abs(f.firstSeat) % 2 === 1 ? 'odd' : 'even';
  return { ...MODEL_SCHEME, style, start: f.firstSeat, order: f.seatsFrom === 'left' ? 'forward' : 'reverse' };
}

export function rowScheme(f: NumberingForm): ModelScheme {
  return { ...MODEL_SCHEME, style: f.rowStyle, start: f.firstRow };
}

/** Rows (unless kept) then seats of the selection, in a plan of the sections involved. */
export function numberPlan(
  plan: DesignerPlan,
  seatIds: readonly string[],
  form: NumberingForm,
): { ok: true; plan: DesignerPlan } | { ok: false; conflicts: RenumberConflict[] } {
  let next = plan;
  if (!form.keepRows) {
    const chosen = new Set(seatIds);
    const rows = plan.sections.flatMap((s) => s.rows.filter((r) => r.seats.some((k) => chosen.has(k.id))));
    const relabelled = renumber(next, { ids: rows.map((r) => r.id), target: 'rows' }, rowScheme(form));
    if (!relabelled.ok) return relabelled;
    next = relabelled.plan;
  }
  return renumber(next, { ids: seatIds, target: 'seats' }, seatScheme(form));
}

/**
 * New labels for these seats (and their rows) by the form: the changed seats, or the clashes the model found (a
 * label twice in a row or section) and nothing changed.
 */
export function renumberSeats(
  doc: DesignerDoc,
  seats: readonly Seat[],
  form: NumberingForm,
): { ok: true; changed: Seat[] } | { ok: false; conflicts: RenumberConflict[] } {
  const plan = docToPlan(doc, new Set(seats.map((s) => s.section)));
  const result = numberPlan(
    plan,
    seats.map((s) => s.id),
    form,
  );
  if (!result.ok) return result;
  const changed: Seat[] = [];
  for (const section of result.plan.sections)
    for (const row of section.rows)
      for (const k of row.seats) {
        const s = doc.seats.get(k.id)!;
        if (s.name !== k.label || s.row !== row.label) changed.push({ ...s, name: k.label, row: row.label });
      }
  return { ok: true, changed };
}

import { validatePlan, type PlanProblem } from '@hotline/seatmaps/designer';
import { seatDims, type DesignerDoc, type Id, type Point } from './doc';
import { docToPlan } from './venue-document';

/**
 * What stops a plan from being published, each at a place the screen can select and centre. The same rules the server
 * applies to a venue file (seatmaps/src/validate.ts) where they can be said of the drawing, plus what a buyer would
 * trip over (seats on top of each other). `code` is a translation key under designer.problems.
 */
export interface Problem {
  code:
    | 'noZones'
    | 'noSections'
    | 'sectionName'
    | 'emptySection'
    | 'gaCapacity'
    | 'gaZone'
    | 'seatNoZone'
    | 'duplicateSeat'
    | 'outsidePlan'
    | 'zoneName'
    | 'togetherAlone'
    | 'togetherRows'
    | 'duplicateCode'
    | 'decorName'
    | 'planCheck';
  params: Record<string, string | number>;
  /** A problem of the model's plan check (the one the server runs before publishing): its own code and sentence. */
  plan?: PlanProblem;
  /** What to select (a section, a seat, a zone); none for plan-wide problems. */
  target: Id | null;
  at: Point | null;
}

const MAX_PROBLEMS = 100;

/**
 * Everything that stops publishing: the screen's own checks (what the venue format itself refuses, so a draft with
 * them cannot even be saved) and then the model's plan check, the same one the server runs before it publishes.
 */
export function validateDesign(doc: DesignerDoc): Problem[] {
  const own = ownProblems(doc);
  if (own.length) return own;
  // The plan's seat and section ids are the editor's: a problem names what to select (a row's is not one of them).
  const check = validatePlan(docToPlan(doc), { maxPerCode: 20 });
  const target = (p: PlanProblem) => p.ids.find((id) => doc.seats.has(id) || doc.sections.has(id)) ?? null;
  return check.problems.map((p) => ({ code: 'planCheck', params: p.params, plan: p, target: target(p), at: p.at }));
}

/** The checks the venue format's validator would refuse a save for. */
export function ownProblems(doc: DesignerDoc): Problem[] {
  const out: Problem[] = [];
  const add = (p: Problem) => {
    if (out.length < MAX_PROBLEMS) out.push(p);
  };
  const { meta } = doc;
  if (doc.zones.size === 0) add({ code: 'noZones', params: {}, target: null, at: null });
  if (doc.sections.size === 0) add({ code: 'noSections', params: {}, target: null, at: null });
  const codes = new Set<string>();
  for (const z of doc.zones.values()) {
    if (!z.name.he.trim() || !z.name.en.trim())
      add({ code: 'zoneName', params: { code: z.code }, target: z.id, at: null });
    if (codes.has(`z:${z.code}`)) add({ code: 'duplicateCode', params: { code: z.code }, target: z.id, at: null });
    codes.add(`z:${z.code}`);
  }
  const centreOf = (pts: Point[]): Point => ({
    x: pts.reduce((a, p) => a + p.x, 0) / Math.max(1, pts.length),
    y: pts.reduce((a, p) => a + p.y, 0) / Math.max(1, pts.length),
  });
  // One pass over the seats: counts per section, labels per row, together groups.
  const count = new Map<Id, number>();
  const labels = new Set<string>();
  const together = new Map<string, { n: number; rows: Set<string>; seat: Id; at: Point }>();
  const noZone = new Map<Id, { n: number; seat: Id; at: Point }>();
  for (const s of doc.seats.values()) {
    count.set(s.section, (count.get(s.section) ?? 0) + 1);
    const key = `${s.section}\u0000${s.row}\u0000${s.name}`;
    if (labels.has(key))
      add({ code: 'duplicateSeat', params: { row: s.row, seat: s.name }, target: s.id, at: { x: s.x, y: s.y } });
    labels.add(key);
    if (!s.zone || !doc.zones.has(s.zone)) {
      const known = noZone.get(s.section);
      if (known) known.n++;
      else noZone.set(s.section, { n: 1, seat: s.id, at: { x: s.x, y: s.y } });
    }
    const size = seatDims(s, meta);
    const hw = size.width / 2;
    const hh = size.height / 2;
    if (s.x - hw < 0 || s.y - hh < 0 || s.x + hw > meta.width || s.y + hh > meta.height)
      add({ code: 'outsidePlan', params: { row: s.row, seat: s.name }, target: s.id, at: { x: s.x, y: s.y } });
    if (s.together !== null) {
      const tk = `${s.section}:${s.together}`;
      const t = together.get(tk);
      if (t) {
        t.n++;
        t.rows.add(s.row);
      } else together.set(tk, { n: 1, rows: new Set([s.row]), seat: s.id, at: { x: s.x, y: s.y } });
    }
  }
  for (const section of doc.sections.values()) {
    const at = centreOf(section.outline);
    const params = { section: section.name.en || section.name.he || section.code };
    if (!section.name.he.trim() || !section.name.en.trim())
      add({ code: 'sectionName', params, target: section.id, at });
    if (codes.has(`s:${section.code}`))
      add({ code: 'duplicateCode', params: { code: section.code }, target: section.id, at });
    codes.add(`s:${section.code}`);
    if (section.reserved && !count.get(section.id)) add({ code: 'emptySection', params, target: section.id, at });
    if (!section.reserved) {
      if (!section.capacity || section.capacity <= 0) add({ code: 'gaCapacity', params, target: section.id, at });
      if (!section.zone || !doc.zones.has(section.zone)) add({ code: 'gaZone', params, target: section.id, at });
    }
    const nz = noZone.get(section.id);
    if (nz) add({ code: 'seatNoZone', params: { ...params, count: nz.n }, target: nz.seat, at: nz.at });
    if (section.outline.some((p) => p.x < 0 || p.y < 0 || p.x > meta.width || p.y > meta.height))
      add({ code: 'outsidePlan', params: { row: '', seat: params.section }, target: section.id, at });
  }
  // A text or a shape's label is written in the format's four-language name: Hebrew and English are required.
  const missing = (n: { he: string; en: string }) => !n.he.trim() || !n.en.trim();
  for (const l of doc.labels.values())
    if (missing(l.text)) add({ code: 'decorName', params: { text: l.text.he || l.text.en }, target: l.id, at: l });
  for (const d of doc.shapes.values())
    if (d.label && missing(d.label))
      add({ code: 'decorName', params: { text: d.label.he || d.label.en }, target: d.id, at: centreOf(d.points) });
  for (const t of together.values()) {
    if (t.n < 2) add({ code: 'togetherAlone', params: {}, target: t.seat, at: t.at });
    if (t.rows.size > 1) add({ code: 'togetherRows', params: {}, target: t.seat, at: t.at });
  }
  return out;
}

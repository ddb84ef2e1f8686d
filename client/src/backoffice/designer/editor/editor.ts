import type { Bounds } from '@hotline/shared';
import {
  arcSectorOutline,
  block,
  decorBox,
  decorHit,
  moveDecor,
  pointInPolygon,
  scaleBackground,
  scaleFromTwoPoints,
  type DesignerBackground,
  sectorRows,
  snapBox,
  snapToGrid,
  type Guide,
  type PlanDiff,
  type SeatPlacement,
} from '@hotline/seatmaps/designer';
import {
  fitToBounds,
  panBy,
  planToScreen,
  screenToPlan,
  zoomAbout,
  type Camera,
} from '../../../seatmap/model/viewport';
import {
  names,
  newId,
  type DecorKind,
  type DecorShape,
  type DesignerDoc,
  seatDims,
  type Id,
  type Label,
  type Names,
  type Point,
  type Seat,
  type Section,
  type Zone,
} from './doc';
import { boundsOf, rectOutline, rotateAbout, round, type Box } from './geometry';
import { HistoryManager } from './history';
import { DEFAULT_FORM, numberPlan, renumberSeats, type NumberingForm } from './numbering';
import { ChangeBuilder, type Command } from './ops';
import { SelectionManager, tableOf } from './selection';
import { docToPlan } from './venue-document';
import { validateDesign, type Problem } from './validate';
import { changesAgainst, type Comparison } from './version-changes';

/**
 * 'measure' (two points on a traced floor plan) and 'placeImage' (drag the floor plan, or move it by arrows) are
 * chosen from the floor-plan panel, not the toolbar.
 */
export type ToolId =
  'select' | 'rect' | 'polygon' | 'arc' | 'block' | 'ga' | 'stage' | 'text' | 'shape' | 'measure' | 'placeImage';
export type ToolbarTool = Exclude<ToolId, 'measure' | 'placeImage'>;
export const TOOLS: readonly ToolbarTool[] = [
  'select',
  'rect',
  'polygon',
  'arc',
  'block',
  'ga',
  'stage',
  'text',
  'shape',
];

/** The block tool's form: rows x seats filling the dragged box (see create). */
export interface BlockOptions {
  rows: number;
  seatsPerRow: number;
  /** 0 = straight rows; up to 1: the first row bends into a half circle away from the stage (the model's block). */
  curvature: number;
  /** Every second row shifted by half a seat (seats see between the heads in front). */
  stagger: boolean;
}

export interface ToolOptions {
  block: BlockOptions;
  arc: { rows: number; seatsPerRow: number; spanDegrees: number; innerRatio: number };
  gaCapacity: number;
  text: string;
  /** The shape tool's kind: rect and ellipse by two corners, a line by its two ends, a polygon a corner at a time. */
  shapeKind: DecorKind;
  /** Plan units; 0 = no grid. */
  grid: number;
}

/** A handle of the one selected section: a corner of its box (resize), above it (rotate), a corner of its outline. */
export interface Handle {
  kind: 'resize' | 'rotate' | 'corner';
  index: number;
  at: Point;
}

/** An outline that is its own upright box (a rectangle section): its corners resize rather than reshape. */
function isUprightBox(o: readonly Point[]): boolean {
  const [a, b, c, d] = o;
  return o.length === 4 && a!.y === b!.y && b!.x === c!.x && c!.y === d!.y && d!.x === a!.x;
}

/** `p` moved from box `from` to the same place in box `to` (a resize). */
function stretch(p: Point, from: Box, to: Box): Point {
  const fx = from.maxX - from.minX;
  const fy = from.maxY - from.minY;
  return {
    x: round(to.minX + (fx ? ((p.x - from.minX) / fx) * (to.maxX - to.minX) : 0)),
    y: round(to.minY + (fy ? ((p.y - from.minY) / fy) * (to.maxY - to.minY) : 0)),
  };
}

/** The target seats' common size (null: they differ, or none) and whether any has a size of its own. */
export interface TargetSize {
  size: { width: number; height: number } | null;
  own: boolean;
}

/** Something the live region says: a translation key under designer.announce and its values. */
export interface Announcement {
  key: string;
  params: Record<string, string | number>;
  /** Changes each time, so the same sentence twice is said twice. */
  serial: number;
}

const ZONE_COLOURS = ['#1f6feb', '#b35900', '#8250df', '#1a7f37', '#cf222e', '#6e7781'];
const MIN_SCALE = 0.02;
const MAX_SCALE = 40;

/**
 * The seat-plan designer's editor, outside React (tldraw's Editor in spirit): the document, the command stack, the
 * selection, the camera and the current tool. Every change to the document is a command (ops.ts) so it can be undone;
 * the screen subscribes and redraws. React only lays out the panels around it.
 */
export class Editor {
  doc: DesignerDoc;
  readonly history: HistoryManager;
  readonly selection = new SelectionManager();
  camera: Camera = { scale: 1, x: 0, y: 0, rotation: 0, viewportWidth: 800, viewportHeight: 600 };
  tool: ToolId = 'select';
  options: ToolOptions = {
    block: { rows: 5, seatsPerRow: 10, curvature: 0, stagger: false },
    arc: { rows: 4, seatsPerRow: 12, spanDegrees: 90, innerRatio: 0.5 },
    gaCapacity: 200,
    text: '',
    shapeKind: 'rect',
    grid: 5,
  };
  scheme: NumberingForm = { ...DEFAULT_FORM };
  /** The category new seats get. */
  activeZone: Id | null = null;
  readOnly = false;
  /** While dragging the selection: the snapped offset drawn before it is committed, and the guides it lines up with. */
  dragOffset: Point | null = null;
  guides: Guide[] = [];
  /** A tool's shape while it is being drawn (plan units), and the polygon tool's points so far. */
  draft: { a: Point; b: Point } | null = null;
  polygon: Point[] = [];
  /** The measure tool's points on the plan (at most two): the floor plan is scaled so they lie a known distance apart. */
  measure: Point[] = [];
  /** How far the floor plan is being dragged (drawn there; committed as one command on letting go). */
  imageDrag: Point | null = null;
  /** A section's outline while one of its handles is dragged (drawn dashed; committed on letting go). */
  shapeDraft: Point[] | null = null;
  /** The rubber band of a box selection, plan units. */
  band: { a: Point; b: Point } | null = null;
  announcement: Announcement | null = null;
  /** Bumped on every change to the document (autosave, validation), and on anything drawn (render). */
  docVersion = 0;
  version = 0;
  private clipboard: { seats: Seat[]; sections: Section[]; labels: Label[]; shapes: DecorShape[] } | null = null;
  private listeners = new Set<() => void>();
  private problemsCache: { version: number; problems: Problem[] } | null = null;
  /** The published version this draft replaces, to show and count what changed (null: none, or not loaded). */
  comparison: Comparison | null = null;
  /** Whether the changes are drawn on the map (the counts are listed either way). */
  showChanges = true;
  private changesCache: { version: number; comparison: Comparison; diff: PlanDiff } | null = null;

  constructor(doc: DesignerDoc) {
    this.doc = doc;
    this.history = new HistoryManager(() => this.doc);
    this.activeZone = [...doc.zones.keys()][0] ?? null;
  }

  /* ------------------------------------------------------------ subscription */

  subscribe(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  changed(doc = false): void {
    if (doc) this.docVersion++;
    this.version++;
    for (const fn of this.listeners) fn();
  }

  announce(key: string, params: Record<string, string | number> = {}): void {
    this.announcement = { key, params, serial: (this.announcement?.serial ?? 0) + 1 };
  }

  /* ------------------------------------------------------------ document */

  load(doc: DesignerDoc): void {
    this.doc = doc;
    this.history.clear();
    this.selection.clear();
    this.activeZone = [...doc.zones.keys()][0] ?? null;
    this.changed(true);
  }

  /** An imported file (or a restored local copy) in place of everything, as one command that undo takes back. */
  replaceAll(next: DesignerDoc, label = 'import'): void {
    this.run(label, (b) => {
      for (const table of ['zones', 'sections', 'seats', 'labels', 'shapes'] as const) {
        for (const id of this.doc[table].keys()) if (!next[table].has(id)) b.remove(table, id);
        for (const [id, v] of next[table]) b.set(table, id, v as never);
      }
      b.setMeta({ ...next.meta, venue: this.doc.meta.venue });
    });
    this.activeZone = [...this.doc.zones.keys()][0] ?? null;
    this.fit();
  }

  /** Applies a command built against the current document (nothing when it changes nothing). */
  run(label: string, build: (b: ChangeBuilder) => void): Command | null {
    if (this.readOnly) return null;
    const b = new ChangeBuilder(this.doc);
    build(b);
    const cmd = b.build(label);
    if (!cmd) return null;
    this.history.run(cmd);
    this.selection.prune((id) => this.exists(id));
    this.announce('done', { action: label });
    this.changed(true);
    return cmd;
  }

  undo(): void {
    if (this.readOnly) return;
    const cmd = this.history.undo();
    if (!cmd) return;
    this.selection.prune((id) => this.exists(id));
    this.announce('undone', { action: cmd.label });
    this.changed(true);
  }

  redo(): void {
    if (this.readOnly) return;
    const cmd = this.history.redo();
    if (!cmd) return;
    this.selection.prune((id) => this.exists(id));
    this.announce('redone', { action: cmd.label });
    this.changed(true);
  }

  exists(id: Id): boolean {
    const t = tableOf(id);
    if (t === 'stage') return this.doc.meta.stage !== null;
    return t !== null && this.doc[t].has(id);
  }

  problems(): Problem[] {
    if (this.problemsCache?.version !== this.docVersion)
      this.problemsCache = { version: this.docVersion, problems: validateDesign(this.doc) };
    return this.problemsCache.problems;
  }

  setComparison(c: Comparison | null): void {
    this.comparison = c;
    this.changesCache = null;
    this.changed();
  }

  setShowChanges(show: boolean): void {
    this.showChanges = show;
    this.changed();
  }

  /** The draft against the published version, worked out once per change of the document. */
  changes(): PlanDiff | null {
    const c = this.comparison;
    if (!c) return null;
    const cached = this.changesCache;
    if (cached?.version === this.docVersion && cached.comparison === c) return cached.diff;
    const diff = changesAgainst(c.plan, this.doc);
    this.changesCache = { version: this.docVersion, comparison: c, diff };
    return diff;
  }

  /* ------------------------------------------------------------ selection */

  select(ids: Iterable<Id>, mode: 'replace' | 'add' | 'toggle' = 'replace'): void {
    this.selection.select(ids, mode);
    this.announceSelection();
    this.changed();
  }

  selectAll(): void {
    this.selection.select([...this.doc.sections.keys(), ...this.doc.labels.keys(), ...this.doc.shapes.keys()]);
    this.announceSelection();
    this.changed();
  }

  clearSelection(): void {
    if (!this.selection.size) return;
    this.selection.clear();
    this.announceSelection();
    this.changed();
  }

  announceSelection(): void {
    const seats = this.selection.ofTable('seats').length;
    const sections = this.selection.ofTable('sections');
    const one = sections.length === 1 ? this.doc.sections.get(sections[0]!) : undefined;
    this.announce('selection', {
      seats,
      sections: sections.length,
      others: this.selection.size - seats - sections.length,
      name: one ? one.name.en || one.code : '',
    });
  }

  private targetCache: { doc: number; selection: number; seats: Seat[] } | null = null;
  private zoneCountCache: { doc: number; counts: Map<Id, number> } | null = null;

  /**
   * The seats a property change applies to: the selected seats and every seat of a selected section. Kept until the
   * document or the selection changes: the panels ask on every render (a drag renders on each pointer move), and a
   * selected stand of a 100,000-seat plan is not walked each time.
   */
  targetSeats(): Seat[] {
    const c = this.targetCache;
    if (c && c.doc === this.docVersion && c.selection === this.selection.serial) return c.seats;
    const seats = this.findTargetSeats();
    this.targetCache = { doc: this.docVersion, selection: this.selection.serial, seats };
    return seats;
  }

  /** How many seats each category has (the categories panel), kept until the document changes. */
  seatsPerZone(): ReadonlyMap<Id, number> {
    if (this.zoneCountCache?.doc !== this.docVersion) {
      const counts = new Map<Id, number>();
      for (const s of this.doc.seats.values()) if (s.zone) counts.set(s.zone, (counts.get(s.zone) ?? 0) + 1);
      this.zoneCountCache = { doc: this.docVersion, counts };
    }
    return this.zoneCountCache.counts;
  }

  private findTargetSeats(): Seat[] {
    const sections = new Set(this.selection.ofTable('sections'));
    const out: Seat[] = [];
    for (const id of this.selection.ofTable('seats')) {
      const s = this.doc.seats.get(id);
      if (s && !sections.has(s.section)) out.push(s);
    }
    if (sections.size) for (const s of this.doc.seats.values()) if (sections.has(s.section)) out.push(s);
    return out;
  }

  /** Grows the selection to the whole rows of the selected seats. */
  selectRows(): void {
    const rows = new Set(this.targetSeats().map((s) => `${s.section}\u0000${s.row}`));
    const ids: Id[] = [];
    for (const s of this.doc.seats.values()) if (rows.has(`${s.section}\u0000${s.row}`)) ids.push(s.id);
    this.select(ids);
  }

  /** The topmost thing at a plan point: a seat, a label, the stage, a decorative shape, then a section. */
  hitTest(p: Point): Id | null {
    const meta = this.doc.meta;
    let best: Id | null = null;
    let bestD = Infinity;
    for (const s of this.doc.seats.values()) {
      const d = (s.x - p.x) ** 2 + (s.y - p.y) ** 2;
      const { width, height } = seatDims(s, meta);
      const r = Math.max(width, height) / 2;
      if (d <= r * r * 1.2 && d < bestD) {
        bestD = d;
        best = s.id;
      }
    }
    if (best) return best;
    for (const l of this.doc.labels.values())
      if (Math.abs(l.x - p.x) <= l.size * 3 && Math.abs(l.y - p.y) <= l.size) return l.id;
    const st = this.doc.meta.stage;
    if (st && p.x >= st.x && p.x <= st.x + st.width && p.y >= st.y && p.y <= st.y + st.height) return 'stage';
    // Shapes are drawn under the sections but are usually small things inside them (a pillar, a desk): they come first.
    const shapes = [...this.doc.shapes.values()].reverse();
    for (const d of shapes) if (decorHit(d, p, 4 / this.camera.scale)) return d.id;
    const sections = [...this.doc.sections.values()].reverse();
    for (const s of sections) if (pointInPolygon(p.x, p.y, s.outline)) return s.id;
    return null;
  }

  /** Box select: seats inside (and sections whose whole outline is inside, and labels). */
  idsInBox(a: Point, b: Point): Id[] {
    const box = {
      minX: Math.min(a.x, b.x),
      minY: Math.min(a.y, b.y),
      maxX: Math.max(a.x, b.x),
      maxY: Math.max(a.y, b.y),
    };
    const inside = (p: Point) => p.x >= box.minX && p.x <= box.maxX && p.y >= box.minY && p.y <= box.maxY;
    const ids: Id[] = [];
    for (const s of this.doc.sections.values()) if (s.outline.every(inside)) ids.push(s.id);
    const whole = new Set(ids);
    for (const s of this.doc.seats.values()) if (!whole.has(s.section) && inside(s)) ids.push(s.id);
    for (const l of this.doc.labels.values()) if (inside(l)) ids.push(l.id);
    for (const d of this.doc.shapes.values()) if (d.points.every(inside)) ids.push(d.id);
    const st = this.doc.meta.stage;
    if (st && inside(st) && inside({ x: st.x + st.width, y: st.y + st.height })) ids.push('stage');
    return ids;
  }

  /** The plan-unit box around what is selected (seats of selected sections included). */
  selectionBounds(ids: Id[] = this.selection.all()): Box | null {
    const pts: Point[] = [];
    for (const id of ids) {
      const t = tableOf(id);
      if (t === 'seats') {
        const s = this.doc.seats.get(id);
        if (!s) continue;
        const size = seatDims(s, this.doc.meta);
        const r = Math.max(size.width, size.height) / 2;
        pts.push({ x: s.x - r, y: s.y - r }, { x: s.x + r, y: s.y + r });
      } else if (t === 'sections') pts.push(...(this.doc.sections.get(id)?.outline ?? []));
      else if (t === 'labels') {
        const l = this.doc.labels.get(id);
        if (l) pts.push(l);
      } else if (t === 'shapes') {
        const d = this.doc.shapes.get(id);
        if (d) pts.push(...decorBox(d));
      } else if (t === 'stage' && this.doc.meta.stage) {
        const st = this.doc.meta.stage;
        pts.push(st, { x: st.x + st.width, y: st.y + st.height });
      }
    }
    return boundsOf(pts);
  }

  /* ------------------------------------------------------------ transforms */

  /**
   * Applies `f` to every selected place (seats of a selected section move with it). One command, whatever the count.
   */
  private transformSelected(label: string, f: (p: Point) => Point, turn: number, mirror: boolean): void {
    const sections = new Set(this.selection.ofTable('sections'));
    this.run(label, (b) => {
      for (const id of sections) {
        const s = this.doc.sections.get(id)!;
        b.set('sections', id, { ...s, outline: s.outline.map(f) });
      }
      for (const s of this.targetSeats()) {
        const p = f(s);
        const rotate = mirror ? -s.rotate : s.rotate + turn;
        b.set('seats', s.id, { ...s, x: p.x, y: p.y, rotate: round(((rotate % 360) + 360) % 360) });
      }
      for (const id of this.selection.ofTable('labels')) {
        const l = this.doc.labels.get(id)!;
        b.set('labels', id, { ...l, ...f(l) });
      }
      for (const id of this.selection.ofTable('shapes'))
        b.set('shapes', id, moveDecor(this.doc.shapes.get(id)!, f, turn, mirror));
      if (this.selection.has('stage') && this.doc.meta.stage && !turn && !mirror) {
        const st = this.doc.meta.stage;
        b.setMeta({ ...this.doc.meta, stage: { ...st, ...f(st) } });
      }
    });
  }

  moveSelected(dx: number, dy: number): void {
    if (!dx && !dy) return;
    this.transformSelected('move', (p) => ({ x: round(p.x + dx), y: round(p.y + dy) }), 0, false);
  }

  /** Arrow keys: one grid step (or one unit without a grid); with shift ten times that. */
  nudge(dirX: number, dirY: number, big: boolean): void {
    const step = (this.options.grid || 1) * (big ? 10 : 1);
    this.moveSelected(dirX * step, dirY * step);
  }

  rotateSelected(degrees: number): void {
    const b = this.selectionBounds();
    if (!b) return;
    const c = { x: (b.minX + b.maxX) / 2, y: (b.minY + b.maxY) / 2 };
    this.transformSelected('rotate', (p) => rotateAbout(p, c, degrees), degrees, false);
  }

  mirrorSelected(axis: 'x' | 'y'): void {
    const b = this.selectionBounds();
    if (!b) return;
    const cx = b.minX + b.maxX;
    const cy = b.minY + b.maxY;
    this.transformSelected(
      'mirror',
      (p) => (axis === 'x' ? { x: round(cx - p.x), y: p.y } : { x: p.x, y: round(cy - p.y) }),
      0,
      true,
    );
  }

  /** The drag in progress, snapped to other things' edges and centres (the model's snapBox), or to the grid. */
  dragTo(dx: number, dy: number): void {
    const moving = this.selectionBounds();
    if (!moving) return;
    const ids = new Set(this.selection.all());
    const others: Box[] = [];
    for (const s of this.doc.sections.values()) if (!ids.has(s.id)) others.push(boundsOf(s.outline)!);
    const st = this.doc.meta.stage;
    if (st && !ids.has('stage')) others.push({ minX: st.x, minY: st.y, maxX: st.x + st.width, maxY: st.y + st.height });
    const snapped = snapBox(moving, { x: dx, y: dy }, others, {
      tolerance: 6 / this.camera.scale,
      grid: this.options.grid,
    });
    this.dragOffset = snapped.delta;
    this.guides = snapped.guides;
    this.changed();
  }

  endDrag(): void {
    const o = this.dragOffset;
    this.dragOffset = null;
    this.guides = [];
    if (o) this.moveSelected(round(o.x), round(o.y));
    else this.changed();
  }

  /* ------------------------------------------------------------ clipboard */

  copy(): void {
    const sections = this.selection.ofTable('sections').map((id) => this.doc.sections.get(id)!);
    this.clipboard = {
      sections,
      seats: this.targetSeats(),
      labels: this.selection.ofTable('labels').map((id) => this.doc.labels.get(id)!),
      shapes: this.selection.ofTable('shapes').map((id) => this.doc.shapes.get(id)!),
    };
    this.announce('copied', { count: this.selection.size });
    this.changed();
  }

  paste(): void {
    const clip = this.clipboard;
    if (!clip) return;
    const d = this.doc.meta.seatSize * 2;
    const sectionIds = new Map<Id, Id>();
    const fresh: Id[] = [];
    this.run('paste', (b) => {
      for (const s of clip.sections) {
        const id = newId('sc');
        sectionIds.set(s.id, id);
        fresh.push(id);
        b.set('sections', id, {
          ...s,
          id,
          code: this.freeSectionCode(s.code),
          outline: s.outline.map((p) => ({ x: p.x + d, y: p.y + d })),
          imported: null,
        });
      }
      for (const s of clip.seats) {
        const id = newId('st');
        const section = sectionIds.get(s.section) ?? s.section;
        if (section === s.section) fresh.push(id);
        b.set('seats', id, {
          ...s,
          id,
          section,
          x: s.x + d,
          y: s.y + d,
          name: section === s.section ? `${s.name}'` : s.name,
          // A copy is a new seat: the format gives it a place of its own in its row on saving.
          identity: null,
        });
      }
      for (const l of clip.labels) {
        const id = newId('lb');
        fresh.push(id);
        b.set('labels', id, { ...l, id, x: l.x + d, y: l.y + d });
      }
      for (const shape of clip.shapes) {
        const id = newId('dc');
        fresh.push(id);
        b.set('shapes', id, { ...shape, id, points: shape.points.map((p) => ({ x: p.x + d, y: p.y + d })) });
      }
    });
    this.selection.select(fresh);
    this.changed();
  }

  duplicate(): void {
    this.copy();
    this.paste();
  }

  deleteSelected(): void {
    const sections = new Set(this.selection.ofTable('sections'));
    this.run('delete', (b) => {
      for (const id of sections) b.remove('sections', id);
      for (const s of this.targetSeats()) b.remove('seats', s.id);
      for (const id of this.selection.ofTable('labels')) b.remove('labels', id);
      for (const id of this.selection.ofTable('shapes')) b.remove('shapes', id);
      if (this.selection.has('stage')) b.setMeta({ ...this.doc.meta, stage: null });
    });
  }

  /* ------------------------------------------------------------ creation tools */

  private freeSectionCode(base: string): string {
    const taken = new Set([...this.doc.sections.values()].map((s) => s.code));
    const stem = base.replace(/-\d+$/, '') || 'S';
    if (!taken.has(stem)) return stem;
    for (let k = 2; ; k++) if (!taken.has(`${stem}-${k}`)) return `${stem}-${k}`;
  }

  private nextSectionNames(): { code: string; name: Names } {
    const n = this.doc.sections.size + 1;
    return {
      code: this.freeSectionCode(`S${n}`),
      name: names(`אזור ${n}`, `Section ${n}`, `Сектор ${n}`, `القسم ${n}`),
    };
  }

  private addSection(b: ChangeBuilder, outline: Point[], reserved: boolean): Section {
    const { code, name } = this.nextSectionNames();
    const id = newId('sc');
    const section: Section = {
      id,
      code,
      name,
      reserved,
      capacity: reserved ? null : this.options.gaCapacity,
      zone: reserved ? null : this.activeZone,
      outline,
      groups: [{ code: 'main', name: 'main' }],
      imported: null,
    };
    b.set('sections', id, section);
    return section;
  }

  /**
   * Seats of new rows (the model's placements, first row nearest the stage), numbered by the form through the model's
   * numbering, in a new section around them.
   */
  private addRows(b: ChangeBuilder, section: Section, rows: SeatPlacement[][]): void {
    const seats: Seat[] = [];
    rows.forEach((row, r) => {
      for (const p of row) {
        const id = newId('st');
        seats.push({
          id,
          section: section.id,
          // A placeholder row label per row until the numbering below labels it.
          row: `\u0000${r}`,
          name: '',
          x: round(p.cx),
          y: round(p.cy),
          rotate: round(p.rotate),
          zone: this.activeZone,
          features: [],
          together: null,
          group: 'main',
          identity: null,
          size: null,
        });
      }
    });
    const plan = docToPlan(
      { ...this.doc, sections: new Map([[section.id, section]]), seats: new Map(seats.map((s) => [s.id, s])) },
      new Set([section.id]),
    );
    const numbered = numberPlan(
      plan,
      seats.map((s) => s.id),
      { ...this.scheme, keepRows: false },
    );
    const labels = new Map<Id, { row: string; name: string }>();
    if (numbered.ok)
      for (const row of numbered.plan.sections[0]!.rows)
        for (const k of row.seats) labels.set(k.id, { row: row.label, name: k.label });
    for (const s of seats) b.set('seats', s.id, { ...s, ...(labels.get(s.id) ?? { row: '', name: '' }) });
  }

  snapPoint(p: Point): Point {
    return snapToGrid(p, this.options.grid);
  }

  /** Finishes the current tool's shape between two plan points (a drag, or two keyboard-placed corners). */
  create(a0: Point, b0: Point): void {
    const a = this.snapPoint(a0);
    const b = this.snapPoint(b0);
    const tiny = Math.abs(a.x - b.x) < 1 && Math.abs(a.y - b.y) < 1;
    const r = this.doc.meta.seatSize;
    let created: Id | null = null;
    switch (this.tool) {
      case 'rect':
      case 'ga':
        if (tiny) return;
        this.run(this.tool === 'ga' ? 'addGa' : 'addSection', (c) => {
          created = this.addSection(c, rectOutline(a, b), this.tool === 'rect').id;
        });
        break;
      case 'block': {
        if (tiny) return;
        const rows = this.blockRows(a, b);
        // The section: the box around the seats (a curved block's back rows reach beyond the dragged box).
        const box = boundsOf(
          rows.flatMap((row) => row.map((p) => ({ x: p.cx, y: p.cy }))),
          r,
        )!;
        const outline = rectOutline(
          { x: round(box.minX), y: round(box.minY) },
          { x: round(box.maxX), y: round(box.maxY) },
        );
        this.run('addBlock', (c) => {
          const s = this.addSection(c, outline, true);
          this.addRows(c, s, rows);
          created = s.id;
        });
        break;
      }
      case 'arc': {
        if (tiny) return;
        const sector = this.arcSector(a, b);
        const o = this.options.arc;
        const rowSpacing = (sector.outerRadius - sector.innerRadius) / Math.max(1, Math.floor(o.rows));
        const front = sector.innerRadius + rowSpacing / 2;
        const sweep = ((sector.endAngle - sector.startAngle) * Math.PI) / 180;
        // The front row gets the seats asked for; rows further out, being longer, get more at the same spacing.
        const rows = sectorRows({
          ...sector,
          rowSpacing,
          seatSpacing: (sweep * front) / (Math.max(1, Math.floor(o.seatsPerRow)) + 0.5),
        });
        const outline = arcSectorOutline(sector).map((p) => ({ x: round(p.x), y: round(p.y) }));
        this.run('addArc', (c) => {
          const s = this.addSection(c, outline, true);
          this.addRows(c, s, rows);
          created = s.id;
        });
        break;
      }
      case 'stage': {
        if (tiny) return;
        const x = Math.min(a.x, b.x);
        const y = Math.min(a.y, b.y);
        this.run('addStage', (c) =>
          c.setMeta({
            ...this.doc.meta,
            stage: {
              x,
              y,
              width: Math.abs(b.x - a.x),
              height: Math.abs(b.y - a.y),
              label: this.doc.meta.stage?.label ?? names('במה', 'Stage', 'Сцена', 'المسرح'),
            },
          }),
        );
        created = 'stage';
        break;
      }
      case 'text': {
        const id = newId('lb');
        const text = this.options.text.trim() || 'Text';
        this.run('addText', (c) =>
          c.set('labels', id, { id, text: names(text, text, text, text), x: a.x, y: a.y, size: r * 1.5, rotate: 0 }),
        );
        created = id;
        break;
      }
      case 'shape': {
        const kind = this.options.shapeKind;
        if (tiny || kind === 'polygon') return;
        created = this.addDecor(kind === 'line' ? [a, b] : rectOutline(a, b).filter((_, i) => i % 2 === 0));
        break;
      }
      default:
        return;
    }
    if (created) {
      // Selected to be changed at once; the live region keeps saying what was made.
      this.selection.select([created]);
      this.changed();
    }
  }

  /** A new decorative shape of the shape tool's kind, filled light grey with a dark outline (changed in its panel). */
  private addDecor(points: Point[]): Id {
    const kind = this.options.shapeKind;
    const id = newId('dc');
    const shape: DecorShape = {
      id,
      kind,
      points,
      rotate: 0,
      fill: kind === 'line' ? null : '#d0d7de',
      stroke: '#57606a',
      label: null,
    };
    this.run('addShape', (c) => c.set('shapes', id, shape));
    return id;
  }

  /** Whether a click (or Enter) adds a corner: the polygon section tool, and the shape tool drawing a polygon. */
  picksCorners(): boolean {
    return this.tool === 'polygon' || (this.tool === 'shape' && this.options.shapeKind === 'polygon');
  }

  /** The polygon tool: a corner per click; closing it (Enter, or a click on the first corner) makes the section. */
  addPolygonPoint(p: Point): void {
    const q = this.snapPoint(p);
    const first = this.polygon[0];
    if (first && this.polygon.length >= 3 && Math.hypot(first.x - q.x, first.y - q.y) < 8 / this.camera.scale) {
      this.closePolygon();
      return;
    }
    this.polygon = [...this.polygon, q];
    this.announce('polygonPoint', { count: this.polygon.length });
    this.changed();
  }

  closePolygon(): void {
    const pts = this.polygon;
    this.polygon = [];
    if (pts.length < 3) {
      this.changed();
      return;
    }
    let id: Id | null = null;
    if (this.tool === 'shape') id = this.addDecor(pts);
    else
      this.run('addSection', (c) => {
        id = this.addSection(c, pts, true).id;
      });
    if (id) {
      this.selection.select([id]);
      this.changed();
    }
  }

  /* ------------------------------------------------------------ properties */

  updateSection(id: Id, patch: Partial<Omit<Section, 'id'>>): void {
    const s = this.doc.sections.get(id);
    if (s) this.run('editSection', (b) => b.set('sections', id, { ...s, ...patch }));
  }

  updateLabel(id: Id, patch: Partial<Omit<Label, 'id'>>): void {
    const l = this.doc.labels.get(id);
    if (l) this.run('editText', (b) => b.set('labels', id, { ...l, ...patch }));
  }

  updateShape(id: Id, patch: Partial<Omit<DecorShape, 'id'>>): void {
    const d = this.doc.shapes.get(id);
    if (d) this.run('editShape', (b) => b.set('shapes', id, { ...d, ...patch }));
  }

  updateStageLabel(label: Names): void {
    const st = this.doc.meta.stage;
    if (st) this.run('editStage', (b) => b.setMeta({ ...this.doc.meta, stage: { ...st, label } }));
  }

  /** The category of the target seats (and of selected general-admission areas). */
  setZoneOfSelection(zone: Id | null): void {
    this.run('setCategory', (b) => {
      for (const s of this.targetSeats()) if (s.zone !== zone) b.set('seats', s.id, { ...s, zone });
      for (const id of this.selection.ofTable('sections')) {
        const s = this.doc.sections.get(id)!;
        if (!s.reserved) b.set('sections', id, { ...s, zone });
      }
    });
  }

  /** Feature on for every target seat, or off when all of them have it already. */
  toggleFeature(code: number): void {
    const seats = this.targetSeats();
    const on = !seats.every((s) => s.features.includes(code));
    this.run('setFeature', (b) => {
      for (const s of seats) {
        const has = s.features.includes(code);
        if (on && !has) b.set('seats', s.id, { ...s, features: [...s.features, code].sort((x, y) => x - y) });
        if (!on && has) b.set('seats', s.id, { ...s, features: s.features.filter((f) => f !== code) });
      }
    });
  }

  /**
   * The target seats sold together (one group per row), or apart again when they already are. The format asks a seat
   * sold together to be a couch (feature 1), so joining adds it and parting removes it.
   */
  toggleTogether(): void {
    const seats = this.targetSeats();
    if (!seats.length) return;
    const apart = seats.every((s) => s.together !== null);
    this.run(apart ? 'apart' : 'together', (b) => {
      if (apart) {
        for (const s of seats)
          b.set('seats', s.id, { ...s, together: null, features: s.features.filter((f) => f !== 1) });
        return;
      }
      const used = new Map<Id, number>();
      for (const s of this.doc.seats.values())
        if (s.together !== null) used.set(s.section, Math.max(used.get(s.section) ?? 0, s.together));
      const groups = new Map<string, number>();
      for (const s of seats) {
        const key = `${s.section}\u0000${s.row}`;
        let g = groups.get(key);
        if (g === undefined) {
          g = (used.get(s.section) ?? 0) + 1;
          used.set(s.section, g);
          groups.set(key, g);
        }
        b.set('seats', s.id, { ...s, together: g, features: s.features.includes(1) ? s.features : [1, ...s.features] });
      }
    });
  }

  /** The model's numbering on the target seats; refused (and said where) when it would label two seats alike. */
  renumberSelected(form: NumberingForm = this.scheme): void {
    const result = renumberSeats(this.doc, this.targetSeats(), form);
    if (!result.ok) {
      const first = result.conflicts[0]!;
      this.selection.select(first.ids.filter((id) => this.doc.seats.has(id)));
      this.announce('renumberConflict', { label: first.label, count: result.conflicts.length });
      this.changed();
      return;
    }
    this.run('renumber', (b) => {
      for (const s of result.changed) b.set('seats', s.id, s);
    });
  }

  /**
   * The block tool's rows filling the dragged box (the model's block): the box's width is the first row's, its height
   * the distance from the first row to the last; a curved block's rows bend back beyond it.
   */
  blockRows(a: Point, b: Point): SeatPlacement[][] {
    const o = this.options.block;
    const rows = Math.max(1, Math.floor(o.rows));
    const per = Math.max(1, Math.floor(o.seatsPerRow));
    const w = Math.abs(b.x - a.x);
    const h = Math.abs(b.y - a.y);
    return block({
      origin: { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y) },
      rows,
      seatsPerRow: per,
      seatSpacing: per > 1 ? w / (per - (o.stagger ? 0.5 : 1)) : 0,
      rowSpacing: rows > 1 ? h / (rows - 1) : 0,
      curvature: o.curvature,
      staggered: o.stagger,
    });
  }

  /** The arc tool's ring sector: dragged from its centre (the stage) to the middle of its outer edge. */
  arcSector(a: Point, b: Point) {
    const o = this.options.arc;
    const outerRadius = Math.hypot(b.x - a.x, b.y - a.y);
    const mid = (Math.atan2(b.y - a.y, b.x - a.x) * 180) / Math.PI;
    return {
      cx: a.x,
      cy: a.y,
      innerRadius: outerRadius * o.innerRatio,
      outerRadius,
      startAngle: mid - o.spanDegrees / 2,
      endAngle: mid + o.spanDegrees / 2,
    };
  }

  /** Row label or seat label of one seat typed by hand. */
  updateSeat(id: Id, patch: Partial<Pick<Seat, 'row' | 'name'>>): void {
    const s = this.doc.seats.get(id);
    if (s) this.run('editSeat', (b) => b.set('seats', id, { ...s, ...patch }));
  }

  /* ------------------------------------------------------------ handles of one selected section */

  /** The section whose handles show: the only thing selected, with the select tool. */
  handleSection(): Section | null {
    if (this.readOnly || this.tool !== 'select' || this.selection.size !== 1) return null;
    return this.doc.sections.get(this.selection.all()[0]!) ?? null;
  }

  handles(): Handle[] {
    const s = this.handleSection();
    if (!s) return [];
    const b = boundsOf(s.outline)!;
    const out: Handle[] = [
      { kind: 'rotate', index: 0, at: { x: (b.minX + b.maxX) / 2, y: b.minY - 24 / this.camera.scale } },
    ];
    if (!isUprightBox(s.outline)) s.outline.forEach((at, index) => out.push({ kind: 'corner', index, at }));
    const corners = [
      { x: b.minX, y: b.minY },
      { x: b.maxX, y: b.minY },
      { x: b.maxX, y: b.maxY },
      { x: b.minX, y: b.maxY },
    ];
    corners.forEach((at, index) => out.push({ kind: 'resize', index, at }));
    return out;
  }

  /** The handle under a plan point (within 6 screen px): rotate first, then outline corners, then the box's. */
  handleAt(p: Point): Handle | null {
    const r = 6 / this.camera.scale;
    return this.handles().find((h) => Math.abs(h.at.x - p.x) <= r && Math.abs(h.at.y - p.y) <= r) ?? null;
  }

  /** The outline a handle dragged to `p` would give (drawn while dragging, committed by finishHandle). */
  handleOutline(h: Handle, p: Point, fine = false): Point[] | null {
    const s = this.handleSection();
    if (!s) return null;
    const q = fine ? p : this.snapPoint(p);
    if (h.kind === 'corner') return s.outline.map((c, i) => (i === h.index ? q : c));
    const b = boundsOf(s.outline)!;
    if (h.kind === 'resize') {
      // The opposite corner stays put.
      const fixed = { x: h.index === 0 || h.index === 3 ? b.maxX : b.minX, y: h.index < 2 ? b.maxY : b.minY };
      const to = {
        minX: Math.min(fixed.x, q.x),
        minY: Math.min(fixed.y, q.y),
        maxX: Math.max(fixed.x, q.x),
        maxY: Math.max(fixed.y, q.y),
      };
      if (to.maxX - to.minX < 1 || to.maxY - to.minY < 1) return null;
      return s.outline.map((c) => stretch(c, b, to));
    }
    const c = { x: (b.minX + b.maxX) / 2, y: (b.minY + b.maxY) / 2 };
    return s.outline.map((o) => rotateAbout(o, c, this.handleAngle(p, fine)));
  }

  /** The rotate handle's angle at `p`: from straight up, whole degrees, 15° steps unless `fine`. */
  handleAngle(p: Point, fine = false): number {
    const s = this.handleSection();
    if (!s) return 0;
    const b = boundsOf(s.outline)!;
    const deg = (Math.atan2(p.x - (b.minX + b.maxX) / 2, -(p.y - (b.minY + b.maxY) / 2)) * 180) / Math.PI;
    return fine ? Math.round(deg) : Math.round(deg / 15) * 15;
  }

  /** A handle let go at `p`: resize or reshape the outline (its seats stay where they are), or rotate with its seats. */
  finishHandle(h: Handle, p: Point, fine = false): void {
    const s = this.handleSection();
    if (!s) return;
    if (h.kind === 'rotate') {
      const angle = this.handleAngle(p, fine);
      if (angle) this.rotateSelected(angle);
      return;
    }
    const outline = this.handleOutline(h, p, fine);
    if (outline) this.setOutline(s.id, outline, h.kind === 'resize' ? 'resizeSection' : 'moveCorner');
  }

  /** A section's outline replaced (a resize, a corner moved, typed corner coordinates): one command. */
  setOutline(id: Id, outline: Point[], label = 'moveCorner'): void {
    const s = this.doc.sections.get(id);
    if (!s || outline.length < 3) return;
    if (
      outline.every((p, i) => p.x === s.outline[i]?.x && p.y === s.outline[i]?.y) &&
      outline.length === s.outline.length
    )
      return;
    this.run(label, (b) => b.set('sections', id, { ...s, outline }));
  }

  /** The selected section's box typed in the properties panel: the outline stretched to it, from its top-left. */
  resizeSection(id: Id, width: number, height: number): void {
    const s = this.doc.sections.get(id);
    if (!s || !(width >= 1) || !(height >= 1)) return;
    const b = boundsOf(s.outline)!;
    const to = { minX: b.minX, minY: b.minY, maxX: b.minX + width, maxY: b.minY + height };
    this.setOutline(
      id,
      s.outline.map((c) => stretch(c, b, to)),
      'resizeSection',
    );
  }

  /* ------------------------------------------------------------ the traced floor plan */

  /** A floor plan under the plan (an upload), changed, or removed (null): one command each, undo takes it back. */
  setBackground(
    background: DesignerBackground | null,
    label = background ? 'editBackground' : 'removeBackground',
  ): void {
    this.run(label, (b) => b.setMeta({ ...this.doc.meta, background }));
  }

  /** Opacity always; place and scale only while unlocked (a traced plan stays put). */
  updateBackground(patch: Partial<Pick<DesignerBackground, 'opacity' | 'offset' | 'scale' | 'locked'>>): void {
    const bg = this.doc.meta.background;
    if (!bg || (bg.locked && (patch.offset || patch.scale))) return;
    const label = patch.locked === undefined ? 'editBackground' : patch.locked ? 'lockBackground' : 'unlockBackground';
    this.setBackground({ ...bg, ...patch }, label);
  }

  /** Whether the floor plan can be placed: there is one and it is not locked. */
  canPlaceImage(): boolean {
    const bg = this.doc.meta.background;
    return !!bg && !bg.locked && !this.readOnly;
  }

  /** The place tool's drag so far (plan units), snapped to whole grid steps; drawn, not yet a command. */
  dragImage(dx: number, dy: number): void {
    if (!this.canPlaceImage()) return;
    const g = this.options.grid;
    this.imageDrag = g ? { x: Math.round(dx / g) * g, y: Math.round(dy / g) * g } : { x: round(dx), y: round(dy) };
    this.changed();
  }

  /** The drag let go: the floor plan moved by it, one command ('moveBackground'); nothing for a drag of nothing. */
  endImageDrag(): void {
    const d = this.imageDrag;
    this.imageDrag = null;
    if (d && (d.x || d.y)) this.moveImage(d.x, d.y);
    else this.changed();
  }

  /** The place tool's arrow keys: one grid step (one unit without a grid), Shift ten; one command each. */
  nudgeImage(dirX: number, dirY: number, big: boolean): void {
    const step = (this.options.grid || 1) * (big ? 10 : 1);
    this.moveImage(dirX * step, dirY * step);
  }

  private moveImage(dx: number, dy: number): void {
    const bg = this.doc.meta.background;
    if (!bg || !this.canPlaceImage()) {
      this.announce('imageLocked');
      this.changed();
      return;
    }
    const offset = { x: round(bg.offset.x + dx), y: round(bg.offset.y + dy) };
    this.setBackground({ ...bg, offset }, 'moveBackground');
    this.announce('imageMoved', { x: offset.x, y: offset.y });
    this.changed();
  }

  /** The measure tool: a point per click or Enter; a third starts again. */
  addMeasurePoint(p: Point): void {
    this.measure = this.measure.length >= 2 ? [p] : [...this.measure, p];
    const [a, b] = this.measure;
    if (a && b) this.announce('measured', { distance: round(Math.hypot(b.x - a.x, b.y - a.y)) });
    else this.announce('measurePoint', { count: this.measure.length });
    this.changed();
  }

  /**
   * Scales the floor plan (the model's scaleFromTwoPoints) so the two measured points lie `distance` plan units apart;
   * the first point stays where it is. False when there is nothing to scale (no image, locked, not two points).
   */
  scaleBackgroundByMeasure(distance: number): boolean {
    const bg = this.doc.meta.background;
    const [a, b] = this.measure;
    if (!bg || bg.locked || !a || !b || !(distance > 0) || !(Math.hypot(b.x - a.x, b.y - a.y) > 0)) return false;
    const factor = scaleFromTwoPoints(a, b, distance);
    this.setBackground(scaleBackground(bg, factor, a), 'scaleBackground');
    this.measure = [a, { x: round(a.x + (b.x - a.x) * factor), y: round(a.y + (b.y - a.y) * factor) }];
    this.changed();
    return true;
  }

  /* ------------------------------------------------------------ categories */

  addZone(): Id {
    const n = this.doc.zones.size + 1;
    const id = newId('zn');
    const taken = new Set([...this.doc.zones.values()].map((z) => z.code));
    let code = `Z${n}`;
    for (let k = n + 1; taken.has(code); k++) code = `Z${k}`;
    const zone: Zone = {
      id,
      code,
      name: names(`קטגוריה ${n}`, `Category ${n}`, `Категория ${n}`, `الفئة ${n}`),
      color: ZONE_COLOURS[(n - 1) % ZONE_COLOURS.length]!,
    };
    this.run('addCategory', (b) => b.set('zones', id, zone));
    this.activeZone ??= id;
    return id;
  }

  updateZone(id: Id, patch: Partial<Omit<Zone, 'id'>>): void {
    const z = this.doc.zones.get(id);
    if (z) this.run('editCategory', (b) => b.set('zones', id, { ...z, ...patch }));
  }

  removeZone(id: Id): void {
    this.run('removeCategory', (b) => {
      b.remove('zones', id);
      for (const s of this.doc.seats.values()) if (s.zone === id) b.set('seats', s.id, { ...s, zone: null });
      for (const s of this.doc.sections.values()) if (s.zone === id) b.set('sections', s.id, { ...s, zone: null });
    });
    if (this.activeZone === id) this.activeZone = [...this.doc.zones.keys()][0] ?? null;
    this.changed();
  }

  private sizeCache: { doc: number; selection: number; size: TargetSize } | null = null;

  /** The target seats' one size (null when they differ) and whether any has its own: kept like targetSeats. */
  targetSeatSize(): TargetSize {
    const c = this.sizeCache;
    if (c && c.doc === this.docVersion && c.selection === this.selection.serial) return c.size;
    const meta = this.doc.meta;
    let one: { width: number; height: number } | null = null;
    let same = true;
    let own = false;
    for (const s of this.targetSeats()) {
      const d = seatDims(s, meta);
      if (s.size) own = true;
      if (!one) one = d;
      else if (d.width !== one.width || d.height !== one.height) same = false;
    }
    const size = { size: same ? one : null, own };
    this.sizeCache = { doc: this.docVersion, selection: this.selection.serial, size };
    return size;
  }

  /**
   * The target seats' own width and height (plan units; a couch, a wheelchair space), or back to the plan's seat size
   * (null): one command.
   */
  setSeatSize(size: { width: number; height: number } | null): void {
    if (size && !(size.width > 0 && size.height > 0)) return;
    const meta = this.doc.meta;
    const own = size && (size.width !== meta.seatSize || size.height !== meta.seatSize) ? size : null;
    this.run('seatSize', (b) => {
      for (const s of this.targetSeats())
        if (s.size?.width !== own?.width || s.size?.height !== own?.height) b.set('seats', s.id, { ...s, size: own });
    });
  }

  updateMeta(patch: Partial<Pick<DesignerDoc['meta'], 'name' | 'code' | 'width' | 'height' | 'seatSize'>>): void {
    this.run('editPlan', (b) => b.setMeta({ ...this.doc.meta, ...patch }));
  }

  /* ------------------------------------------------------------ screen state (set by the panels and the canvas) */

  setReadOnly(readOnly: boolean): void {
    this.readOnly = readOnly;
  }

  setScheme(patch: Partial<NumberingForm>): void {
    this.scheme = { ...this.scheme, ...patch };
    this.changed();
  }

  setToolOptions(patch: Partial<ToolOptions>): void {
    this.options = { ...this.options, ...patch };
    this.changed();
  }

  setActiveZone(zone: Id | null): void {
    this.activeZone = zone;
    this.changed();
  }

  setShapeDraft(outline: Point[] | null): void {
    this.shapeDraft = outline;
    this.changed();
  }

  setBand(band: { a: Point; b: Point } | null): void {
    this.band = band;
    this.changed();
  }

  setDraft(draft: { a: Point; b: Point } | null): void {
    this.draft = draft;
    this.changed();
  }

  /** A pointer gesture the browser took away (a scroll, a second finger): nothing of it stays. */
  cancelGesture(): void {
    this.draft = null;
    this.shapeDraft = null;
    this.imageDrag = null;
    this.band = null;
    this.dragOffset = null;
    this.guides = [];
    this.changed();
  }

  /* ------------------------------------------------------------ camera */

  setTool(tool: ToolId): void {
    this.tool = tool;
    this.draft = null;
    this.polygon = [];
    if (tool !== 'measure') this.measure = [];
    this.announce('tool', { tool });
    this.changed();
  }

  /** True while the camera shows the whole plan as fit() left it: a resized window then shows the whole plan again. */
  private fitted = false;

  setViewport(width: number, height: number): void {
    this.camera = { ...this.camera, viewportWidth: width, viewportHeight: height };
    if (this.fitted) this.fit();
    else this.changed();
  }

  fit(): void {
    const content = boundsOf(this.allPoints());
    const plan: Bounds = { minX: 0, minY: 0, maxX: this.doc.meta.width, maxY: this.doc.meta.height };
    const b = content
      ? {
          minX: Math.min(0, content.minX),
          minY: Math.min(0, content.minY),
          maxX: Math.max(plan.maxX, content.maxX),
          maxY: Math.max(plan.maxY, content.maxY),
        }
      : plan;
    this.camera = fitToBounds(b, this.camera.viewportWidth, this.camera.viewportHeight, 24);
    this.fitted = true;
    this.changed();
  }

  zoomAt(factor: number, sx = this.camera.viewportWidth / 2, sy = this.camera.viewportHeight / 2): void {
    this.camera = zoomAbout(this.camera, factor, sx, sy, { min: MIN_SCALE, max: MAX_SCALE });
    this.fitted = false;
    this.changed();
  }

  pan(dx: number, dy: number): void {
    this.camera = panBy(this.camera, dx, dy);
    this.fitted = false;
    this.changed();
  }

  /** Centres a plan point (a problem's place) without changing the zoom. */
  centreOn(p: Point): void {
    const at = planToScreen(this.camera, p.x, p.y);
    this.pan(this.camera.viewportWidth / 2 - at.x, this.camera.viewportHeight / 2 - at.y);
  }

  toPlan(sx: number, sy: number): Point {
    return screenToPlan(this.camera, sx, sy);
  }

  private *allPoints(): Iterable<Point> {
    for (const s of this.doc.sections.values()) yield* s.outline;
    for (const s of this.doc.seats.values()) yield s;
    for (const l of this.doc.labels.values()) yield l;
    for (const d of this.doc.shapes.values()) yield* decorBox(d);
    const st = this.doc.meta.stage;
    if (st) {
      yield st;
      yield { x: st.x + st.width, y: st.y + st.height };
    }
  }
}

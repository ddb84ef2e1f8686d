import { designerTemplates } from '@hotline/seatmaps/designer';
import { DesignerStage } from '../src/backoffice/designer/designer-stage';
import { emptyDoc, type DesignerDoc } from '../src/backoffice/designer/editor/doc';
import { Editor } from '../src/backoffice/designer/editor/editor';
import { validateDesign } from '../src/backoffice/designer/editor/validate';
import { saveBody, type SaveBody, type SavedBase } from '../src/backoffice/designer/editor/save-body';
import { planToDoc } from '../src/backoffice/designer/editor/venue-document';
import { SEAT_PLAN_MEDIA_TYPE, seatPlanBody } from '../src/backoffice/designer/seat-plan-body';
import { fitToBounds } from '../src/seatmap/model/viewport';

/**
 * Benchmark entry (load-tests/designer-canvas.bench.mjs): the seat-plan designer's REAL editing canvas (the editor and
 * designer-stage.ts, the storefront's seat drawer) without the back office around it, on a plan chosen by `?plan=`:
 * `empty` (the baseline: the sheet and the overlay, no seat) or a template of the model (`stadium`: 100,000 seats).
 * Built by client/bench/designer.vite.config.ts into .tmp/designer-bench-dist.
 *
 * window.__designerBench: `open()` builds the document (timed apart: opening a file is the Node bench's) and draws the
 * first frame; `path(kind, frames)` moves the camera a step per call and draws it synchronously, reading a pixel back
 * from each layer so the rasterising is inside the time. `edit(count)` moves a section (one command) and draws, per edit.
 * `blockSetup(seats)`, then `block()`, `undo()`, `redo()`: the block tool's drag ending (a block of that many seats, rows
 * of 100) and the undo and redo keys' commands, each timed ON SCREEN: from the command to the animation frame after the
 * one in which the stage drew it (its pixels read back), as the screen shows it: the stage's own requestAnimationFrame,
 * not a synchronous flush; then the problems list, worked out after that frame as the designer's screen does.
 * `save(kind, target)` (load-tests/designer-save.bench.mjs, the page served from the real server's origin): the
 * designer's save as DesignerScreen's saveNow and designerApi make it (the document in the venue format, or a patch of
 * what changed since the page's last save: save-body.ts; JSON, the seat-plan media type) to the real API, split into the client's check, its serialising and the request, with the
 * server's own split from the answer's Server-Timing header.
 */
interface Bench {
  open(): { seats: number; buildMs: number; firstDrawMs: number };
  path(kind: 'panzoom' | 'overview', frames: number): number[];
  /** `count` edits, each moving one section (in turn) by a unit and drawing the frame: ms each. */
  edit(count: number): number[];
  /** The block tool set for a block of `seats` seats beside the plan, the camera showing both (drawn, not timed). */
  blockSetup(seats: number): Promise<{ seats: number; rows: number; seatsPerRow: number }>;
  /** The block tool's drag ending: the block made and shown. */
  block(): Promise<Step>;
  /** The undo key: the last command taken back and shown. */
  undo(): Promise<Step>;
  /** The redo key: the command made again and shown. */
  redo(): Promise<Step>;
  /**
   * The open document saved as a new draft of a venue (`create`: the first save), over a draft at its revision (`replace`:
   * the whole document, as the first save after opening a draft; `patch`: what changed since this page's last save, as
   * every later save and autosave, or the whole document with `whole`: a server without patches), or that draft
   * published (`publish`: no document sent).
   */
  save(
    kind: 'create' | 'replace' | 'patch' | 'publish',
    target: { venueId?: number; planId?: number; revision?: number; plain?: boolean; whole?: boolean },
  ): Promise<SaveStep>;
}

/** One save, publish or first save of the open document through the real API (ms). */
interface SaveStep {
  status: number;
  /** The designer's problems list from scratch (validateDesign: the check saveNow reads before it saves). */
  checkMs: number;
  /** The document in the venue format, or the patch (save-body.ts), then as JSON: what designerApi sends. */
  toDocumentMs: number;
  stringifyMs: number;
  /** The JSON gzip-compressed as designerApi sends a big one (seat-plan-body.ts; 0 when sent as it is). */
  compressMs: number;
  /** The JSON's length, and what went on the wire (compressed when it was). */
  bytes: number;
  sentBytes: number;
  /** From the request sent to its answer read (the upload, the server's work, the answer). */
  requestMs: number;
  /** The answer's Server-Timing header (null: a server without it). */
  serverTiming: string | null;
  plan: { id: number; revision: number; status: string } | null;
  error: string | null;
}

/** One command timed on screen (ms from the command's start). */
interface Step {
  /** The command itself (the model's operation and the editor's listeners). */
  commandMs: number;
  /** The problems list worked out again after the frame, as the designer's screen does (editor.problems()). */
  validateMs: number;
  /** Until the problems list is worked out (after the frame that shows the change). */
  listedMs: number;
  /** Until the frame that shows the result: the animation frame after the one the stage drew the change in. */
  paintedMs: number;
  /** Seats in the document afterwards. */
  seats: number;
}

const venue = { code: 'bench', name: { he: 'ב', en: 'B', ru: 'Б', ar: 'ب' }, businessId: 1 };
const which = new URLSearchParams(window.location.search).get('plan') ?? 'empty';
let stage: DesignerStage | null = null;
let editor: Editor | null = null;
let fitScale = 1;
/** What this page last saved, at the revision the server gave it (save-body.ts): a `patch` save is made against it. */
let savedBase: SavedBase | null = null;

function documentOf(plan: string): DesignerDoc {
  if (plan === 'empty') return emptyDoc(venue);
  const template = designerTemplates().find((t) => t.id === plan);
  if (!template) throw new Error(`no template ${plan}`);
  return planToDoc(template.build());
}

/** A pixel from every layer's canvas: the drawing is rasterised before the frame's time is taken. */
function readBack(): void {
  for (const canvas of document.querySelectorAll<HTMLCanvasElement>('#host canvas'))
    canvas.getContext('2d')!.getImageData(canvas.width >> 1, canvas.height >> 1, 1, 1);
}

/** The block's two corners (the drag), set up by blockSetup. */
let blockDrag: { a: { x: number; y: number }; b: { x: number; y: number } } | null = null;

const nextFrame = () => new Promise<number>((done) => requestAnimationFrame(done));

/**
 * Resolves with the time of the animation frame after the one in which the stage drew the plan layer again (its pixels
 * read back there, so they are rasterised): that frame is the one the browser shows the change in.
 */
async function painted(planFramesBefore: number): Promise<number> {
  // Frames in which the stage drew nothing new are waited through (bounded: a stage that never draws fails the run).
  for (let i = 0; i < 600; i++) {
    await nextFrame();
    if (stage!.stats.planFrames > planFramesBefore) {
      readBack();
      return nextFrame();
    }
  }
  throw new Error('the stage did not draw the change');
}

/**
 * A command timed on screen: it runs, the frame that shows it comes, and then the problems list is worked out as the
 * designer's screen does it (use-editor.ts useProblemsAfterPaint: in a task after that frame; its changes() in the
 * render that follows).
 */
async function onScreen(command: () => void): Promise<Step> {
  // The labels' seat index is built once the document has rested (as it has by the end of a real drag, or before a
  // key is pressed again): otherwise its timer fires inside the timed command, for the plan the command replaces.
  for (let i = 0; i < 600 && !stage!.seats.sync()?.index; i++) await nextFrame();
  if (!stage!.seats.sync()?.index) throw new Error('the seat index was not built');
  const e = editor!;
  const before = stage!.stats.planFrames;
  const t0 = performance.now();
  command();
  const t1 = performance.now();
  e.changes();
  const shown = await painted(before);
  await new Promise((done) => setTimeout(done, 0));
  const t2 = performance.now();
  e.problems();
  const t3 = performance.now();
  return {
    commandMs: t1 - t0,
    validateMs: t3 - t2,
    paintedMs: shown - t0,
    listedMs: t3 - t0,
    seats: e.doc.seats.size,
  };
}

const bench: Bench = {
  open() {
    const t0 = performance.now();
    const doc = documentOf(which);
    const t1 = performance.now();
    const host = document.getElementById('host') as HTMLDivElement;
    const { width, height } = host.getBoundingClientRect();
    editor = new Editor(doc);
    editor.setViewport(width, height);
    editor.fit();
    fitScale = editor.camera.scale;
    stage = new DesignerStage(host, editor, 'he', () => null, 1);
    stage.flush();
    readBack();
    return { seats: doc.seats.size, buildMs: t1 - t0, firstDrawMs: performance.now() - t1 };
  },
  path(kind, frames) {
    const e = editor!;
    const s = stage!;
    const { viewportWidth: w, viewportHeight: h } = e.camera;
    const times: number[] = [];
    for (let i = 0; i < frames; i++) {
      const t = i / frames;
      // panzoom: between 0.5x and 3x of the whole plan, drifting across it; overview: 0.5x..1x, the whole plan moving.
      const zoom =
        kind === 'panzoom'
          ? 0.5 + 2.5 * (0.5 - 0.5 * Math.cos(t * Math.PI * 4))
          : 0.5 + 0.5 * Math.abs(Math.sin(t * Math.PI * 2));
      const t0 = performance.now();
      e.zoomAt((fitScale * zoom) / e.camera.scale, w / 2, h / 2);
      e.pan(Math.cos(t * Math.PI * 6) * 12, Math.sin(t * Math.PI * 6) * 8);
      s.flush();
      readBack();
      times.push(performance.now() - t0);
    }
    return times;
  },
  edit(count) {
    const e = editor!;
    const s = stage!;
    const sections = [...e.doc.sections.keys()];
    const times: number[] = [];
    for (let i = 0; i < count && sections.length; i++) {
      const t0 = performance.now();
      e.select([sections[(i * 7) % sections.length]!]);
      e.moveSelected(1, 0);
      s.flush();
      readBack();
      times.push(performance.now() - t0);
    }
    return times;
  },
  async blockSetup(seats) {
    const e = editor!;
    const s = stage!;
    const perRow = Math.min(100, seats);
    const rows = Math.max(1, Math.ceil(seats / perRow));
    const size = e.doc.meta.seatSize;
    const spacing = size * 1.2;
    const rowSpacing = size * 1.4;
    // Beside the plan, on the right: the seats of the plan keep their places and the block overlaps none of them. The
    // plan is made wide enough to hold it and there is a category to give its seats (untimed commands), so the block
    // is a valid part of the plan and the problems list runs the whole plan check as it does on a clean plan.
    const x = e.doc.meta.width + size * 4;
    const y = size * 2;
    blockDrag = { a: { x, y }, b: { x: x + (perRow - 1) * spacing, y: y + (rows - 1) * rowSpacing } };
    e.updateMeta({
      width: Math.ceil(blockDrag.b.x + size * 4),
      height: Math.ceil(Math.max(e.doc.meta.height, blockDrag.b.y + size * 4)),
    });
    if (e.doc.zones.size === 0) e.addZone();
    e.setTool('block');
    e.setToolOptions({ block: { rows, seatsPerRow: perRow, curvature: 0, stagger: false }, grid: 0 });
    // The camera shows the plan and the block's place, as a venue zooms out to draw next to what it has.
    const { viewportWidth: w, viewportHeight: h } = e.camera;
    e.camera = fitToBounds({ minX: 0, minY: 0, maxX: e.doc.meta.width, maxY: e.doc.meta.height }, w, h, 24);
    e.setDraft({ a: blockDrag.a, b: blockDrag.b });
    // Every section's bitmap at this zoom is drawn before the command is timed (a new zoom level draws them over frames).
    do {
      s.flush();
      await nextFrame();
    } while (s.seats.pending);
    return { seats: rows * perRow, rows, seatsPerRow: perRow };
  },
  block() {
    // As the canvas's pointer-up does at the end of the block tool's drag.
    return onScreen(() => {
      editor!.setDraft(null);
      editor!.create(blockDrag!.a, blockDrag!.b);
    });
  },
  undo() {
    return onScreen(() => editor!.undo());
  },
  redo() {
    return onScreen(() => editor!.redo());
  },
  async save(kind, target) {
    const e = editor!;
    let checkMs = 0;
    let toDocumentMs = 0;
    let stringifyMs = 0;
    let compressMs = 0;
    let bytes = 0;
    let body: string | Blob;
    const headers: Record<string, string> = { accept: 'application/json', 'content-type': 'application/json' };
    let pending: SaveBody['next'] | null = null;
    if (kind === 'publish') body = JSON.stringify({ revision: target.revision });
    else {
      const t0 = performance.now();
      const problems = validateDesign(e.doc);
      const t1 = performance.now();
      // saveNow keeps on this device what the venue format would refuse: a bench plan must not have any of it.
      if (problems.some((p) => p.code !== 'planCheck')) throw new Error(`the plan has problems: ${problems[0]!.code}`);
      // As DesignerScreen's saveNow: a patch of the last save's base, or the whole document without one.
      const base = kind === 'patch' && !target.whole && savedBase?.revision === target.revision ? savedBase : null;
      if (kind === 'patch' && !target.whole && !base) throw new Error('a patch save without a base');
      const made = saveBody(e.doc, base);
      pending = made.next;
      const t2 = performance.now();
      const json = JSON.stringify(made.body);
      const t3 = performance.now();
      // As designerApi sends it (seat-plan-body.ts), or as it is to a server that does not inflate (a base build).
      const sent = target.plain ? { text: json, type: SEAT_PLAN_MEDIA_TYPE } : await seatPlanBody(json);
      const t4 = performance.now();
      [checkMs, toDocumentMs, stringifyMs, compressMs, bytes] = [t1 - t0, t2 - t1, t3 - t2, t4 - t3, json.length];
      body = sent.text;
      headers['content-type'] = sent.type;
      if ('encoding' in sent && sent.encoding) headers['content-encoding'] = sent.encoding;
    }
    const url =
      kind === 'create'
        ? `/api/admin/venues/${target.venueId}/seat-plans`
        : kind === 'replace' || kind === 'patch'
          ? `/api/admin/seat-plans/${target.planId}?revision=${target.revision}`
          : `/api/admin/seat-plans/${target.planId}/publish`;
    const t5 = performance.now();
    const res = await fetch(url, {
      method: kind === 'replace' || kind === 'patch' ? 'PUT' : 'POST',
      headers,
      body,
      credentials: 'same-origin',
    });
    const answer = (await res.json()) as { id?: number; revision?: number; status?: string; error?: string };
    const requestMs = performance.now() - t5;
    savedBase = res.ok && pending ? { ...pending, revision: answer.revision! } : null;
    return {
      status: res.status,
      checkMs,
      toDocumentMs,
      stringifyMs,
      compressMs,
      bytes,
      sentBytes: typeof body === 'string' ? body.length : body.size,
      requestMs,
      serverTiming: res.headers.get('server-timing'),
      plan: res.ok ? { id: answer.id!, revision: answer.revision!, status: answer.status! } : null,
      error: res.ok ? null : `${answer.error ?? res.status}`,
    };
  },
};
(window as unknown as { __designerBench: Bench }).__designerBench = bench;

import { designerTemplates } from '@hotline/seatmaps/designer';
import { DesignerStage } from '../src/backoffice/designer/designer-stage';
import { emptyDoc, type DesignerDoc } from '../src/backoffice/designer/editor/doc';
import { Editor } from '../src/backoffice/designer/editor/editor';
import { planToDoc } from '../src/backoffice/designer/editor/venue-document';

/**
 * Benchmark entry (load-tests/designer-canvas.bench.mjs): the seat-plan designer's REAL editing canvas (the editor and
 * designer-stage.ts, the storefront's seat drawer) without the back office around it, on a plan chosen by `?plan=`:
 * `empty` (the baseline: the sheet and the overlay, no seat) or a template of the model (`stadium`: 100,000 seats).
 * Built by client/bench/designer.vite.config.ts into .tmp/designer-bench-dist.
 *
 * window.__designerBench: `open()` builds the document (timed apart: opening a file is the Node bench's) and draws the
 * first frame; `path(kind, frames)` moves the camera a step per call and draws it synchronously, reading a pixel back
 * from each layer so the rasterising is inside the time. `edit(count)` moves a section (one command) and draws, per edit.
 */
interface Bench {
  open(): { seats: number; buildMs: number; firstDrawMs: number };
  path(kind: 'panzoom' | 'overview', frames: number): number[];
  /** `count` edits, each moving one section (in turn) by a unit and drawing the frame: ms each. */
  edit(count: number): number[];
}

const venue = { code: 'bench', name: { he: 'ב', en: 'B', ru: 'Б', ar: 'ب' }, businessId: 1 };
const which = new URLSearchParams(window.location.search).get('plan') ?? 'empty';
let stage: DesignerStage | null = null;
let editor: Editor | null = null;
let fitScale = 1;

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
};
(window as unknown as { __designerBench: Bench }).__designerBench = bench;

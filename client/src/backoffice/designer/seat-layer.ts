import { SeatStatus, type ApiSeatplan, type ApiSection, type Bounds } from '@hotline/shared';
import { venueDocumentToApiSeatplan } from '@hotline/seatmaps/designer';
import type { SupportedLocale } from '../../i18n/locale';
import { SeatBatches } from '../../seatmap/model/batches';
import { DirtySections } from '../../seatmap/model/dirty';
import { sectionNameIn, stageLabelIn } from '../../seatmap/model/plan-names';
import { buildSeatStore } from '../../seatmap/model/seat-store';
import { SpatialIndex } from '../../seatmap/model/spatial-index';
import { visiblePlanRect } from '../../seatmap/model/viewport';
import { BitmapCache, type SectionBitmap } from '../../seatmap/render/bitmap-cache';
import { layoutLabels, SEAT_NUMBER_MIN_PX } from '../../seatmap/render/label-layout';
import { labelPainter } from '../../seatmap/render/label-paint';
import { bitmapScaleFor, renderModeFor, seatPixels, type RenderMode } from '../../seatmap/render/lod';
import { paintSeats } from '../../seatmap/render/painter';
import { Paint, paletteFor } from '../../seatmap/render/palette';
import { buildScene, type SceneData } from '../../seatmap/render/scene';
import { textWidth } from '../../seatmap/render/text';
import type { Editor } from './editor/editor';
import type { Language, Seat, Section, Zone } from './editor/doc';
import { toVenueDocument } from './editor/venue-document';

/** A seat without a category: grey, as the properties panel shows it. */
const NO_ZONE = '#9aa1a9';
/** Device pixels of section bitmaps kept (the storefront's buyer preview keeps as many). */
const BITMAP_BUDGET = 16e6;
/** Milliseconds of a frame spent drawing bitmaps at a new zoom level; the rest are drawn stretched until the next. */
const REDRAW_BUDGET_MS = 6;

/** The document has not changed for this long: the seat index for the labels is built. */
const INDEX_AFTER_MS = 300;

/** The storefront's model of the design: its plan, seat store and scene, for one version of the document. */
interface Built {
  version: number;
  plan: ApiSeatplan;
  scene: SceneData;
  batches: SeatBatches;
  batchDirty: DirtySections;
  cache: BitmapCache;
  /** Per section of the document (by id): what it was made from and what it became, kept for the next change. */
  parts: Map<string, Part>;
  /** The document's section id of each of the store's sections. */
  sectionIds: string[];
  /** The categories and the seat size every section was converted with (a change of either converts them all). */
  zones: Zone[];
  seatSize: number;
  index: SpatialIndex | null;
}

/** One section of the document as the storefront's plan has it: its index there, its API section, its sources. */
interface Part {
  index: number;
  section: Section;
  seats: Seat[];
  api: ApiSection;
}

/**
 * The designer's seats and labels by the storefront map's own machinery: the document turned into the storefront's
 * plan (venueDocumentToApiSeatplan, as the buyer preview and the server do), its typed-array seat store and scene, the
 * storefront painter into one cached bitmap per section (BitmapCache, at the zoom's power-of-two level), and the
 * storefront's label layout (section names, row names, seat numbers, the stage name) in screen space.
 *
 * A pan or a zoom within a level draws each visible section's bitmap (one drawImage); a zoom to another level draws
 * bitmaps again, a few milliseconds a frame (the old ones stretched meanwhile); zoomed in past the bitmap range the
 * seats on screen are painted as the storefront paints them. A change of the document converts again only the
 * sections it changed and builds the store from them and the others' kept API sections; the others keep their
 * bitmaps, so an edit draws again only the sections it touched.
 */
export class DesignerSeatLayer {
  /** A frame left bitmaps to draw at this zoom: the plan layer is drawn again on the next one. */
  pending = false;
  /** Sections the model converted at the last build (an edit: the ones it changed). */
  converted = 0;
  private built: Built | null = null;
  private failed = -1;
  private mode: RenderMode = 'bitmap';
  private readonly buf = new Int32Array(1);

  private indexTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly editor: Editor,
    private readonly pixelRatio: number,
    /** Asks for a frame (the seat index has been built: labels can now avoid the seats). */
    private readonly redraw: () => void,
  ) {}

  destroy(): void {
    if (this.indexTimer) clearTimeout(this.indexTimer);
  }

  /** The storefront's model of the document as it is now (built again after a change); null if it cannot be made. */
  sync(): Built | null {
    const e = this.editor;
    if (this.built?.version === e.docVersion) return this.built;
    if (this.failed === e.docVersion) return null;
    try {
      this.built = this.build(e.docVersion, this.built);
    } catch {
      // A document the venue format cannot hold yet (mid-edit): the caller draws the seats from the document.
      this.failed = e.docVersion;
      this.built = null;
    }
    return this.built;
  }

  /** The seat store (tests, the benchmark). */
  store() {
    return this.sync()?.scene.store ?? null;
  }

  /**
   * Every seat, from bitmaps or (zoomed in) painted, except those of the sections in `skip` (document ids: seats being
   * dragged are drawn from the document); false when there is no model to draw from.
   */
  drawSeats(ctx: CanvasRenderingContext2D, frameStart: number, skip: ReadonlySet<string> | null = null): boolean {
    const b = this.sync();
    if (!b) return false;
    this.pending = false;
    const cam = this.editor.camera;
    const st = b.scene.store;
    const px = cam.scale * this.pixelRatio;
    const view = visiblePlanRect(cam, 0);
    this.mode = renderModeFor(seatPixels(cam.scale, st.typicalSeatSize), this.mode);
    const numbers = seatPixels(cam.scale, st.typicalSeatSize) >= SEAT_NUMBER_MIN_PX;
    for (let s = 0; s < st.sections.length; s++) {
      const sec = st.sections[s]!;
      if (sec.seatEnd === sec.seatStart || !intersects(sec.bounds, view)) continue;
      if (skip?.has(b.sectionIds[s]!)) continue;
      const want =
        this.mode === 'bitmap'
          ? bitmapScaleFor(px, sec.bounds.maxX - sec.bounds.minX, sec.bounds.maxY - sec.bounds.minY)
          : 0;
      if (want > 0) {
        let bm = b.cache.get(s);
        if (!bm || (bm.scale !== want && performance.now() - frameStart < REDRAW_BUDGET_MS))
          bm = this.render(b, s, want);
        else if (bm.scale !== want) this.pending = true;
        ctx.drawImage(bm.canvas, bm.x, bm.y, bm.w, bm.h);
        continue;
      }
      this.ensureBatch(b, s);
      paintSeats(ctx, b.scene, b.batches, s, { px, view, numbers });
    }
    return true;
  }

  /**
   * Section names, row names at the rows' ends, seat numbers and the stage's name: the storefront's label layout
   * (label-layout.ts) painted by its one sink, in screen space. False when there is no model to draw from.
   */
  drawLabels(ctx: CanvasRenderingContext2D, lang: Language): boolean {
    const b = this.sync();
    if (!b) return false;
    const locale = lang as SupportedLocale;
    const { scene, plan } = b;
    const st = scene.store;
    ctx.save();
    ctx.setTransform(this.pixelRatio, 0, 0, this.pixelRatio, 0, 0);
    layoutLabels(
      {
        store: st,
        camera: this.editor.camera,
        view: visiblePlanRect(this.editor.camera, 0),
        large: false,
        stage: plan.Stage,
        stageLabel: stageLabelIn(plan.Stage, locale),
        sectionName: (s) => sectionNameIn(st.sections[s]!, locale),
        gaCaption: () => '',
        soldOutCaption: () => '',
        gaHeld: () => 0,
        showsNumber: (i) => scene.cls[i]! >= Paint.AvailableBase,
        measure: (text, px, weight) => textWidth(ctx, text, px, weight),
        seatsIn: this.seatsIn(b),
      },
      labelPainter(ctx, scene, null),
    );
    ctx.restore();
    return true;
  }

  /**
   * Whether any seat lies under a plan rectangle (names are not put over seats), by the storefront's spatial index.
   * As on the storefront, labels go without it until it exists: building it (tens of ms at 100,000 seats) waits until
   * the document has rested, so neither an edit nor the first frame pays for it.
   */
  private seatsIn(b: Built): ((x0: number, y0: number, x1: number, y1: number) => boolean) | undefined {
    const index = b.index;
    if (index) return (x0, y0, x1, y1) => index.queryRectInto(this.buf, x0, y0, x1, y1) > 0;
    if (this.indexTimer) clearTimeout(this.indexTimer);
    this.indexTimer = setTimeout(() => {
      this.indexTimer = null;
      if (this.built !== b) return;
      b.index = new SpatialIndex(b.scene.store);
      this.pending = true;
      this.redraw();
    }, INDEX_AFTER_MS);
    return undefined;
  }

  private ensureBatch(b: Built, s: number): void {
    if (b.batchDirty.has(s)) b.batches.update(b.batchDirty);
  }

  private render(b: Built, s: number, scale: number): SectionBitmap {
    this.ensureBatch(b, s);
    return b.cache.render(b.scene, s, scale, (ctx) =>
      paintSeats(ctx, b.scene, b.batches, s, { px: scale, view: null }),
    );
  }

  /**
   * The storefront's plan, store and scene for the document. Only the sections changed since `previous` (their value
   * or any of their seats' replaced: the document's entities are immutable values) are converted again by the model
   * (toVenueDocument, venueDocumentToApiSeatplan); the others keep their API section, and their bitmap.
   */
  private build(version: number, previous: Built | null): Built {
    const doc = this.editor.doc;
    const seatsOf = new Map<string, Seat[]>();
    for (const seat of doc.seats.values()) {
      const list = seatsOf.get(seat.section);
      if (list) list.push(seat);
      else seatsOf.set(seat.section, [seat]);
    }
    const zones = [...doc.zones.values()];
    const seatSize = doc.meta.seatSize;
    const same =
      previous !== null && previous.seatSize === seatSize && sameItems(previous.zones, zones) ? previous : null;
    const changed = new Set<string>();
    for (const section of doc.sections.values()) {
      const part = same?.parts.get(section.id);
      if (!part || part.section !== section || !sameItems(part.seats, seatsOf.get(section.id) ?? []))
        changed.add(section.id);
    }
    // The plan's frame (size, stage, zones, decor) and the changed sections, converted by the model.
    this.converted = changed.size;
    const converted = venueDocumentToApiSeatplan(toVenueDocument(doc, changed));
    const sections: ApiSection[] = [];
    const parts = new Map<string, Part>();
    let k = 0;
    for (const section of doc.sections.values()) {
      const api = changed.has(section.id) ? converted.sections[k++] : same!.parts.get(section.id)!.api;
      if (!api) throw new Error('a section was not converted');
      parts.set(section.id, { index: sections.length, section, seats: seatsOf.get(section.id) ?? [], api });
      sections.push(api);
    }
    numberIds(sections);
    const plan: ApiSeatplan = { ...converted, sections };
    const store = buildSeatStore(plan);
    store.status.fill(SeatStatus.Available);
    // Category colours by the plan's zone ids; a seat without a category has zone 0.
    const colours = new Map<number, string>([[0, NO_ZONE], ...plan.Zones.map((z) => [z.ZoneId, z.Color] as const)]);
    const scene = buildScene(store, plan, paletteFor('default'), colours);
    const batches = new SeatBatches(store, (i) => scene.cls[i]!, 64, { deferBuild: true });
    const batchDirty = new DirtySections(store.sections.length);
    batchDirty.markAll();
    const cache = new BitmapCache(store.sections.length, BITMAP_BUDGET);
    if (same) {
      // Sections not converted again draw the same pixels: their bitmaps are kept.
      const old = same.cache.entriesBySection();
      for (const [id, part] of parts) {
        const before = same.parts.get(id);
        const bitmap = before && !changed.has(id) ? old[before.index] : null;
        if (bitmap) cache.adopt(part.index, bitmap);
      }
    }
    const sectionIds = [...parts.keys()];
    return { version, plan, scene, batches, batchDirty, cache, parts, sectionIds, zones, seatSize, index: null };
  }
}

const sameItems = <T>(a: readonly T[], b: readonly T[]): boolean =>
  a.length === b.length && a.every((x, i) => x === b[i]);

/**
 * The API's section and group ids as the model numbers them (1.. in plan order), given again after sections kept from
 * an earlier conversion were put together with new ones; a seat carries its section's and group's.
 */
function numberIds(sections: ApiSection[]): void {
  let groupId = 0;
  sections.forEach((section, si) => {
    const sectionId = si + 1;
    section.VenueSectionId = sectionId;
    for (const group of section.groups) {
      const gid = ++groupId;
      if (group.VenueSectionSeatGroupId === gid && group.rows[0]?.seats[0]?.VenueSectionId === sectionId) continue;
      group.VenueSectionSeatGroupId = gid;
      for (const row of group.rows)
        for (const seat of row.seats) {
          seat.VenueSectionId = sectionId;
          seat.VenueSectionSeatGroupId = gid;
        }
    }
  });
}

const intersects = (a: Bounds, b: Bounds) =>
  a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY;

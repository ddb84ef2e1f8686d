import { SpringValue } from '@react-spring/web';
import type { StoreApi } from 'zustand/vanilla';
import {
  ROW_SECTION,
  ROW_STATUS,
  ROW_X,
  ROW_Y,
  SeatStatus,
  type ApiPresentation,
  type ApiSeatplan,
  type ApiTicketGroup,
  type ColumnarSeatplan,
  type LockSeatInput,
  type SeatDeltaMessage,
  type SeatSnapshotMessage,
} from '@hotline/shared';
import { ApiError, isAbortError } from '../api/client';
import { describeSeat, seatState, selectionAnnouncement, type SeatFacts, type Translate } from './a11y/describe';
import * as seatApi from './api';
import { withBotToken, warmBotToken } from './botcheck';
import { LiveFeed } from './live/feed';
import { featureCodesOf } from './model/features';
import { firstSeat, navigate, type NavDirection } from './model/keyboard-nav';
import { buildSeatStore, rowNameOf, seatIndexOf, type SeatStore } from './model/seat-store';
import { SeatSelection } from './model/selection';
import { StatusSync } from './model/status-sync';
import { isFilterActive, matchingSeats, NO_FILTER, type SeatFilter } from './model/seat-filter';
import { HoldEvents } from './hold-events';
import { summariseSection, type SectionSummary } from './model/section-summary';
import { allInPrice } from './model/all-in-price';
import { unblockBesideOwnSeats } from './model/own-view';
import {
  sectionTapScale,
  clampScale,
  fitToBounds,
  screenToPlan,
  zoomAbout,
  zoomLimits,
  type Camera,
  type ZoomLimits,
} from './model/viewport';
import { cappedPixelRatio } from './render/lod';
import { paletteFor, type LayoutName } from './render/palette';
import { SeatMapRenderer, type SeatLayer } from './render/renderer';
import { warmTextRendering } from './render/text';
import { buildScene, setScenePalette, type SceneData } from './render/scene';
import type { FlatSeatsStatus } from './status-parse';
import { StatusParser } from './status-parser';
import { createUiStore, type GaHoldingView, type SeatMapUi, type SelectedSeatView } from './ui-state';

/**
 * The seat map's brain, framework-free: loads the plan and statuses into the
 * model, owns the renderer, turns gestures and keys into camera moves and
 * selections, talks to the seat engine (lock/unlock/best available) and
 * applies the live feed. React only mounts it and renders `ui`.
 */
export interface SeatMapOptions {
  presentation: ApiPresentation;
  locale: string;
  /** Catalogue names in Hebrew (he) or English (others), as the rest of the storefront. */
  hebrewNames: boolean;
  layout: LayoutName;
  boxOffice: boolean;
  t: Translate;
  formatPrice: (shekels: number) => string;
}

export interface LoadTimings {
  /** performance.now() stamps: plan request sent, plan body received… */
  requested: number;
  received: number;
  /** …every response (plan, statuses, ticket groups) in hand as bytes: "data arrived"… */
  dataReady: number;
  /** …parsed, model (typed arrays, statuses) and paint data built, and the first frame on the canvas. */
  parsed: number;
  storeBuilt: number;
  statusApplied: number;
  built: number;
  /** Renderer constructed (Konva stage, colour batches), then its first frame on the canvas. */
  mounted: number;
  firstFrame: number;
  bytes: number;
}

const TOAST_MS = 3000;
/** Below this seat size (CSS px) the map is an overview: hovering describes sections, not seats. */
const OVERVIEW_SEAT_PX = 6;
const FIT_PADDING = 24;

export class SeatMapController {
  readonly ui: StoreApi<SeatMapUi> = createUiStore();
  store!: SeatStore;
  sync!: StatusSync;
  selection!: SeatSelection;
  scene!: SceneData;
  plan!: ApiSeatplan | ColumnarSeatplan;
  renderer: SeatLayer | null = null;
  limits: ZoomLimits = { min: 0.01, max: 100 };
  fit: Camera | null = null;
  readonly timings: LoadTimings = {
    requested: 0,
    received: 0,
    parsed: 0,
    dataReady: 0,
    storeBuilt: 0,
    statusApplied: 0,
    built: 0,
    mounted: 0,
    firstFrame: 0,
    bytes: 0,
  };
  groupByZone = new Map<number, ApiTicketGroup>();
  /** Holds gained and lost; the booking adapter (booking-adapter.ts) writes the cart from these, not the map. */
  readonly holdEvents = new HoldEvents();

  /** Seats the server confirmed as ours, and the state version of that confirmation. */
  private owned = new Map<number, number>();
  /** Seats with a lock/unlock call in flight. */
  private inFlight = new Set<number>();
  private gaPlaces = new Map<number, number[]>();
  private feed: LiveFeed | null = null;
  private toastTimer: ReturnType<typeof setTimeout> | null = null;
  private toastId = 0;
  private readonly spring = new SpringValue(0);
  private animating = false;
  private destroyed = false;
  private firstFrameResolve: (() => void) | null = null;
  readonly firstFrame: Promise<void> = new Promise((resolve) => (this.firstFrameResolve = resolve));

  constructor(readonly opts: SeatMapOptions) {}

  get presentation(): ApiPresentation {
    return this.opts.presentation;
  }

  /* ================================================================ loading */

  async load(signal?: AbortSignal): Promise<void> {
    const p = this.presentation;
    const statusParser = new StatusParser();
    try {
      // The statuses go to a worker as soon as their bytes are in, and parse while the plan is handled here.
      let statusParsed: Promise<FlatSeatsStatus> | null = null;
      const requests = [
        seatApi.getSeatplanText(p.venueId, p.seatplanId, signal),
        seatApi.getTicketGroups(p.id, signal).catch((e: unknown) => {
          if (isAbortError(e)) throw e;
          return [] as ApiTicketGroup[];
        }),
        seatApi.getSeatsStatusBytes(p.id, p.venueTypeId, signal).then((bytes) => {
          statusParsed = statusParser.parse(bytes);
        }),
      ] as const;
      // While the plan downloads: pay the text engine's first-use cost now, not in the first frame.
      warmTextRendering();
      const [planRes, groups] = await Promise.all(requests);
      if (this.destroyed) return;
      Object.assign(this.timings, planRes.timings);
      // Every byte is here. From now on it is all our own work: parse, model, paint data, first frame.
      this.timings.dataReady = performance.now();
      const plan = seatApi.parsePlan(planRes.text);
      this.timings.parsed = performance.now();
      this.initModel(plan, groups);
      this.timings.storeBuilt = performance.now();
      const status = await statusParsed!;
      if (this.destroyed) return;
      this.applyRestStatus(status.version, status.rows);
      this.timings.statusApplied = performance.now();
      this.buildScene();
      this.timings.built = performance.now();
      // Draw the map now (synchronously) if its frame is on the page; the chrome renders after.
      this.mountAttached();
      this.ui.setState({ phase: 'ready' });
      warmBotToken();
    } catch (error) {
      if (isAbortError(error) || this.destroyed) return;
      this.ui.setState({ phase: 'error', error });
    } finally {
      statusParser.close();
    }
  }

  /** Builds the model from a plan, nested or columnar. */
  initModel(plan: ApiSeatplan | ColumnarSeatplan, groups: ApiTicketGroup[]): void {
    this.plan = plan;
    this.store = buildSeatStore(plan);
    for (const g of groups) if (!this.groupByZone.has(g.zoneId)) this.groupByZone.set(g.zoneId, g);
    this.sync = new StatusSync(this.store, { presentationId: this.presentation.id });
    this.selection = new SeatSelection(this.store, {
      canSelect: (i) => this.store.status[i] === SeatStatus.Available || this.owned.has(i),
      maxSeats: this.presentation.maxSeatsPerOrder > 0 ? this.presentation.maxSeatsPerOrder : Infinity,
    });
    for (const section of this.store.sections) if (!section.isReserved) this.gaPlaces.set(section.index, []);
  }

  /** Paint data for the renderer; after the first statuses are in, so the first frame shows them. */
  buildScene(): void {
    this.scene = buildScene(this.store, this.plan, paletteFor(this.opts.layout), this.zoneColours());
  }

  private zoneColours(): Map<number, string> {
    const out = new Map<number, string>();
    for (const z of this.plan.Zones) out.set(z.ZoneId, z.Color);
    for (const [zone, g] of this.groupByZone) if (g.color) out.set(zone, g.color);
    return out;
  }

  /**
   * The REST seats-status answer (flat rows, 7 numbers each) as the first
   * snapshot; status 2 rows are seats this visitor already holds (a reload
   * mid-order), so they come back selected.
   */
  applyRestStatus(version: number, rows: Int32Array): void {
    this.sync.applySnapshotFlat(this.presentation.id, version, rows);
    for (let o = 0; o + 7 <= rows.length; o += 7) {
      if (rows[o + ROW_STATUS] !== SeatStatus.Selected) continue;
      const sectionId = rows[o + ROW_SECTION]!;
      const s = this.store.sectionIndexById.get(sectionId);
      if (s === undefined) continue;
      if (this.store.sections[s]!.isReserved) {
        const i = seatIndexOf(this.store, sectionId, rows[o + ROW_X]!, rows[o + ROW_Y]!);
        if (i >= 0) {
          this.owned.set(i, version);
          this.selection.select(i);
        }
      } else this.gaPlaces.get(s)?.push(rows[o + ROW_X]!);
    }
    this.publishSelection();
    if (this.selection.size > 0 || [...this.gaPlaces.values()].some((p) => p.length)) void this.refreshTimer();
  }

  /* ================================================================ mounting */

  private host: { el: HTMLDivElement; size: () => { width: number; height: number } } | null = null;

  /** The page's map frame: the renderer mounts into it as soon as the model is built (at once if it already is). */
  attachHost(el: HTMLDivElement, size: () => { width: number; height: number }): void {
    this.host = { el, size };
    this.mountAttached();
  }

  private mountAttached(): void {
    if (!this.host || this.renderer || !this.scene || this.destroyed) return;
    const { width, height } = this.host.size();
    if (width <= 0 || height <= 0) return;
    this.mount(this.host.el, width, height);
    (this.renderer as SeatLayer | null)?.flush();
  }

  /** Benchmarks only: a different seat layer (the naive one-node-per-seat baseline). */
  layerFactory: ((host: HTMLDivElement, camera: Camera, scene: SceneData, pixelRatio: number) => SeatLayer) | null =
    null;

  mount(host: HTMLDivElement, width: number, height: number): void {
    if (this.renderer) return;
    this.fit = this.fitCamera(width, height);
    this.limits = zoomLimits(this.fit.scale, this.store.typicalSeatSize);
    const nav = navigator as Navigator & { deviceMemory?: number };
    const pixelRatio = cappedPixelRatio(window.devicePixelRatio || 1, nav.hardwareConcurrency, nav.deviceMemory);
    const weak = pixelRatio < Math.min(window.devicePixelRatio || 1, 2);
    this.renderer = this.layerFactory
      ? this.layerFactory(host, this.fit, this.scene, pixelRatio)
      : new SeatMapRenderer(host, this.fit, {
          scene: this.scene,
          pixelRatio,
          largeLabels: this.opts.boxOffice,
          sectionName: (s) => this.sectionName(s),
          stageLabel: this.plan.Stage
            ? this.opts.hebrewNames
              ? this.plan.Stage.label
              : this.plan.Stage.labelEn || this.plan.Stage.label
            : null,
          gaCaption: (s) => this.gaCaption(s),
          soldOutCaption: (s) => (this.sectionSoldOut(s) ? this.opts.t('seatmap.section.soldOut') : ''),
          bitmapBudget: weak ? 8e6 : 24e6,
        });
    this.timings.mounted = performance.now();
    this.renderer.setSources({
      selection: this.selection,
      sync: this.sync,
      gaHeld: (s) => this.gaPlaces.get(s)?.length ?? 0,
    });
    this.renderer.onFrame = () => {
      if (this.firstFrameResolve) {
        this.timings.firstFrame = performance.now();
        this.firstFrameResolve();
        this.firstFrameResolve = null;
        // Hit-testing needs the spatial index; build it once the map is on screen.
        const idle =
          (window as Window & { requestIdleCallback?: (cb: () => void) => void }).requestIdleCallback ??
          ((cb: () => void) => setTimeout(cb, 50));
        idle(() => this.renderer?.spatialIndex());
      }
    };
    this.publishZoom();
    this.connectLive();
  }

  /**
   * The whole venue in view. On a phone held upright a wide venue fills the
   * width and leaves height over: keep it near the top (under the live badge)
   * rather than floating in the middle, so it sits right under the show's name.
   */
  fitCamera(width: number, height: number): Camera {
    const cam = fitToBounds(this.store.bounds, width, height, Math.min(FIT_PADDING, width * 0.05));
    const contentHeight = (this.store.bounds.maxY - this.store.bounds.minY) * cam.scale;
    if (width < 600 && contentHeight < height * 0.75) return { ...cam, y: 56 - this.store.bounds.minY * cam.scale };
    return cam;
  }

  resize(width: number, height: number): void {
    const r = this.renderer;
    if (!r) return this.mountAttached();
    if (width <= 0 || height <= 0) return;
    const before = r.camera;
    const wasFit =
      this.fit !== null &&
      Math.abs(before.scale - this.fit.scale) < 1e-9 &&
      Math.abs(before.x - this.fit.x) < 0.5 &&
      Math.abs(before.y - this.fit.y) < 0.5;
    this.fit = this.fitCamera(width, height);
    this.limits = zoomLimits(this.fit.scale, this.store.typicalSeatSize);
    r.resize(width, height);
    if (wasFit) r.setCamera(this.fit);
    else {
      // Keep the same plan point in the centre.
      const c = screenToPlan(before, before.viewportWidth / 2, before.viewportHeight / 2);
      r.setCamera({ ...r.camera, x: width / 2 - c.x * r.camera.scale, y: height / 2 - c.y * r.camera.scale });
    }
    this.publishZoom();
  }

  destroy(): void {
    this.destroyed = true;
    this.spring.stop();
    this.feed?.close();
    this.renderer?.destroy();
    this.renderer = null;
    if (this.toastTimer) clearTimeout(this.toastTimer);
  }

  /* ================================================================ names and facts */

  sectionName(s: number): string {
    const sec = this.store.sections[s]!;
    return this.opts.hebrewNames ? sec.name : sec.nameEn || sec.name;
  }

  groupOfSeat(i: number): ApiTicketGroup | null {
    return this.groupByZone.get(this.store.ticketGroup[i]!) ?? null;
  }

  groupOfZone(zoneId: number | null): ApiTicketGroup | null {
    return zoneId === null ? null : (this.groupByZone.get(zoneId) ?? null);
  }

  /**
   * The default ticket's ALL-IN price (first ticket with multiplyFactor <= 1): its price plus its per-ticket fee, in
   * shekels. Every price on the map, the legend, the card and the panel is this one, so it equals the per-ticket total
   * at checkout (the US FTC ticket-fee rule; simply honest). The order-level handling fee is not per ticket.
   */
  groupPrice(g: ApiTicketGroup | null): number | null {
    if (!g) return null;
    const t = g.tickets.find((k) => k.multiplyFactor <= 1) ?? g.tickets[0];
    return t ? allInPrice(t) : null;
  }

  /** The buyer's highlight filter (accessible seats, a price cap); matches are ringed on the map. */
  filter: SeatFilter = NO_FILTER;

  /** Sets the filter, rings its matches and returns how many available seats match. */
  setFilter(filter: SeatFilter): number {
    this.filter = filter;
    return this.refreshHighlight();
  }

  private refreshHighlight(): number {
    const r = this.renderer;
    const matches = isFilterActive(this.filter)
      ? matchingSeats(this.store, this.filter, (zone) => this.groupPrice(this.groupOfZone(zone)))
      : null;
    if (r) {
      r.highlight = matches;
      r.overlayChanged();
    }
    return matches?.length ?? 0;
  }

  /** Reserved sections with no seat left, kept in step with the live feed (recounted per touched section). */
  private soldOut: Uint8Array | null = null;

  sectionSoldOut(s: number): boolean {
    if (!this.soldOut) this.recountSoldOut(null);
    return this.soldOut![s] === 1;
  }

  private recountSoldOut(seats: readonly number[] | null): void {
    const st = this.store;
    if (!this.soldOut) {
      this.soldOut = new Uint8Array(st.sections.length);
      seats = null;
    }
    const sections =
      seats === null ? st.sections.map((sec) => sec.index) : [...new Set(seats.map((i) => st.sectionIndex[i]!))];
    for (const s of sections) {
      const sec = st.sections[s]!;
      if (!sec.isReserved || sec.seatEnd === sec.seatStart) continue;
      let left = false;
      for (let i = sec.seatStart; i < sec.seatEnd && !left; i++) left = st.status[i] === SeatStatus.Available;
      this.soldOut[s] = sec.isSoldOut || !left ? 1 : 0;
    }
  }

  /** Section overview (hover or long press when zoomed out): price range and seats left. */
  sectionSummary(s: number): SectionSummary {
    return summariseSection(this.store, s, (zone) => this.groupPrice(this.groupOfZone(zone)));
  }

  groupName(g: ApiTicketGroup | null): string | null {
    if (!g) return null;
    return this.opts.hebrewNames ? g.name : g.nameEn || g.name;
  }

  seatFacts(i: number): SeatFacts {
    const st = this.store;
    const g = this.groupOfSeat(i);
    const price = this.groupPrice(g);
    return {
      section: this.sectionName(st.sectionIndex[i]!),
      row: rowNameOf(st, i),
      seat: st.seatName[i]!,
      state: seatState(st.status[i]!, this.selection.has(i)),
      group: this.groupName(g),
      price: price === null ? null : this.opts.formatPrice(price),
      features: featureCodesOf(st.features[i]!),
    };
  }

  describe(i: number, withSection = true): string {
    return describeSeat(this.seatFacts(i), this.opts.t, withSection);
  }

  private gaCaption(s: number): string {
    const sec = this.store.sections[s]!;
    const remaining = this.sync.gaRemaining(s);
    if (sec.isSoldOut || remaining === 0) return this.opts.t('seatmap.ga.soldOut');
    if (remaining === null) return '';
    return this.opts.t('seatmap.ga.left', { count: remaining });
  }

  /* ================================================================ camera */

  get camera(): Camera | null {
    return this.renderer?.camera ?? null;
  }

  setCamera(cam: Camera): void {
    const r = this.renderer;
    if (!r) return;
    r.setCamera({ ...cam, scale: clampScale(cam.scale, this.limits) });
    this.publishZoom();
  }

  /** Multiplies the zoom about a screen point (default: the viewport centre). */
  zoomBy(factor: number, sx?: number, sy?: number, animate = false): void {
    const cam = this.camera;
    if (!cam) return;
    const x = sx ?? cam.viewportWidth / 2;
    const y = sy ?? cam.viewportHeight / 2;
    const next = zoomAbout(cam, factor, x, y, this.limits);
    if (animate) this.animateTo(next);
    else {
      this.stopAnimation();
      this.setCamera(next);
    }
  }

  panBy(dx: number, dy: number): void {
    const cam = this.camera;
    if (!cam) return;
    this.stopAnimation();
    this.setCamera(this.clampPan({ ...cam, x: cam.x + dx, y: cam.y + dy }));
  }

  /** Keeps at least a quarter of the viewport on the venue, so it cannot be flung out of sight. */
  clampPan(cam: Camera): Camera {
    const b = this.store.bounds;
    const k = cam.scale;
    const minX = cam.viewportWidth * 0.25 - b.maxX * k;
    const maxX = cam.viewportWidth * 0.75 - b.minX * k;
    const minY = cam.viewportHeight * 0.25 - b.maxY * k;
    const maxY = cam.viewportHeight * 0.75 - b.minY * k;
    return { ...cam, x: Math.min(maxX, Math.max(minX, cam.x)), y: Math.min(maxY, Math.max(minY, cam.y)) };
  }

  reset(animate = true): void {
    if (!this.fit) return;
    if (animate) this.animateTo(this.fit);
    else this.setCamera(this.fit);
    this.ui.setState({ zoomedToSection: false });
  }

  /**
   * Animated zoom into section s (tapping a section when zoomed out): the section fills the view, or, where that would
   * leave seats too small to tap, closer still so neighbouring seats are at least 24 px apart, centred on the tapped
   * point (kept inside the section).
   */
  zoomToSection(s: number, at?: { x: number; y: number }): void {
    const cam = this.camera;
    if (!cam) return;
    const b = this.store.sections[s]!.bounds;
    const target = fitToBounds(b, cam.viewportWidth, cam.viewportHeight, Math.min(48, cam.viewportWidth * 0.08));
    const tappable = sectionTapScale(this.store.typicalSeatSize);
    if (target.scale >= tappable) {
      this.animateTo({ ...target, scale: clampScale(target.scale, this.limits) });
    } else {
      const scale = clampScale(tappable, this.limits);
      const p = at ? screenToPlan(cam, at.x, at.y) : { x: (b.minX + b.maxX) / 2, y: (b.minY + b.maxY) / 2 };
      const cx = Math.min(b.maxX, Math.max(b.minX, p.x));
      const cy = Math.min(b.maxY, Math.max(b.minY, p.y));
      this.animateTo({ ...cam, scale, x: cam.viewportWidth / 2 - cx * scale, y: cam.viewportHeight / 2 - cy * scale });
    }
    this.ui.setState({ zoomedToSection: true });
  }

  /** Animated move so these seats are in view at a comfortable size. */
  zoomToSeats(indices: readonly number[]): void {
    const cam = this.camera;
    if (!cam || indices.length === 0) return;
    const st = this.store;
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (const i of indices) {
      minX = Math.min(minX, st.x[i]!);
      maxX = Math.max(maxX, st.x[i]!);
      minY = Math.min(minY, st.y[i]!);
      maxY = Math.max(maxY, st.y[i]!);
    }
    const pad = st.typicalSeatSize * 6;
    const target = fitToBounds(
      { minX: minX - pad, minY: minY - pad, maxX: maxX + pad, maxY: maxY + pad },
      cam.viewportWidth,
      cam.viewportHeight,
      24,
    );
    const scale = clampScale(Math.min(target.scale, 28 / st.typicalSeatSize), this.limits);
    const cx = (minX + maxX) / 2;
    const cy = (minY + maxY) / 2;
    this.animateTo({ ...cam, scale, x: cam.viewportWidth / 2 - cx * scale, y: cam.viewportHeight / 2 - cy * scale });
  }

  /** Brings seat i into view (keyboard focus): pans if it is off screen, zooms in if it is too small to see. */
  ensureVisible(i: number): void {
    const cam = this.camera;
    if (!cam) return;
    const st = this.store;
    const seatPx = cam.scale * st.typicalSeatSize;
    const sx = st.x[i]! * cam.scale + cam.x;
    const sy = st.y[i]! * cam.scale + cam.y;
    const margin = 48;
    const off = sx < margin || sy < margin || sx > cam.viewportWidth - margin || sy > cam.viewportHeight - margin;
    if (seatPx < 12) {
      const scale = clampScale(20 / st.typicalSeatSize, this.limits);
      this.animateTo({
        ...cam,
        scale,
        x: cam.viewportWidth / 2 - st.x[i]! * scale,
        y: cam.viewportHeight / 2 - st.y[i]! * scale,
      });
    } else if (off) {
      this.animateTo({
        ...cam,
        x: cam.viewportWidth / 2 - st.x[i]! * cam.scale,
        y: cam.viewportHeight / 2 - st.y[i]! * cam.scale,
      });
    }
  }

  /** Spring animation between cameras: log-space zoom, straight line for the centre, applied to the stage directly. */
  animateTo(target: Camera): void {
    const from = this.camera;
    if (!from) return;
    const w = from.viewportWidth;
    const h = from.viewportHeight;
    const c0 = screenToPlan(from, w / 2, h / 2);
    const c1 = screenToPlan({ ...target, viewportWidth: w, viewportHeight: h }, w / 2, h / 2);
    const l0 = Math.log(from.scale);
    const l1 = Math.log(clampScale(target.scale, this.limits));
    const reduce = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
    this.spring.stop();
    this.spring.set(0);
    this.animating = true;
    const apply = (t: number) => {
      const scale = Math.exp(l0 + (l1 - l0) * t);
      const cx = c0.x + (c1.x - c0.x) * t;
      const cy = c0.y + (c1.y - c0.y) * t;
      this.renderer?.setCamera({ ...from, scale, x: w / 2 - cx * scale, y: h / 2 - cy * scale });
    };
    if (reduce) {
      apply(1);
      this.animating = false;
      this.publishZoom();
      return;
    }
    void this.spring.start({
      to: 1,
      config: { tension: 260, friction: 30, clamp: true },
      onChange: () => apply(this.spring.get()),
      onRest: () => {
        this.animating = false;
        this.publishZoom();
      },
    });
  }

  stopAnimation(): void {
    if (this.animating) {
      this.spring.stop();
      this.animating = false;
    }
  }

  publishZoom(): void {
    const cam = this.camera;
    if (!cam) return;
    const canZoomIn = cam.scale < this.limits.max * 0.999;
    const canZoomOut = cam.scale > this.limits.min * 1.001;
    // 10% past the fit scale: a phone's page scrolls under one finger until the visitor has really zoomed in.
    const zoomedIn = this.fit !== null && cam.scale > this.fit.scale * 1.1;
    const s = this.ui.getState();
    if (s.canZoomIn !== canZoomIn || s.canZoomOut !== canZoomOut || s.zoomedIn !== zoomedIn)
      this.ui.setState({ canZoomIn, canZoomOut, zoomedIn });
  }

  /* ================================================================ pointer */

  /** Seat under a viewport point; touch gets a finger-sized tolerance. */
  seatAt(sx: number, sy: number, touch: boolean): number {
    const r = this.renderer;
    if (!r) return -1;
    return r.seatAt(sx, sy, touch ? 14 : 2);
  }

  hoverAt(sx: number, sy: number): void {
    const r = this.renderer;
    if (!r) return;
    // Zoomed far out the seats are specks: the card describes the section under the pointer instead.
    const overview = r.camera.scale * this.store.typicalSeatSize < OVERVIEW_SEAT_PX;
    const i = overview ? -1 : r.seatAt(sx, sy, 0);
    const s = i < 0 ? r.sectionAt(sx, sy) : -1;
    const gaSection = s >= 0 && !this.store.sections[s]!.isReserved ? s : -1;
    const overviewSection = overview && s >= 0 && gaSection < 0 ? s : -1;
    if (overviewSection >= 0) {
      const card = this.ui.getState().card;
      if (card?.kind !== 'section' || card.index !== overviewSection)
        this.ui.setState({ card: { kind: 'section', index: overviewSection, x: sx, y: sy, sticky: false } });
      return;
    }
    if (i === r.hover && gaSection === r.hoverSection && this.ui.getState().card?.kind !== 'section') return;
    r.hover = i;
    r.hoverSection = gaSection;
    r.overlayChanged();
    if (i >= 0) {
      const p = r.seatOnScreen(i);
      this.ui.setState({ card: { kind: 'seat', index: i, x: p.x, y: p.y, sticky: false } });
    } else if (gaSection >= 0) {
      this.ui.setState({ card: { kind: 'ga', index: gaSection, x: sx, y: sy, sticky: false } });
    } else if (this.ui.getState().card && !this.ui.getState().card!.sticky) this.ui.setState({ card: null });
  }

  clearHover(): void {
    const r = this.renderer;
    if (!r) return;
    if (r.hover >= 0 || r.hoverSection >= 0) {
      r.hover = -1;
      r.hoverSection = -1;
      r.overlayChanged();
    }
    const card = this.ui.getState().card;
    if (card && !card.sticky) this.ui.setState({ card: null });
  }

  /** Long press (touch): the seat card, kept open until the next tap. */
  longPressAt(sx: number, sy: number): void {
    const r = this.renderer;
    if (!r) return;
    const overview = r.camera.scale * this.store.typicalSeatSize < OVERVIEW_SEAT_PX;
    const i = overview ? -1 : this.seatAt(sx, sy, true);
    if (i >= 0) {
      const p = r.seatOnScreen(i);
      r.hover = i;
      r.overlayChanged();
      this.ui.setState({ card: { kind: 'seat', index: i, x: p.x, y: p.y, sticky: true } });
      return;
    }
    const s = r.sectionAt(sx, sy);
    if (s >= 0 && this.store.sections[s]!.isReserved)
      this.ui.setState({ card: { kind: 'section', index: s, x: sx, y: sy, sticky: true } });
  }

  /**
   * A tap or click. Zoomed far out, seats are too small to aim at, so a tap
   * zooms to the section under it; otherwise it toggles the seat. GA areas
   * open their quantity picker.
   */
  tapAt(sx: number, sy: number, touch: boolean): 'seat' | 'section' | 'ga' | 'none' {
    const r = this.renderer;
    if (!r) return 'none';
    const card = this.ui.getState().card;
    if (card?.sticky) {
      this.ui.setState({ card: null });
      r.hover = -1;
      r.overlayChanged();
    }
    const seatPx = r.camera.scale * this.store.typicalSeatSize;
    const s = r.sectionAt(sx, sy);
    if (s >= 0 && !this.store.sections[s]!.isReserved) {
      this.ui.setState({ card: { kind: 'ga', index: s, x: sx, y: sy, sticky: true } });
      return 'ga';
    }
    if (seatPx < (touch ? 9 : 5) && this.store.count > 400) {
      const target = s >= 0 ? s : this.sectionNear(sx, sy);
      if (target >= 0) {
        this.zoomToSection(target, s >= 0 ? { x: sx, y: sy } : undefined);
        return 'section';
      }
    }
    const i = this.seatAt(sx, sy, touch);
    if (i >= 0) {
      void this.toggleSeat(i);
      return 'seat';
    }
    return 'none';
  }

  private sectionNear(sx: number, sy: number): number {
    const r = this.renderer!;
    const i = r.seatAt(sx, sy, 24);
    return i >= 0 ? this.store.sectionIndex[i]! : -1;
  }

  /** Box office: every available seat whose centre is inside the screen rectangle. */
  async selectRect(x0: number, y0: number, x1: number, y1: number): Promise<void> {
    const r = this.renderer;
    if (!r) return;
    const a = screenToPlan(r.camera, Math.min(x0, x1), Math.min(y0, y1));
    const b = screenToPlan(r.camera, Math.max(x0, x1), Math.max(y0, y1));
    const hits = r
      .spatialIndex()
      .queryRect(a.x, a.y, b.x, b.y, 'centre')
      .filter((i) => this.store.status[i] === SeatStatus.Available && !this.selection.has(i));
    hits.sort((p, q) => p - q);
    if (hits.length === 0) return;
    const added = this.selection.selectMany(hits);
    if (added.length < hits.length)
      this.showToast(this.opts.t('seatmap.maxSeats', { max: this.presentation.maxSeatsPerOrder }), 'info');
    this.afterSelectionChange();
    // One lock call per unit (a couch locks whole), a few at a time.
    const units: number[] = [];
    const seen = new Set<number>();
    for (const i of added) {
      if (seen.has(i)) continue;
      for (const j of this.selection.unitOf(i)) seen.add(j);
      units.push(i);
    }
    const queue = [...units];
    const worker = async () => {
      for (let i = queue.shift(); i !== undefined; i = queue.shift()) await this.lockUnit(i, false);
    };
    await Promise.all([worker(), worker(), worker(), worker()]);
    this.announceSelection('selected', added);
  }

  /* ================================================================ selection and locks */

  private lockInput(sectionIndex: number, x: number | null, y: number | null, zoneId: number | null): LockSeatInput {
    const p = this.presentation;
    const group = this.groupOfZone(zoneId);
    return {
      PresentationId: p.id,
      VenueId: p.venueId,
      VenueSeatplanId: p.seatplanId,
      VenueSectionId: this.store.sections[sectionIndex]!.id,
      TicketGroupId: group ? group.id : (zoneId ?? 0),
      XCoordinate: x,
      YCoordinate: y,
    };
  }

  private seatInput(i: number): LockSeatInput {
    const st = this.store;
    return this.lockInput(st.sectionIndex[i]!, st.coordX[i]!, st.coordY[i]!, st.ticketGroup[i]!);
  }

  /** Select (lock) or deselect (unlock) seat i and its couch. */
  async toggleSeat(i: number): Promise<void> {
    if (i < 0 || this.inFlight.has(i)) return;
    if (this.selection.has(i)) {
      await this.unselect(i);
      return;
    }
    const r = this.selection.select(i);
    if (!r.ok) {
      const text =
        r.reason === 'limit'
          ? this.opts.t('seatmap.maxSeats', { max: this.presentation.maxSeatsPerOrder })
          : this.opts.t('seatmap.notSelectable', { seat: this.describe(i) });
      this.showToast(text, 'info');
      this.announce(text);
      return;
    }
    this.afterSelectionChange();
    const ok = await this.lockUnit(i, true);
    if (ok) this.announceSelection('selected', r.seats);
  }

  /** Locks the unit of seat i (already selected); on refusal unselects it and says why. */
  private async lockUnit(i: number, announceFailure: boolean): Promise<boolean> {
    const unit = this.selection.unitOf(i);
    for (const j of unit) this.inFlight.add(j);
    this.publishSelection();
    try {
      const res = await withBotToken((token) => seatApi.lockSeat(this.seatInput(i), token));
      for (const s of res.seats) {
        const j = seatIndexOf(this.store, s.sectionId, s.x, s.y);
        if (j < 0) continue;
        this.owned.set(j, res.version);
        if (!this.selection.has(j)) this.selection.select(j);
        this.holdEvents.emit({ kind: 'seatHeld', seat: j });
      }
      this.setDeadline(res.timeInSeconds);
      void this.refreshTimer();
      return true;
    } catch (error) {
      this.selection.deselect(i);
      const message = this.errorText(error);
      this.showToast(message, 'error');
      if (announceFailure)
        this.announce(
          selectionAnnouncement(
            'lockFailed',
            unit.map((j) => this.seatFacts(j)),
            this.opts.t,
            { message },
          ),
        );
      return false;
    } finally {
      for (const j of unit) this.inFlight.delete(j);
      this.afterSelectionChange();
    }
  }

  private async unselect(i: number): Promise<void> {
    const removed = this.selection.deselect(i);
    if (removed.length === 0) return;
    for (const j of removed) this.inFlight.add(j);
    this.afterSelectionChange();
    try {
      await withBotToken((token) => seatApi.unlockSeat(this.seatInput(i), token));
      for (const j of removed) {
        this.owned.delete(j);
        this.holdEvents.emit({ kind: 'seatReleased', seat: j });
      }
      this.announceSelection('unselected', removed);
      void this.refreshTimer();
    } catch (error) {
      // Failed unlock: we still hold it, so it stays selected.
      for (const j of removed) this.owned.set(j, this.owned.get(j) ?? 0);
      this.selection.select(i);
      const message = this.errorText(error);
      this.showToast(message, 'error');
      this.announce(
        selectionAnnouncement(
          'unlockFailed',
          removed.map((j) => this.seatFacts(j)),
          this.opts.t,
          { message },
        ),
      );
    } finally {
      for (const j of removed) this.inFlight.delete(j);
      this.afterSelectionChange();
    }
  }

  /** Best available: the server finds and locks the best block of `quantity` seats. */
  async bestAvailable(quantity: number, ticketGroupId?: number, sectionId?: number): Promise<void> {
    this.ui.setState({ busy: true });
    try {
      const res = await withBotToken((token) =>
        seatApi.bestAvailable({
          presentationId: this.presentation.id,
          quantity,
          ticketGroupId,
          sectionId,
          recaptchaToken: token,
        }),
      );
      const match = res.matches.find((m) => m.locked) ?? null;
      if (!match) {
        const text = this.opts.t('seatmap.best.none', { count: quantity });
        this.showToast(text, 'info');
        this.announce(text);
        return;
      }
      const seats: number[] = [];
      for (const s of match.seats) {
        const j = seatIndexOf(this.store, s.sectionId, s.x, s.y);
        if (j < 0) continue;
        seats.push(j);
        this.owned.set(j, this.sync.version);
        if (!this.selection.has(j)) this.selection.select(j);
        this.holdEvents.emit({ kind: 'seatHeld', seat: j });
      }
      this.afterSelectionChange();
      if (match.timeInSeconds !== undefined) this.setDeadline(match.timeInSeconds);
      void this.refreshTimer();
      this.zoomToSeats(seats);
      this.announceSelection('selected', seats);
    } catch (error) {
      const message = this.errorText(error);
      this.showToast(message, 'error');
      this.announce(message);
    } finally {
      this.ui.setState({ busy: false });
    }
  }

  /** GA: one more (+1) or one fewer (-1) place in section s. */
  async changeGa(s: number, delta: 1 | -1): Promise<void> {
    const sec = this.store.sections[s]!;
    const places = this.gaPlaces.get(s) ?? [];
    this.ui.setState({ busy: true });
    try {
      if (delta > 0) {
        const res = await withBotToken((token) => seatApi.lockSeat(this.lockInput(s, null, null, sec.zoneId), token));
        places.push(res.lockedSeat.x);
        this.holdEvents.emit({ kind: 'gaHeld', section: s, place: res.lockedSeat.x });
        this.setDeadline(res.timeInSeconds);
        this.announce(this.opts.t('seatmap.ga.added', { section: this.sectionName(s), count: places.length }));
      } else {
        const place = places[places.length - 1];
        if (place === undefined) return;
        await withBotToken((token) => seatApi.unlockSeat(this.lockInput(s, place, 0, sec.zoneId), token));
        places.pop();
        this.holdEvents.emit({ kind: 'gaReleased', section: s, place });
        this.announce(this.opts.t('seatmap.ga.removed', { section: this.sectionName(s), count: places.length }));
      }
      this.gaPlaces.set(s, places);
      this.renderer?.staticChanged();
      this.renderer?.overlayChanged();
      void this.refreshTimer();
    } catch (error) {
      const message = this.errorText(error);
      this.showToast(message, 'error');
      this.announce(message);
    } finally {
      this.ui.setState({ busy: false });
      this.publishSelection();
    }
  }

  private errorText(error: unknown): string {
    if (error instanceof ApiError) return error.message || this.opts.t('seatmap.genericError');
    return this.opts.t('seatmap.genericError');
  }

  private afterSelectionChange(): void {
    this.renderer?.overlayChanged();
    this.publishSelection();
  }

  private announceSelection(kind: 'selected' | 'unselected', seats: readonly number[]): void {
    const total = this.selectedTotal();
    this.announce(
      selectionAnnouncement(
        kind,
        seats.map((j) => this.seatFacts(j)),
        this.opts.t,
        {
          count: this.selection.size + this.gaCount(),
          total: this.opts.formatPrice(total),
        },
      ),
    );
  }

  private gaCount(): number {
    let n = 0;
    for (const p of this.gaPlaces.values()) n += p.length;
    return n;
  }

  selectedTotal(): number {
    let total = 0;
    for (const i of this.selection.indices()) total += this.groupPrice(this.groupOfSeat(i)) ?? 0;
    for (const [s, p] of this.gaPlaces)
      total += (this.groupPrice(this.groupOfZone(this.store.sections[s]!.zoneId)) ?? 0) * p.length;
    return Math.round(total * 100) / 100;
  }

  /** Pushes the selection to the React side (panel, summary). */
  publishSelection(): void {
    if (!this.store) return;
    const st = this.store;
    const selected: SelectedSeatView[] = this.selection.indices().map((i) => {
      const g = this.groupOfSeat(i);
      return {
        index: i,
        sectionId: st.sectionId[i]!,
        x: st.coordX[i]!,
        y: st.coordY[i]!,
        section: this.sectionName(st.sectionIndex[i]!),
        row: rowNameOf(st, i),
        seat: st.seatName[i]!,
        price: this.groupPrice(g),
        group: this.groupName(g),
        pending: this.inFlight.has(i),
      };
    });
    const ga: GaHoldingView[] = [];
    for (const [s, places] of this.gaPlaces) {
      const sec = st.sections[s]!;
      const g = this.groupOfZone(sec.zoneId);
      const remaining = this.sync.gaRemaining(s);
      ga.push({
        sectionIndex: s,
        sectionId: sec.id,
        name: this.sectionName(s),
        places: [...places],
        remaining,
        price: this.groupPrice(g),
        group: this.groupName(g),
        soldOut: sec.isSoldOut || remaining === 0,
      });
    }
    this.ui.setState({ selected, ga });
  }

  /* ================================================================ timer */

  private setDeadline(seconds: number): void {
    this.ui.setState({ deadline: seconds > 0 ? Date.now() + seconds * 1000 : null });
  }

  /** GET /api/presentations/timer/:id: seconds left on this visitor's earliest lock. */
  async refreshTimer(): Promise<void> {
    try {
      const res = await seatApi.getTimer(this.presentation.id);
      const entry = res.timer[String(this.presentation.id)];
      if (!entry) return;
      const holds = this.selection.size + this.gaCount();
      this.ui.setState({
        deadline: entry.timeInSeconds > 0 && holds > 0 ? Date.now() + entry.timeInSeconds * 1000 : null,
        timerUrl: entry.url,
      });
    } catch {
      /* the countdown keeps its last value */
    }
  }

  /* ================================================================ live */

  private connectLive(): void {
    if (this.feed || typeof window === 'undefined') return;
    this.feed = new LiveFeed(
      this.presentation.id,
      {
        version: () => this.sync.version,
        onDelta: (msg) => this.handleDelta(msg),
        onSnapshot: (msg) => this.handleSnapshot(msg),
        onConnection: (connected) => this.ui.setState({ connected }),
      },
      this.opts.locale,
    );
    this.feed.connect();
  }

  /** Seats this visitor holds or is about to: the room reports them as anybody's lock (5). */
  private readonly isOwn = (i: number): boolean => this.selection.has(i) || this.inFlight.has(i);

  /** A versioned delta from the room: straight into the typed arrays and the canvas, no React render. */
  handleDelta(msg: SeatDeltaMessage): void {
    const res = this.sync.applyDelta(msg, { isOwn: this.isOwn });
    if (res.applied) {
      unblockBesideOwnSeats(this.store, res.changedIndices, this.isOwn);
      if (res.changedIndices.length) this.renderer?.statusChanged(res.changedIndices);
      if (res.changedIndices.length && isFilterActive(this.filter)) this.refreshHighlight();
      if (res.changedIndices.length && this.soldOut) {
        const before = this.soldOut.slice();
        this.recountSoldOut(res.changedIndices);
        if (this.soldOut.some((v, s) => v !== before[s])) this.renderer?.staticChanged();
      }
      if (res.changedGaSections.length) {
        this.renderer?.staticChanged();
        this.publishSelection();
      }
      this.checkLostHolds(res.changedIndices, msg.toVersion);
    } else if (res.gap) this.feed?.resync();
  }

  handleSnapshot(msg: SeatSnapshotMessage): void {
    const res = this.sync.applySnapshot(msg, { isOwn: this.isOwn });
    if (!res.applied) return;
    unblockBesideOwnSeats(this.store, res.changedIndices, this.isOwn);
    this.soldOut = null; // recounted on the next label draw
    this.renderer?.statusChanged(res.changedIndices);
    if (res.changedGaSections.length) this.renderer?.staticChanged();
    this.checkLostHolds(res.changedIndices, msg.version);
  }

  /** A seat we held turned available after our lock: the hold expired on the server. */
  private checkLostHolds(changed: readonly number[], version: number): void {
    const lost: number[] = [];
    for (const i of changed) {
      if (this.store.status[i] !== SeatStatus.Available || this.inFlight.has(i)) continue;
      const since = this.owned.get(i);
      if (since === undefined || version <= since || !this.selection.has(i)) continue;
      this.owned.delete(i);
      lost.push(...this.selection.deselect(i));
      this.holdEvents.emit({ kind: 'seatReleased', seat: i });
    }
    if (lost.length) {
      this.afterSelectionChange();
      this.announce(
        selectionAnnouncement(
          'expired',
          lost.map((j) => this.seatFacts(j)),
          this.opts.t,
        ),
      );
    }
  }

  /* ================================================================ keyboard */

  /** Where focus lands when tabbing into the map: the first selected seat, else the first available one. */
  entrySeat(): number {
    const sel = this.selection.indices();
    if (sel.length) return sel[0]!;
    const available = firstSeat(this.store, (i) => this.store.status[i] === SeatStatus.Available);
    return available >= 0 ? available : firstSeat(this.store);
  }

  setFocus(i: number, reveal = true): void {
    const r = this.renderer;
    if (!r) return;
    r.focus = i;
    r.overlayChanged();
    this.ui.setState({ focus: i });
    if (i >= 0) {
      if (reveal) this.ensureVisible(i);
      const p = r.seatOnScreen(i);
      this.ui.setState({ card: { kind: 'seat', index: i, x: p.x, y: p.y, sticky: false } });
    }
  }

  moveFocus(direction: NavDirection): number {
    const cur = this.ui.getState().focus;
    const next = cur < 0 ? this.entrySeat() : navigate(this.store, cur, direction);
    if (next >= 0) this.setFocus(next);
    return next;
  }

  /** Home/End: first/last seat of the focused row. PageUp/PageDown: previous/next section. */
  jumpFocus(kind: 'rowStart' | 'rowEnd' | 'prevSection' | 'nextSection'): void {
    const st = this.store;
    const cur = this.ui.getState().focus;
    if (cur < 0) return this.setFocus(this.entrySeat());
    const row = st.rows[st.rowOf[cur]!]!;
    if (kind === 'rowStart') return this.setFocus(row.start);
    if (kind === 'rowEnd') return this.setFocus(row.end - 1);
    const s = st.sectionIndex[cur]!;
    const step = kind === 'nextSection' ? 1 : -1;
    for (let k = s + step; k >= 0 && k < st.sections.length; k += step) {
      const sec = st.sections[k]!;
      if (sec.seatEnd > sec.seatStart) return this.setFocus(sec.seatStart);
    }
  }

  blurMap(): void {
    const r = this.renderer;
    if (r) {
      r.focus = -1;
      r.overlayChanged();
    }
    const card = this.ui.getState().card;
    this.ui.setState({ card: card?.sticky ? card : null });
  }

  /* ================================================================ messages */

  showToast(text: string, tone: 'error' | 'info'): void {
    const id = ++this.toastId;
    this.ui.setState({ toast: { id, text, tone } });
    if (this.toastTimer) clearTimeout(this.toastTimer);
    this.toastTimer = setTimeout(() => {
      if (this.ui.getState().toast?.id === id) this.ui.setState({ toast: null });
    }, TOAST_MS);
  }

  announce(text: string): void {
    const prev = this.ui.getState().announcement;
    this.ui.setState({ announcement: { id: prev.id + 1, text } });
  }

  /* ================================================================ palette */

  setLayout(layout: LayoutName): void {
    setScenePalette(this.scene, paletteFor(layout), this.zoneColours());
    this.renderer?.repaintAll();
    this.ui.setState((s) => ({ paletteVersion: s.paletteVersion + 1 }));
  }
}

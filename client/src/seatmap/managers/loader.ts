import { SeatStatus, type ApiSeatplan, type ApiTicketGroup, type ColumnarSeatplan } from '@hotline/shared';
import { isAbortError } from '../../api/client';
import { takeEarlyAnswer } from '../../api/early-answers';
import { adoptFirstPaint, endFirstPaint, takeFirstPaintModel } from '../../first-paint/first-paint';
import * as seatApi from '../api';
import { warmBotToken } from '../botcheck';
import type { SeatMapController } from '../controller';
import { decorLabelIn, stageLabelIn } from '../model/plan-names';
import { buildSeatStore, type SeatStore } from '../model/seat-store';
import { SeatSelection } from '../model/selection';
import { StatusSync } from '../model/status-sync';
import type { Camera } from '../model/viewport';
import { cappedPixelRatio } from '../render/lod';
import { paletteFor } from '../render/palette';
import { SeatMapRenderer, type SeatLayer } from '../render/renderer';
import { buildScene, type SceneData } from '../render/scene';
import { warmTextRendering } from '../render/text';
import type { FlatSeatsStatus } from '../status-parse';
import { StatusParser } from '../status-parser';

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

/** A new task: `scheduler.yield()` where the browser has it (keeps our priority), else a message-channel task. */
function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

type SeatLayerFactory = (host: HTMLDivElement, camera: Camera, scene: SceneData, pixelRatio: number) => SeatLayer;

/**
 * Loading and mounting: the plan, ticket groups and statuses in parallel (statuses parsed in a worker), the model
 * (seat store, status sync, selection), the paint data, and the renderer in the page's map frame as soon as both
 * are there; then the live room and, once the first frame is on screen, the spatial index in an idle callback.
 */
export class SeatMapLoader {
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
  private firstFrameResolve: (() => void) | null = null;
  readonly firstFrame: Promise<void> = new Promise((resolve) => (this.firstFrameResolve = resolve));
  /** Benchmarks only: a different seat layer (the naive one-node-per-seat baseline). */
  layerFactory: SeatLayerFactory | null = null;
  private host: { el: HTMLDivElement; size: () => { width: number; height: number } } | null = null;

  constructor(private readonly c: SeatMapController) {}

  async load(signal?: AbortSignal): Promise<void> {
    const c = this.c;
    const p = c.presentation;
    // The order page's entry may have fetched and parsed the statuses already (order/early-requests.ts).
    const earlyStatus = takeEarlyAnswer<FlatSeatsStatus>(seatApi.parsedStatusKey(p.id), signal);
    const statusParser = earlyStatus ? null : new StatusParser();
    try {
      // The statuses go to a worker as soon as their bytes are in, and parse while the plan is handled here.
      let statusParsed: Promise<FlatSeatsStatus> | null = null;
      const statusBytes = earlyStatus
        ? earlyStatus.then((status) => {
            statusParsed = Promise.resolve(status);
          })
        : seatApi.getSeatsStatusBytes(p.id, signal).then((bytes) => {
            statusParsed = statusParser!.parse(bytes);
          });
      const requests = [
        seatApi.getSeatplanText(p.id, signal),
        seatApi.getTicketGroups(p.id, signal).catch((e: unknown) => {
          if (isAbortError(e)) throw e;
          return [] as ApiTicketGroup[];
        }),
        statusBytes,
      ] as const;
      // While the plan downloads: pay the text engine's first-use cost now, not in the first frame.
      warmTextRendering();
      const [planRes, groups] = await Promise.all(requests);
      if (c.destroyed) return;
      Object.assign(this.timings, planRes.timings);
      // Every byte is here. From now on it is all our own work: parse, model, paint data, first frame.
      this.timings.dataReady = performance.now();
      // Each step below is its own task, with the browser free in between: at 100k seats they take up to ~150 ms
      // each, and run as one task they froze a 2560x1440 box-office page for several hundred ms.
      // The first-paint picture (first-paint/) may have parsed this very answer and built its store already.
      const drawn = takeFirstPaintModel(planRes.text);
      const plan = drawn?.plan ?? seatApi.parsePlan(planRes.text);
      this.timings.parsed = performance.now();
      if (!(await this.yieldStep())) return;
      this.initModel(plan, groups, drawn?.store);
      this.timings.storeBuilt = performance.now();
      const status = await statusParsed!;
      if (!(await this.yieldStep())) return;
      this.applyRestStatus(status.version, status.rows);
      this.timings.statusApplied = performance.now();
      this.buildScene();
      this.timings.built = performance.now();
      if (!(await this.yieldStep())) return;
      // Draw the map now (synchronously) if its frame is on the page; the chrome renders after.
      this.mountAttached();
      c.ui.setState({ phase: 'ready' });
      warmBotToken();
    } catch (error) {
      if (isAbortError(error) || c.destroyed) return;
      endFirstPaint();
      c.ui.setState({ phase: 'error', error });
    } finally {
      statusParser?.close();
    }
  }

  /** Lets the browser handle input and paint before the next loading step; false if the map was closed meanwhile. */
  private async yieldStep(): Promise<boolean> {
    await yieldToBrowser();
    return !this.c.destroyed;
  }

  /** Builds the model from a plan, nested or columnar (the store given when the first-paint picture built it). */
  initModel(plan: ApiSeatplan | ColumnarSeatplan, groups: ApiTicketGroup[], store?: SeatStore): void {
    const c = this.c;
    c.plan = plan;
    c.store = store ?? buildSeatStore(plan);
    c.facts.setGroups(groups);
    c.sync = new StatusSync(c.store, { presentationId: c.presentation.id });
    c.selection = new SeatSelection(c.store, {
      canSelect: (i) =>
        c.change.active ? c.change.choosable(i) : c.store.status[i] === SeatStatus.Available || c.holds.isOwned(i),
      maxSeats: c.holds.seatLimit(),
      heldElsewhere: () => c.holds.countedBesideSeats(),
    });
    c.holds.initSections();
  }

  /** The REST seats-status answer (flat rows, 7 numbers each) as the first snapshot; our own holds come back selected. */
  applyRestStatus(version: number, rows: Int32Array): void {
    this.c.sync.applySnapshotFlat(this.c.presentation.id, version, rows);
    // Every status may have changed: which sections have nothing left is counted again at the next label draw.
    this.c.facts.forgetSoldOut();
    this.c.holds.adoptRestStatus(version, rows);
  }

  /** Paint data for the renderer; after the first statuses are in, so the first frame shows them. */
  buildScene(): void {
    const c = this.c;
    c.scene = buildScene(c.store, c.plan, paletteFor(c.opts.layout), c.facts.zoneColours());
    c.change.apply();
  }

  /** The page's map frame: the renderer mounts into it as soon as the model is built (at once if it already is). */
  attachHost(el: HTMLDivElement, size: () => { width: number; height: number }): void {
    this.host = { el, size };
    // The first-paint picture, if any, moves into the frame at the camera the map will open with.
    adoptFirstPaint(el, size, () => this.c.camera.bottomInset);
    this.mountAttached();
  }

  mountAttached(): void {
    const c = this.c;
    if (!this.host || c.renderer || !c.scene || c.destroyed) return;
    const { width, height } = this.host.size();
    if (width <= 0 || height <= 0) return;
    this.mount(this.host.el, width, height);
    (c.renderer as SeatLayer | null)?.flush();
  }

  mount(host: HTMLDivElement, width: number, height: number): void {
    const c = this.c;
    if (c.renderer) return;
    const fit = c.camera.refit(width, height);
    const nav = navigator as Navigator & { deviceMemory?: number };
    const pixelRatio = cappedPixelRatio(window.devicePixelRatio || 1, nav.hardwareConcurrency, nav.deviceMemory);
    const weak = pixelRatio < Math.min(window.devicePixelRatio || 1, 2);
    const stage = c.plan.Stage;
    const renderer = this.layerFactory
      ? this.layerFactory(host, fit, c.scene, pixelRatio)
      : new SeatMapRenderer(host, fit, {
          scene: c.scene,
          pixelRatio,
          largeLabels: c.opts.boxOffice,
          sectionName: (s) => c.facts.sectionName(s),
          stageLabel: () => stageLabelIn(stage, c.opts.locale),
          decorLabel: (label) => decorLabelIn(label, c.opts.locale),
          gaCaption: (s) => c.facts.gaCaption(s),
          soldOutCaption: (s) => (c.facts.sectionSoldOut(s) ? c.opts.t('seatmap.section.soldOut') : ''),
          bitmapBudget: weak ? 8e6 : 24e6,
        });
    c.renderer = renderer;
    renderer.bottomInset = c.camera.bottomInset;
    this.timings.mounted = performance.now();
    renderer.setSources({ selection: c.selection, sync: c.sync, gaHeld: (s) => c.holds.gaHeld(s) });
    c.change.mounted();
    renderer.onFrame = () => {
      if (!this.firstFrameResolve) return;
      this.timings.firstFrame = performance.now();
      // The map's own seats are on its canvas, drawn over the picture: the picture goes in the same task.
      endFirstPaint();
      this.firstFrameResolve();
      this.firstFrameResolve = null;
      // Hit-testing needs the spatial index; build it once the map is on screen.
      const idle =
        (window as Window & { requestIdleCallback?: (cb: () => void) => void }).requestIdleCallback ??
        ((cb: () => void) => setTimeout(cb, 50));
      idle(() => c.renderer?.spatialIndex());
    };
    c.camera.publishZoom();
    c.live.connect();
  }
}

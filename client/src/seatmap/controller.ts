import type { StoreApi } from 'zustand/vanilla';
import type { ApiPresentation, ApiSeatplan, ApiTicketGroup, ColumnarSeatplan } from '@hotline/shared';
import { endFirstPaint } from '../first-paint/first-paint';
import type { SeatFacts, Translate } from './a11y/describe';
import { HoldEvents } from './hold-events';
import { CameraManager } from './managers/camera';
import { ChangeManager } from './managers/change';
import { SeatFactsManager } from './managers/facts';
import { FocusManager } from './managers/focus';
import { HoldsManager } from './managers/holds';
import { LiveManager } from './managers/live';
import { SeatMapLoader } from './managers/loader';
import { Messages } from './managers/messages';
import { PointerManager } from './managers/pointer';
import type { SeatFilter } from './model/seat-filter';
import type { SeatStore } from './model/seat-store';
import type { SupportedLocale } from '../lib/rules';
import type { SectionSummary } from './model/section-summary';
import type { SeatSelection } from './model/selection';
import type { StatusSync } from './model/status-sync';
import { paletteFor, type LayoutName } from './render/palette';
import type { SeatLayer } from './render/renderer';
import { setScenePalette, type SceneData } from './render/scene';
import { createUiStore, type SeatMapUi } from './ui-state';

export interface SeatMapOptions {
  presentation: ApiPresentation;
  /** The visitor's language: plan and catalogue names follow it (model/plan-names.ts), then English, then Hebrew. */
  locale: SupportedLocale;
  layout: LayoutName;
  boxOffice: boolean;
  t: Translate;
  formatPrice: (shekels: number) => string;
  /** Membership mode: seats lock through the membership's own calls, held on all its presentations. */
  membership?: MembershipSeatPort;
  /**
   * Changing an order (managers/change.ts): one new seat is chosen, not held (the swap holds it), among the
   * seats the server allows; the targets come later through `change.set`.
   */
  seatChange?: boolean;
}

/** How the map holds a seat in membership mode (memberships/membership-seat-port.ts builds one). */
export interface MembershipSeatPort {
  lock(seat: { sectionId: number; x: number; y: number }): Promise<{
    seats: { sectionId: number; x: number; y: number }[];
    timeInSeconds: number;
  }>;
  unlock(seat: { sectionId: number; x: number; y: number }): Promise<void>;
}

/**
 * The seat map's facade, framework-free (tldraw's Editor style): it owns the shared model (seat store, status sync,
 * selection, paint data, renderer) and the UI store React renders, and composes small managers that each own one
 * concern. React mounts it once and calls the managers (or the few shortcuts below that the panels use).
 *
 * - `loader`: fetch, parse, build the model, mount the renderer, first frame.
 * - `camera`: zoom, pan, fit, animated moves, zoom state.
 * - `pointer`: hover, long press, tap, the box-office rectangle.
 * - `focus`: keyboard focus and navigation over the ARIA grid.
 * - `holds`: lock, unlock, best available, general admission, lost holds, the timer; emits `holdEvents`.
 * - `facts`: names, ticket groups, all-in prices, seat facts, section summaries, sold-out sections, the filter.
 * - `live`: the live room's deltas and snapshots.
 * - `messages`: toasts and screen-reader announcements.
 * - `change`: changing an order's seats: its seats marked, the allowed targets, one seat chosen (off otherwise).
 */
export class SeatMapController {
  readonly ui: StoreApi<SeatMapUi> = createUiStore();
  /** Holds gained and lost; the booking adapter (booking-adapter.ts) writes the cart from these, not the map. */
  readonly holdEvents = new HoldEvents();

  // The shared model, set by the loader.
  store!: SeatStore;
  sync!: StatusSync;
  selection!: SeatSelection;
  scene!: SceneData;
  plan!: ApiSeatplan | ColumnarSeatplan;
  renderer: SeatLayer | null = null;
  destroyed = false;

  readonly messages: Messages = new Messages(this.ui, () => this.opts.t);
  readonly change: ChangeManager;
  readonly facts: SeatFactsManager = new SeatFactsManager(this);
  readonly camera: CameraManager = new CameraManager(this);
  readonly holds: HoldsManager = new HoldsManager(this);
  readonly pointer: PointerManager = new PointerManager(this);
  readonly focus: FocusManager = new FocusManager(this);
  readonly live: LiveManager = new LiveManager(this);
  readonly loader: SeatMapLoader = new SeatMapLoader(this);

  constructor(readonly opts: SeatMapOptions) {
    this.change = new ChangeManager(this);
  }

  get presentation(): ApiPresentation {
    return this.opts.presentation;
  }

  load(signal?: AbortSignal): Promise<void> {
    return this.loader.load(signal);
  }

  /** The map frame changed size (before the renderer exists: mount once it has a size). */
  resize(width: number, height: number): void {
    if (!this.renderer) return this.loader.mountAttached();
    if (width <= 0 || height <= 0) return;
    this.camera.resize(width, height);
  }

  destroy(): void {
    this.destroyed = true;
    endFirstPaint();
    this.camera.destroy();
    this.live.close();
    this.renderer?.destroy();
    this.renderer = null;
    this.messages.destroy();
  }

  /** The palette changed (layout switch): repaint the canvas and let the legend re-render. */
  setLayout(layout: LayoutName): void {
    setScenePalette(this.scene, paletteFor(layout), this.facts.zoneColours());
    this.renderer?.repaintAll();
    this.ui.setState((s) => ({ paletteVersion: s.paletteVersion + 1 }));
  }

  /* Shortcuts the panels, legend, card and booking adapter use (kept so those stay unchanged). */

  get groupByZone(): ReadonlyMap<number, ApiTicketGroup> {
    return this.facts.groupByZone;
  }
  get filter(): SeatFilter {
    return this.facts.filter;
  }
  setFilter(filter: SeatFilter): number {
    return this.facts.setFilter(filter);
  }
  sectionName(s: number): string {
    return this.facts.sectionName(s);
  }
  groupOfSeat(i: number): ApiTicketGroup | null {
    return this.facts.groupOfSeat(i);
  }
  groupOfZone(zoneId: number | null): ApiTicketGroup | null {
    return this.facts.groupOfZone(zoneId);
  }
  groupPrice(g: ApiTicketGroup | null): number | null {
    return this.facts.groupPrice(g);
  }
  groupName(g: ApiTicketGroup | null): string | null {
    return this.facts.groupName(g);
  }
  seatFacts(i: number): SeatFacts {
    return this.facts.seatFacts(i);
  }
  describe(i: number, withSection = true): string {
    return this.facts.describe(i, withSection);
  }
  sectionSummary(s: number): SectionSummary {
    return this.facts.sectionSummary(s);
  }
  selectedTotal(): number {
    return this.holds.selectedTotal();
  }
  toggleSeat(i: number): Promise<void> {
    return this.holds.toggleSeat(i);
  }
  bestAvailable(quantity: number, ticketGroupId?: number, sectionId?: number): Promise<void> {
    return this.holds.bestAvailable(quantity, ticketGroupId, sectionId);
  }
  changeGa(s: number, delta: 1 | -1): Promise<void> {
    return this.holds.changeGa(s, delta);
  }
  announce(text: string): void {
    this.messages.announce(text);
  }
}

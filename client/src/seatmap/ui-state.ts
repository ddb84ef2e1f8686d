import { createStore, type StoreApi } from 'zustand/vanilla';

/**
 * The little React needs to know about the seat map: the chrome (panel,
 * card, toast, timer) reads this store; the canvas never does. Live seat
 * changes do NOT pass through here — only selection and UI events.
 */
export interface SelectedSeatView {
  index: number;
  sectionId: number;
  x: number;
  y: number;
  section: string;
  row: string;
  seat: string;
  price: number | null;
  group: string | null;
  pending: boolean;
}

export interface GaHoldingView {
  sectionIndex: number;
  sectionId: number;
  name: string;
  places: number[];
  remaining: number | null;
  price: number | null;
  group: string | null;
  soldOut: boolean;
}

/** A free seat the visitor's selection would leave alone (the single-seat-gap rule the commit applies). */
export interface GapView {
  index: number;
  /** Section and "row 7, seat 1", in the visitor's language. */
  name: string;
}

export interface CardView {
  /** A seat, a standing area, or (zoomed far out) a reserved section's overview: price range and seats left. */
  kind: 'seat' | 'ga' | 'section';
  index: number;
  /** Anchor in the map viewport (CSS px). */
  x: number;
  y: number;
  /** The card was opened by touch (long press): keep it until the next tap. */
  sticky: boolean;
}

export interface ToastView {
  id: number;
  text: string;
  tone: 'error' | 'info';
}

export interface SeatMapUi {
  phase: 'loading' | 'ready' | 'error';
  error: unknown;
  selected: SelectedSeatView[];
  ga: GaHoldingView[];
  /** Epoch ms when the earliest hold expires; null = no holds. */
  deadline: number | null;
  timerUrl: string | null;
  toast: ToastView | null;
  announcement: { id: number; text: string };
  card: CardView | null;
  /** Keyboard focus seat (-1 none). */
  focus: number;
  canZoomIn: boolean;
  canZoomOut: boolean;
  zoomedToSection: boolean;
  /**
   * Zoomed in past the whole-venue view: one finger pans the map. Otherwise a one-finger swipe that starts on the
   * map scrolls the page (touch-action: pan-y), so the map never traps a phone's page.
   */
  zoomedIn: boolean;
  connected: boolean;
  /** The server told this visitor their hold on this show ended (their own socket event). */
  holdEnded: boolean;
  busy: boolean;
  /** Box office: drag draws a rectangle (true) or pans (false). */
  rectangleTool: boolean;
  /** Box office with a staff session (permission 267): the staff block limit; null = the public per-order cap. */
  staffCap: number | null;
  /** Bumped when ticket groups / layout change (legend re-renders). */
  paletteVersion: number;
  /**
   * Seats the selection would leave alone between taken seats, on a show with the single-seat-gap rule: the order
   * cannot continue until the visitor takes them too or chooses otherwise (the commit would refuse it after the card).
   */
  gaps: GapView[];
  /** Box office: a block larger than an order's usual size, waiting for the cashier's yes (count and total shown). */
  blockToConfirm: { seats: number[]; total: number } | null;
  /** Box office: how many seats the last block locked (one undo gives them all back); 0 = nothing to undo. */
  lastBlock: number;
}

export function createUiStore(): StoreApi<SeatMapUi> {
  return createStore<SeatMapUi>(() => ({
    phase: 'loading',
    error: null,
    selected: [],
    ga: [],
    deadline: null,
    timerUrl: null,
    toast: null,
    announcement: { id: 0, text: '' },
    card: null,
    focus: -1,
    canZoomIn: true,
    canZoomOut: true,
    zoomedToSection: false,
    zoomedIn: false,
    connected: false,
    holdEnded: false,
    busy: false,
    rectangleTool: true,
    staffCap: null,
    paletteVersion: 0,
    gaps: [],
    blockToConfirm: null,
    lastBlock: 0,
  }));
}

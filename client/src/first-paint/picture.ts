import type { ApiTicketGroup, ColumnarSeatplan, ApiSeatplan } from '@hotline/shared';
import { peekEarlyAnswer } from '../api/early-answers';
import { parsedStatusKey, parsePlan, seatplanUrl, ticketGroupsUrl } from '../seatmap/api';
import { buildSeatStore, type SeatStore } from '../seatmap/model/seat-store';
import { openingCamera } from '../seatmap/model/viewport';
import { layoutSetting, paletteFor } from '../seatmap/render/palette';
import type { FlatSeatsStatus } from '../seatmap/status-parse';
import { drawPicture, paintPlan, seatStatuses, type Picture } from './draw';

/**
 * The order page's first picture of the seats, drawn before React, Konva and the seat map's code have arrived.
 *
 * Under Fast 3G and a 4x slower CPU the data are in long before the page's own code (about 330 kB before the first
 * seat frame) has downloaded and run. This module is in the entry chunk (no React, no Konva; started by first-paint.ts):
 * from the answers the entry asked for already (order/early-requests.ts, peeked here, taken later by the seat map, so
 * nothing is downloaded twice) it builds the seat store, the seat map's own (model/seat-store.ts), and draws every seat as a square on a
 * plain canvas at the camera the map opens with (model/viewport.ts openingCamera), in the map's own colours.
 *
 * It is a picture: aria-hidden, not focusable, no handlers. Until React has laid out the page it covers the window
 * (fixed, so nothing moves when it goes; the page under it inert meanwhile, so no focus or tap lands on what it
 * hides; a screen reader hears the entry's "loading the seat map" status meanwhile, first-paint.ts); when the seat map's
 * frame is on the page it moves into that frame and is drawn again at the frame's size; the map's first Konva frame
 * replaces it in the same task (endFirstPaint), and the map takes over the parsed plan and the built store.
 */
interface Shown {
  root: HTMLDivElement;
  canvas: HTMLCanvasElement;
}

interface Host {
  el: HTMLElement;
  size: () => { width: number; height: number };
  bottomInset: () => number;
}

interface State {
  picture: Picture | null;
  /** The parsed plan and the store, for the map (takeFirstPaintModel); the text they came from identifies them. */
  model: { text: string; plan: ApiSeatplan | ColumnarSeatplan; store: SeatStore } | null;
  shown: Shown | null;
  host: Host | null;
  ended: boolean;
}

let state: State | null = null;

/** Starts the picture for presentation `id` (first-paint.ts, right after the entry asked for the answers). */
export function startPicture(id: number): void {
  const plan = peekEarlyAnswer<{ text: string }>(seatplanUrl(id));
  const status = peekEarlyAnswer<FlatSeatsStatus>(parsedStatusKey(id));
  if (!plan || !status) return;
  const groups = peekEarlyAnswer<{ ticketGroups: ApiTicketGroup[] }>(ticketGroupsUrl(id));
  const own: State = { picture: null, model: null, shown: null, host: null, ended: false };
  state = own;
  void Promise.all([plan, status, groups?.catch(() => null)]).then(
    ([{ text }, flat, groupAnswer]) => {
      if (own.ended) return;
      const parsed = parsePlan(text);
      const store = buildSeatStore(parsed);
      own.model = { text, plan: parsed, store };
      const palette = paletteFor(
        layoutSetting(window.location.search, (window as { __HOTLINE_CONFIG__?: unknown }).__HOTLINE_CONFIG__),
      );
      own.picture = paintPlan(store, parsed, palette, groupAnswer?.ticketGroups ?? [], seatStatuses(store, flat.rows));
      show(own);
      performance.mark('hotline:first-paint');
    },
    // The map asks again and shows the error itself; the picture simply does not appear.
    () => undefined,
  );
}

/**
 * The seat map's frame is on the page (managers/loader.ts attachHost): the picture moves into it and is drawn at its
 * size, with the phone bar's inset, at the camera the map will open with.
 */
export function adoptPicture(
  el: HTMLElement,
  size: () => { width: number; height: number },
  bottomInset: () => number,
): void {
  if (!state || state.ended) return;
  state.host = { el, size, bottomInset };
  if (state.picture) show(state);
}

/**
 * The map's parsed plan and seat store, when the picture built them from this very answer; once. The map then skips
 * its own parse and build (both over 100 ms at 100,000 seats on a slow phone).
 */
export function takePictureModel(text: string): { plan: ApiSeatplan | ColumnarSeatplan; store: SeatStore } | null {
  const model = state?.model;
  if (!model || model.text !== text) return null;
  state!.model = null;
  return { plan: model.plan, store: model.store };
}

/** The map's first frame is on its canvas, or the map is gone or failed, or the page shows no map: the picture goes. */
export function endPicture(): void {
  if (!state) return;
  state.ended = true;
  uncover(state.shown);
  state.shown?.root.remove();
  state.shown?.canvas.remove();
  state.shown = null;
  state.picture = null;
  state.model = null;
  state = null;
}

/** The page under the window-wide picture back within reach. */
function uncover(shown: Shown | null): void {
  if (shown?.root.isConnected) document.getElementById('root')?.removeAttribute('inert');
}

function show(s: State): void {
  const picture = s.picture!;
  if (!s.shown) {
    const root = document.createElement('div');
    root.className = 'first-paint';
    root.setAttribute('aria-hidden', 'true');
    root.dataset.testid = 'first-paint';
    const canvas = document.createElement('canvas');
    canvas.className = 'first-paint__canvas';
    root.append(canvas);
    document.body.append(root);
    s.shown = { root, canvas };
    // Over the window the page under the picture is out of reach (inert): no focus or tap lands on what is hidden.
    document.getElementById('root')?.setAttribute('inert', '');
  }
  const { root, canvas } = s.shown;
  let width = window.innerWidth;
  let height = window.innerHeight;
  let inset = 0;
  if (s.host) {
    const size = s.host.size();
    if (size.width > 0 && size.height > 0) {
      ({ width, height } = size);
      inset = s.host.bottomInset();
      // In the frame: the canvas is the frame's, and the window-wide cover goes.
      canvas.dataset.testid = 'first-paint';
      canvas.setAttribute('aria-hidden', 'true');
      s.host.el.prepend(canvas);
      uncover(s.shown);
      root.remove();
    }
  }
  const camera = openingCamera(picture.store.bounds, width, height, inset);
  // At most two device pixels a CSS pixel: squares of a pixel or two lose nothing, and a phone's 3x canvas would be
  // 2.25 times the pixels to fill at a slow CPU, on the way to the map's own first frame.
  drawPicture(canvas, picture, camera, Math.min(window.devicePixelRatio || 1, 2));
}

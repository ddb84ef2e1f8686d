import type { ApiSeatplan, ColumnarSeatplan } from '@hotline/shared';
import type { SeatStore } from '../seatmap/model/seat-store';
import type { SupportedLocale } from '../i18n/locale';
import { announceLoading } from './loading-status';
import type * as PictureModule from './picture';
import './first-paint.css';

/**
 * The first-paint picture's handle in the entry chunk. The picture itself (picture.ts: the plan's parse, the seat
 * store, the drawing) is a chunk of its own, asked for only on the order page, and preloaded there with the document
 * (server/src/common/order-page-preload.ts, `rel=modulepreload`) beside the seat map's data: the other pages no longer
 * download and compile it with the entry, and the order page gets it no later than the plan it draws from.
 *
 * The seat map and the pages call this handle whether or not the chunk has arrived: the frame it should move into is
 * kept until it has, the map's model is there only if the picture built it, and an end before the chunk arrived means
 * the picture never starts.
 *
 * While the picture covers the window the page under it is inert and the picture aria-hidden: a screen reader would
 * hear nothing. A live status outside the page (loading-status.ts) says the seat map is loading from the moment the
 * order page starts, and goes when the picture does.
 */
type Picture = typeof PictureModule;
type Host = Parameters<Picture['adoptPicture']>;

let picture: Picture | null = null;
let host: Host | null = null;
let ended = false;
let status: HTMLElement | null = null;

/** Starts the picture for presentation `id`; the entry calls it right after it asked for the answers. */
export function startFirstPaint(id: number, locale: SupportedLocale): void {
  status = announceLoading(locale);
  import('./picture').then(
    (loaded) => {
      if (ended) return;
      picture = loaded;
      loaded.startPicture(id);
      if (host) loaded.adoptPicture(...host);
      host = null;
    },
    // No picture (a stale deploy, the network): the map draws when its own code is in; the status stays until then.
    () => undefined,
  );
}

/** The seat map's frame is on the page (managers/loader.ts attachHost): the picture moves into it. */
export function adoptFirstPaint(...frame: Host): void {
  if (ended) return;
  if (picture) picture.adoptPicture(...frame);
  else host = frame;
}

/** The map's parsed plan and seat store, when the picture built them from this very answer; once. */
export function takeFirstPaintModel(text: string): { plan: ApiSeatplan | ColumnarSeatplan; store: SeatStore } | null {
  return picture?.takePictureModel(text) ?? null;
}

/** The map's first frame is on its canvas, or the map is gone or failed, or the page shows no map: the picture goes. */
export function endFirstPaint(): void {
  ended = true;
  host = null;
  picture?.endPicture();
  status?.remove();
  status = null;
}

import type { ApiSeatplan, ColumnarSeatplan } from '@hotline/shared';
import type { SeatStore } from '../seatmap/model/seat-store';
import type { SupportedLocale } from '../i18n/locale';
import { announceLoading } from './loading-status';
import { adoptPicture, endPicture, startPicture, takePictureModel } from './picture';
import './first-paint.css';

/**
 * The first-paint picture as the entry, the seat map and the pages see it: the picture (picture.ts: the plan's parse,
 * the seat store, the drawing) and, while it covers the window, a status for screen readers.
 *
 * Both are in the entry chunk. The picture had a chunk of its own for a while, preloaded with the order page: with it
 * and the chunk of seat words it shares with the app the order page asked for eight files before its first seats
 * where HTTP/1.1 opens six connections, and the entry's stylesheet, which the entry waits for, went a round trip later
 * (docs/decisions/036).
 *
 * While the picture covers the window the page under it is inert and the picture aria-hidden: a screen reader would
 * hear nothing. A live status outside the page (loading-status.ts) says the seat map is loading from the moment the
 * order page starts, and goes when the picture does.
 */
let status: HTMLElement | null = null;

/** Starts the picture for presentation `id`; the entry calls it right after it asked for the answers. */
export function startFirstPaint(id: number, locale: SupportedLocale): void {
  status = announceLoading(locale);
  startPicture(id);
}

/** The seat map's frame is on the page (managers/loader.ts attachHost): the picture moves into it. */
export function adoptFirstPaint(...frame: Parameters<typeof adoptPicture>): void {
  adoptPicture(...frame);
}

/** The map's parsed plan and seat store, when the picture built them from this very answer; once. */
export function takeFirstPaintModel(text: string): { plan: ApiSeatplan | ColumnarSeatplan; store: SeatStore } | null {
  return takePictureModel(text);
}

/** The map's first frame is on its canvas, or the map is gone or failed, or the page shows no map: the picture goes. */
export function endFirstPaint(): void {
  endPicture();
  status?.remove();
  status = null;
}

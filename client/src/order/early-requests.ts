import type { PresentationResponse } from '@hotline/shared';
import { api, buildUrl } from '../api/client';
import { askEarly } from '../api/early-answers';
import {
  askTicketGroups,
  getSeatplanText,
  getSeatsStatusBytes,
  parsedStatusKey,
  seatplanUrl,
  ticketGroupsUrl,
} from '../seatmap/api';
import { StatusParser } from '../seatmap/status-parser';

/**
 * On /order/:id the seat map's data used to be asked for only after the entry chunk, the order page's chunk
 * (with the seat map, the largest) and the presentation had arrived one after another. Called from the entry chunk,
 * this asks for the presentation, the plan, the ticket groups and the statuses (parsed in the status worker) at once,
 * while the page's code is still downloading; OrderPage and the seat map's loader take these answers over
 * (api/early-answers.ts)
 * through the very calls they make anyway, so the addresses, headers and error handling are theirs.
 *
 * Only where the map opens: /order/:id on the seats step (no ?step=tickets / products).
 */
const ORDER_PATH = /^\/order\/(\d{1,12})\/?$/;

/**
 * On /order/:id, asks for the order page's code (its chunk, the seat map's and the CSS) now, beside the app's own chunk,
 * instead of when the router renders the route after that chunk has arrived: one round trip less on the way to the map.
 * The router's import() of the same module then finds it loading or loaded. A failure is left to the router's
 * lazyWithReload, which reports or reloads when it asks again.
 */
export function preloadOrderPage(pathname: string): void {
  if (!ORDER_PATH.test(pathname)) return;
  import('./OrderPage').catch(() => undefined);
}

/** Returns the presentation's id when the requests were started (the first-paint picture draws from them), else null. */
export function startOrderPageRequests(pathname: string, search: string): number | null {
  const match = ORDER_PATH.exec(pathname);
  if (!match) return null;
  const step = new URLSearchParams(search).get('step');
  if (step === 'tickets' || step === 'products') return null;
  const id = Number(match[1]);
  if (!(id > 0)) return null;
  // The presentation, and beside it everything the first seat frame needs: the plan (by the presentation), the ticket
  // groups and the statuses need only the presentation id from the address, and a first-time visitor asks them
  // without waiting for the id the presentation's answer brings (the server's AnonymousRead routes): all four leave
  // in one round trip.
  const presentationPath = `/presentations/${id}`;
  askEarly(buildUrl(presentationPath), () => api.get<PresentationResponse>(presentationPath, {}));
  // The statuses are parsed as soon as the bytes are in, in the status worker, which starts now (its script
  // downloads beside the statuses) rather than when the loader runs, by which time the bytes are already here.
  askEarly(parsedStatusKey(id), () => {
    const parser = new StatusParser();
    return getSeatsStatusBytes(id)
      .then((bytes) => parser.parse(bytes))
      .finally(() => parser.close());
  });
  // The same addresses the loader (seatmap/managers/loader.ts) will ask for.
  askEarly(seatplanUrl(id), () => getSeatplanText(id));
  askEarly(ticketGroupsUrl(id), () => askTicketGroups(id));
  return id;
}

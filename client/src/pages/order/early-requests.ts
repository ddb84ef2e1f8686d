import type { PresentationResponse, TicketGroupsResponse } from '@hotline/shared';
import { api, buildUrl } from '../../api/client';
import { askEarly } from '../../api/early-answers';
import { getSeatplanText, getSeatsStatusBytes, parsedStatusKey } from '../../seatmap/api';
import { StatusParser } from '../../seatmap/status-parser';

/**
 * Issue 21: on /order/:id the seat map's data used to be asked for only after the entry chunk, the order page's chunk
 * (with the seat map, the largest) and the presentation had arrived one after another. Called from the entry chunk,
 * this asks for the presentation at once and, as soon as it is in, for the plan, ticket groups and statuses (parsed in
 * the status worker), while the page's code is still downloading; OrderPage and the seat map's loader take these answers over (api/early-answers.ts)
 * through the very calls they make anyway, so the addresses, headers and error handling are theirs.
 *
 * Only where the map opens: /order/:id on the seats step (no ?step=tickets / products).
 */
export function startOrderPageRequests(pathname: string, search: string): void {
  const match = /^\/order\/(\d{1,12})\/?$/.exec(pathname);
  if (!match) return;
  const step = new URLSearchParams(search).get('step');
  if (step === 'tickets' || step === 'products') return;
  const id = Number(match[1]);
  if (!(id > 0)) return;
  const presentationPath = `/presentations/${id}`;
  const presentation = askEarly(buildUrl(presentationPath), () => api.get<PresentationResponse>(presentationPath, {}));
  presentation.then(
    ({ presentation: p }) => {
      // The same addresses the loader (seatmap/managers/loader.ts) will ask for.
      askEarly(buildUrl('/seats/seatplan', { venueId: p.venueId, seatplanId: p.seatplanId, format: 'columnar' }), () =>
        getSeatplanText(p.venueId, p.seatplanId),
      );
      const groupsPath = `/presentations/${p.id}/ticketGroups`;
      askEarly(buildUrl(groupsPath), () => api.get<TicketGroupsResponse>(groupsPath, {}));
      // Parsed as soon as the bytes are in, in the status worker, which starts now (its script downloads beside the
      // statuses) rather than when the loader runs, by which time the bytes are already here.
      askEarly(parsedStatusKey(p.id, p.venueTypeId), () => {
        const parser = new StatusParser();
        return getSeatsStatusBytes(p.id, p.venueTypeId)
          .then((bytes) => parser.parse(bytes))
          .finally(() => parser.close());
      });
    },
    // The page asks again and shows the error itself.
    () => undefined,
  );
}

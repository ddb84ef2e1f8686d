/**
 * `Link: rel=preload` for the order page's seat-map data, sent with the SPA's index.html on /order/:id (the seats
 * step): the browser asks for the seat plan, the ticket groups and the statuses as soon as the document's headers
 * are in, instead of after the entry chunk has downloaded and run (a round trip and ~50 kB later on a fast-3G phone).
 * The entry's early requests (client/src/order/early-requests.ts) then make the very same requests, and the browser
 * hands them the preloaded answers; the first-paint picture draws from them (client/src/first-paint/).
 *
 * A preload is only used by a request with the same address and no other headers, so it is sent only where the
 * page's requests will be exactly these (otherwise it would be a second download):
 * - the addresses are the client's (client/src/api/client.ts buildUrl: the query, then `lang`);
 * - the language is the page's `?lang=` or Hebrew (a visitor who chose another language before, without `?lang=`,
 *   asks in it: their preload goes unused);
 * - no `uuid` cookie: a returning visitor's requests carry their id as a header (their held seats come back as theirs),
 *   a first visit's do not (the anonymous reads, docs/decisions/023);
 * - no query parameter but `lang`, `step=seats`, `test` and `debug`: a channel (mini-site, partner) adds its own.
 */
const ORDER_SEATS = /^\/order\/(\d{1,12})\/?$/;
const LOCALES = new Set(['he', 'en', 'ru', 'ar']);
const PLAIN_PARAMS = new Set(['lang', 'step', 'test', 'debug']);

export function orderPagePreloads(url: string, cookie: string | undefined): string | null {
  const parsed = new URL(url, 'http://localhost');
  const id = ORDER_SEATS.exec(parsed.pathname)?.[1];
  if (!id || !(Number(id) > 0)) return null;
  for (const key of parsed.searchParams.keys()) if (!PLAIN_PARAMS.has(key)) return null;
  const step = parsed.searchParams.get('step');
  if (step !== null && step !== 'seats') return null;
  if (cookie && /(?:^|;)\s*uuid=/.test(cookie)) return null;
  const asked = parsed.searchParams.get('lang');
  const lang = asked !== null && LOCALES.has(asked) ? asked : 'he';
  const n = Number(id);
  return [
    `/api/presentations/${n}/seatplan?format=columnar&lang=${lang}`,
    `/api/presentations/${n}/ticketGroups?lang=${lang}`,
    `/api/seats/seats-status?presentationId=${n}&format=binary&lang=${lang}`,
  ]
    .map((address) => `<${address}>; rel=preload; as=fetch; crossorigin=anonymous`)
    .join(', ');
}

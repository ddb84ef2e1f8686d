import { orderPagePreloads } from '../../src/common/order-page-preload';

/** The addresses the order page's early requests ask (client/src/order/early-requests.ts, buildUrl's order). */
const preloadsFor = (id: number, lang: string) =>
  [
    `/api/presentations/${id}/seatplan?format=columnar&lang=${lang}`,
    `/api/presentations/${id}/ticketGroups?lang=${lang}`,
    `/api/seats/seats-status?presentationId=${id}&format=binary&lang=${lang}`,
  ]
    .map((a) => `<${a}>; rel=preload; as=fetch; crossorigin=anonymous`)
    .join(', ');

describe('orderPagePreloads: the seat map data preloaded with the order page', () => {
  it.each([
    ['/order/42', undefined, preloadsFor(42, 'he')],
    ['/order/42/', undefined, preloadsFor(42, 'he')],
    ['/order/42?lang=en', undefined, preloadsFor(42, 'en')],
    ['/order/42?lang=ar&step=seats', undefined, preloadsFor(42, 'ar')],
    ['/order/42?test', undefined, preloadsFor(42, 'he')],
    // An unknown language: the page falls back to Hebrew, and so do its requests.
    ['/order/42?lang=xx', undefined, preloadsFor(42, 'he')],
    ['/order/42', 'theme=dark; other=1', preloadsFor(42, 'he')],
  ])('%s (cookie %s) preloads the three answers', (url, cookie, expected) => {
    expect(orderPagePreloads(url, cookie)).toBe(expected);
  });

  it.each([
    // Another step, another page: no map.
    ['/order/42?step=tickets', undefined],
    ['/order/42?step=products', undefined],
    ['/order', undefined],
    ['/order/abc', undefined],
    ['/order/0', undefined],
    ['/booking', undefined],
    // A channel adds its own parameters to the requests.
    ['/order/42?miniSiteUrl=club', undefined],
    // A returning visitor's requests carry their id as a header: a preload would be downloaded twice.
    ['/order/42', 'uuid=0b6f7a52-9a55-4a8e-8d1c-2f0e1e8a1b11'],
    ['/order/42', 'theme=dark; uuid=0b6f7a52-9a55-4a8e-8d1c-2f0e1e8a1b11'],
  ])('%s (cookie %s) preloads nothing', (url, cookie) => {
    expect(orderPagePreloads(url, cookie)).toBeNull();
  });
});

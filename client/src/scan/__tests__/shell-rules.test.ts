import { cacheNameFor, isHashedFile, shellRoute, staleCaches } from '../offline-shell/shell-rules';

const ORIGIN = 'https://tickets.example';

/** What the scanner's service worker does with each request: only the scanner's page and files, never the API. */
describe('shellRoute', () => {
  it.each([
    ['the scanner page', 'GET', '/scan', 'navigate', 'shell'],
    ['the scanner page with its language', 'GET', '/scan?lang=he', 'navigate', 'shell'],
    ['the scanner page, trailing slash', 'GET', '/scan/', 'navigate', 'shell'],
    ['another page in the scope by its prefix', 'GET', '/scanner', 'navigate', 'network'],
    ['a hashed chunk', 'GET', '/assets/ScanPage-C3iMIyQs.js', 'cors', 'file'],
    ['a style', 'GET', '/assets/index-5EG7ziHX.css', 'no-cors', 'file'],
    ['the web app manifest', 'GET', '/scan.webmanifest', 'cors', 'file'],
    ['the manifest of tickets (IndexedDB keeps it)', 'GET', '/api/checkin/presentations/7/manifest', 'cors', 'network'],
    ['who is signed in', 'GET', '/api/backoffice/me', 'cors', 'network'],
    ['a scan', 'POST', '/api/checkin/redeem', 'cors', 'network'],
    ['the live channel', 'GET', '/socket.io/?EIO=4', 'cors', 'network'],
    ['another site', 'GET', 'https://cdn.example/x.js', 'cors', 'network'],
    ['a POST to a file path', 'POST', '/assets/x.js', 'cors', 'network'],
  ])('%s', (_name, method, url, mode, expected) => {
    expect(shellRoute({ method, url: new URL(url, ORIGIN).href, mode }, ORIGIN)).toBe(expected);
  });
});

describe('the versions', () => {
  it('keeps a hashed file (its name is its content), not an unhashed one', () => {
    expect(isHashedFile('/assets/jsQR-DMfxOdIb.js')).toBe(true);
    expect(isHashedFile('/scan.webmanifest')).toBe(false);
  });

  it('deletes the earlier builds’ caches only, never this build’s or another feature’s', () => {
    const current = cacheNameFor('b2');
    expect(staleCaches([cacheNameFor('a1'), current, 'seat-images', cacheNameFor('a0')], current)).toEqual([
      cacheNameFor('a1'),
      cacheNameFor('a0'),
    ]);
  });
});

import { chooseEncoding } from '../src/common/spa-fallback';
import { IMMUTABLE, REVALIDATE, staticCacheControl } from '../src/common/static-assets';

/** Which cached life each built file gets, and which encoding the SPA fallback sends index.html in. */
describe('staticCacheControl', () => {
  it.each([
    ['assets/SeatMap-Bbq5vyRq.js', IMMUTABLE],
    ['assets/SeatMap-Bbq5vyRq.js.br', IMMUTABLE],
    ['assets/SeatMap-DcwtdUX4.css.gz', IMMUTABLE],
    ['assets/status-parser-worker-C1x2_3-4.js', IMMUTABLE],
    ['index.html', REVALIDATE],
    ['index.html.br', REVALIDATE],
    ['index.html.gz', REVALIDATE],
    ['scan-sw.js', REVALIDATE],
    ['scan-sw.js.br', REVALIDATE],
    ['favicon.svg', 'public, max-age=3600'],
    ['favicon.ico', 'public, max-age=3600'],
    ['sub/index.html', 'public, max-age=3600'],
  ])('%s: %s', (file, expected) => {
    expect(staticCacheControl(file)).toBe(expected);
  });
});

describe('chooseEncoding', () => {
  const both = ['br', 'gzip'] as const;
  it.each([
    [undefined, both, undefined],
    ['', both, undefined],
    ['gzip, deflate, br, zstd', both, 'br'],
    ['gzip, deflate', both, 'gzip'],
    ['br;q=0, gzip', both, 'gzip'],
    ['BR', both, 'br'],
    ['gzip;q=1, br;q=0.5', both, 'gzip'],
    ['br;q=0.8, gzip;q=0.8', both, 'br'],
    ['*', both, 'br'],
    ['*;q=0', both, undefined],
    ['identity', both, undefined],
    ['br, gzip', ['gzip'] as const, 'gzip'],
    ['br', [] as const, undefined],
    ['br;q=abc, gzip', both, 'gzip'],
  ])('%p from %p: %p', (header, available, expected) => {
    expect(chooseEncoding(header, available)).toBe(expected);
  });
});

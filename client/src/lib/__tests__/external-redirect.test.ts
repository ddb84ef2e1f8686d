import { embeddedExternalUrl } from '../external-redirect';

describe('embeddedExternalUrl (/http… routes)', () => {
  test.each([
    ['/https://example.org/page', '', '', 'https://example.org/page'],
    ['/http://example.org', '?a=1', '#top', 'http://example.org/?a=1#top'],
    ['/https:/example.org/x', '', '', 'https://example.org/x'],
    ['/https://example.org/%D7%90', '', '', 'https://example.org/%D7%90'],
  ])('%s%s%s -> %s', (path, search, hash, expected) => {
    expect(embeddedExternalUrl(path, search, hash)).toBe(expected);
  });

  test.each(['/booking', '/httpfoo', '/http', '/https://', '/javascript:alert(1)'])(
    '%s is not an external redirect',
    (path) => {
      expect(embeddedExternalUrl(path)).toBeNull();
    },
  );
});

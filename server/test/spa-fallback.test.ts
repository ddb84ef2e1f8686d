import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SpaFallback } from '../src/common/spa-fallback';

/**
 * Every route the storefront's router renders is answered 200 by the server's SPA fallback (/memberships
 * rendered its page with HTTP 404), and unknown paths stay 404. The router file is read as text, so a route added to
 * the client without the server fails here.
 */
const routerFile = path.join(__dirname, '../../client/src/router.tsx');
const routerPaths = [...readFileSync(routerFile, 'utf8').matchAll(/\bpath: '([^']+)'/g)]
  .map((m) => m[1]!)
  .filter((p) => p !== '*' && p !== '/');

/** A concrete URL for a router path: each parameter filled in, optional ones both left out and given. */
function examples(routePath: string): string[] {
  const segments = routePath.split('/');
  let urls = [''];
  for (const s of segments) {
    if (s.startsWith(':') && s.endsWith('?')) urls = urls.flatMap((u) => [u, `${u}/x1`]);
    else if (s.startsWith(':')) urls = urls.map((u) => `${u}/x1`);
    else urls = urls.map((u) => `${u}/${s}`);
  }
  return urls.map((u) => u || '/');
}

describe('SPA fallback status', () => {
  const spa = new SpaFallback(undefined);

  it('reads the router (sanity: the memberships routes are there)', () => {
    expect(routerPaths).toEqual(expect.arrayContaining(['memberships', 'memberships/enrol/:membershipCode']));
  });

  it.each(routerPaths.flatMap(examples))('%s answers 200', (url) => {
    expect(spa.statusFor(url)).toBe(200);
    expect(spa.statusFor(`${url}?lang=ru`)).toBe(200);
  });

  it.each(['/nowhere', '/booking/nowhere/else', '/memberships/x/y/z', '/booking?lang=fr'])('%s answers 404', (url) => {
    expect(spa.statusFor(url)).toBe(404);
  });
});

/**
 * What the scanner's service worker (scan-sw.ts) does with a request, as a pure rule (table test beside the scanner's
 * tests). The worker is registered with the scope `/scan`: the browser hands it the scanner's navigations and the
 * requests of pages it controls (only the scanner's), never a storefront page's.
 */

/** The scanner's page: the one navigation the worker answers, and the key its HTML is kept under. */
export const SHELL_PATH = '/scan';
/** The worker's script (at the site's root, so its scope may be `/scan`) and its scope. */
export const WORKER_PATH = '/scan-sw.js';
export const WORKER_SCOPE = '/scan';

const CACHE_PREFIX = 'hotline-scan-';

/**
 * - `shell`: the scanner's page: from the network first (a deployment's new page the moment it is reachable), kept
 *   as the newest copy; from the kept copy when there is no network.
 * - `file`: the page's own files (hashed scripts, styles, fonts, the web app manifest): from the cache first (a
 *   hashed name's content never changes), else the network, kept when hashed.
 * - `network`: not the worker's business: the API (answers are per staff member and `no-store`), the live channels,
 *   other methods and other sites.
 */
export type ShellRoute = 'shell' | 'file' | 'network';

export interface RequestFacts {
  method: string;
  /** Absolute. */
  url: string;
  /** Request.mode: 'navigate' for a page load. */
  mode: string;
}

export function shellRoute(request: RequestFacts, origin: string): ShellRoute {
  if (request.method !== 'GET') return 'network';
  const url = new URL(request.url);
  if (url.origin !== origin) return 'network';
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/socket.io/')) return 'network';
  if (request.mode === 'navigate')
    return url.pathname === SHELL_PATH || url.pathname === `${SHELL_PATH}/` ? 'shell' : 'network';
  return 'file';
}

/** Vite names a built file by its content under /assets/: kept forever within a version. */
export function isHashedFile(pathname: string): boolean {
  return pathname.startsWith('/assets/');
}

/** One cache per build: a new deployment's worker fills its own and never mixes files of two builds. */
export function cacheNameFor(version: string): string {
  return `${CACHE_PREFIX}${version}`;
}

/** The caches of earlier builds, deleted once this build's worker takes over (never another feature's caches). */
export function staleCaches(names: readonly string[], current: string): string[] {
  return names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== current);
}

import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * Stale-chunk recovery (storefront-spec.md section 8): after a deploy, an open tab may
 * ask for a code chunk that no longer exists. Reloading fetches the new index.html and
 * its chunks. We reload at most once per 60 s, so a chunk that is really broken shows
 * the error page instead of a reload loop.
 */
export const CHUNK_RELOAD_KEY = 'hotline:chunk-reload-at';
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;

const CHUNK_ERROR_PATTERNS = [
  /failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /importing a module script failed/i,
  /unable to preload css/i,
  /loading (css )?chunk [\w-]+ failed/i,
];

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return CHUNK_ERROR_PATTERNS.some((re) => re.test(message));
}

function lastReloadAt(): number {
  try {
    return Number(sessionStorage.getItem(CHUNK_RELOAD_KEY)) || 0;
  } catch {
    return 0;
  }
}

/** Reloads the page unless we already did within the last 60 s. Returns whether it reloads. */
export function reloadForStaleChunk(now: number = Date.now()): boolean {
  // Offline, a chunk fails because the network is gone, not because a deploy replaced it: a reload would swap the app
  // for the browser's own "no internet" page. The app's error page (translated, with its "try again") stays instead,
  // and the once-a-minute allowance is left for when the network is back.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return false;
  if (now - lastReloadAt() < CHUNK_RELOAD_INTERVAL_MS) return false;
  try {
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(now));
  } catch {
    return false; // without storage we cannot tell a loop from a one-off: show the error page
  }
  window.location.reload();
  return true;
}

/** Vite reports failed preloads of a lazy route's chunks with this event. */
export function installChunkErrorRecovery(): void {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadForStaleChunk()) event.preventDefault();
  });
}

/** React.lazy that turns a stale-chunk failure into one page reload. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- same constraint as React.lazy
export function lazyWithReload<T extends ComponentType<any>>(
  load: () => Promise<{ default: T }>,
): LazyExoticComponent<T> {
  return lazy(async () => {
    try {
      return await load();
    } catch (error) {
      if (isChunkLoadError(error) && reloadForStaleChunk()) {
        // The page is going away; never settle so nothing flashes meanwhile.
        return new Promise<{ default: T }>(() => undefined);
      }
      throw error;
    }
  });
}

import { useCallback, useEffect, useState } from 'react';
import { WORKER_PATH, WORKER_SCOPE } from './shell-rules';
import { takeUpdate, watchForUpdate } from './update-offer';

/**
 * Registers the scanner's service worker (scan-sw.ts) from the scanner's page only, scoped to `/scan`: the storefront
 * is never served by it. Only in a built client (the development server has no scan-sw.js).
 *
 * A new deployment's worker installs beside the running one and waits; `updateReady` says so, and `applyUpdate`
 * lets it take over and reloads the page once it has (the manifest and the queued scans are in IndexedDB).
 */
export function useOfflineShell(): { updateReady: boolean; applyUpdate: () => void } {
  const [waiting, setWaiting] = useState<ServiceWorker | null>(null);

  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    let current = true;
    navigator.serviceWorker.register(WORKER_PATH, { scope: WORKER_SCOPE }).then(
      (registration) =>
        watchForUpdate(registration, navigator.serviceWorker, (w) => {
          if (current) setWaiting(w);
        }),
      () => {
        // No worker (a private window, storage refused): the scanner works online as before.
      },
    );
    return () => {
      current = false;
    };
  }, []);

  const applyUpdate = useCallback(() => {
    if (waiting) takeUpdate(waiting, navigator.serviceWorker, () => window.location.reload());
  }, [waiting]);

  return { updateReady: waiting !== null, applyUpdate };
}

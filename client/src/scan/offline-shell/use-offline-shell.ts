import { useCallback, useEffect, useState } from 'react';
import { WORKER_PATH, WORKER_SCOPE } from './shell-rules';

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
    const watch = (registration: ServiceWorkerRegistration) => {
      const offer = () => {
        // A waiting worker while another controls the page is an update (the first install has no controller).
        if (current && registration.waiting && navigator.serviceWorker.controller) setWaiting(registration.waiting);
      };
      offer();
      registration.addEventListener('updatefound', () => {
        registration.installing?.addEventListener('statechange', offer);
      });
    };
    navigator.serviceWorker.register(WORKER_PATH, { scope: WORKER_SCOPE }).then(watch, () => {
      // No worker (a private window, storage refused): the scanner works online as before.
    });
    return () => {
      current = false;
    };
  }, []);

  const applyUpdate = useCallback(() => {
    if (!waiting) return;
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
    waiting.postMessage({ type: 'skip-waiting' });
  }, [waiting]);

  return { updateReady: waiting !== null, applyUpdate };
}

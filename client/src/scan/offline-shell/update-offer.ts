/** The parts of a registration and of navigator.serviceWorker the update offer reads (fakes in its unit test). */
type Registration = Pick<ServiceWorkerRegistration, 'waiting' | 'installing' | 'addEventListener'>;
type Container = Pick<ServiceWorkerContainer, 'controller' | 'addEventListener'>;

/**
 * Calls `offer` with a new version's worker once it is installed and waiting while an older one controls the page
 * (already waiting when the page opened, still installing then, or found since). The first install has no
 * controller: nothing to offer. A navigation makes the browser look for a new worker; if that check gets ahead of the
 * page's script, the new version is installing already and its `updatefound` has gone by.
 */
export function watchForUpdate(registration: Registration, container: Container, offer: (w: ServiceWorker) => void) {
  const check = () => {
    if (registration.waiting && container.controller) offer(registration.waiting);
  };
  check();
  registration.installing?.addEventListener('statechange', check);
  registration.addEventListener('updatefound', () => {
    registration.installing?.addEventListener('statechange', check);
  });
}

/** Lets the waiting version take over, and reloads the page once it has (not before: the old one still serves it). */
export function takeUpdate(waiting: Pick<ServiceWorker, 'postMessage'>, container: Container, reload: () => void) {
  container.addEventListener('controllerchange', reload, { once: true });
  waiting.postMessage({ type: 'skip-waiting' });
}

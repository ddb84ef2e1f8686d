/**
 * The door scanner's service worker (docs/door-checkin.md, "Opening offline"). Bundled on its own by the client's
 * build (client/build/scan-service-worker.ts), which puts `SCAN_SW_BUILD` in front: this build's version and the
 * files the scanner needs (its page, the entry, the app's and the scanner's chunks with their styles and fonts).
 *
 * - install: every file of the list into this version's cache; the worker waits (no skipWaiting) while a page of the
 *   previous version is open, so a page never loses the files of its own build under it;
 * - activate: the previous versions' caches deleted, the open scanner pages taken over;
 * - fetch: shellRoute decides; the API is never touched (the manifest and the queue live in IndexedDB);
 * - message `skip-waiting`: the page's "update now" button lets the waiting version take over (the page reloads).
 */
import { cacheNameFor, isHashedFile, SHELL_PATH, shellRoute, staleCaches } from './shell-rules';

declare const SCAN_SW_BUILD: { version: string; files: string[] };

// The client's TypeScript program knows the page's DOM, not a worker's scope: the few parts used here.
interface ExtendableEvent extends Event {
  waitUntil(work: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(answer: Promise<Response>): void;
}
interface WorkerScope {
  readonly location: Location;
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

const worker = globalThis as unknown as WorkerScope;
const CACHE = cacheNameFor(SCAN_SW_BUILD.version);

worker.addEventListener('install', (event) => {
  event.waitUntil(
    // `reload`: past the HTTP cache, so an old copy of the page or the manifest is not kept as this version's.
    caches
      .open(CACHE)
      .then((cache) => cache.addAll(SCAN_SW_BUILD.files.map((file) => new Request(file, { cache: 'reload' })))),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(staleCaches(names, CACHE).map((name) => caches.delete(name))))
      .then(() => worker.clients.claim()),
  );
});

worker.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'skip-waiting') void worker.skipWaiting();
});

async function shell(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  try {
    const fresh = await fetch(request);
    if (fresh.ok && !fresh.redirected) await cache.put(SHELL_PATH, fresh.clone());
    return fresh;
  } catch (offline) {
    const kept = await cache.match(SHELL_PATH);
    if (kept) return kept;
    throw offline;
  }
}

async function file(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request, { ignoreSearch: true });
  if (kept) return kept;
  const fresh = await fetch(request);
  // A hashed file the list did not name (a newer page's chunk fetched under this worker): its name is its content.
  if (fresh.ok && isHashedFile(new URL(request.url).pathname)) await cache.put(request, fresh.clone());
  return fresh;
}

worker.addEventListener('fetch', (event) => {
  const route = shellRoute(event.request, worker.location.origin);
  if (route === 'shell') event.respondWith(shell(event.request));
  else if (route === 'file') event.respondWith(file(event.request));
});

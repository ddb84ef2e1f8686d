import type { CheckinManifest, QueuedScan } from '@hotline/shared';

/**
 * The scanner's offline store in IndexedDB (docs/door-checkin.md, "Offline on the page"): per show the manifest it
 * downloaded (a 50,000-ticket show is several MB, past what localStorage holds), the scans waiting for the network,
 * and the tickets this device let in meanwhile. Each queued scan and each admitted ticket is its own record, so
 * adding one never rewrites the rest, and two tabs adding at once both keep theirs.
 */
const DB_NAME = 'hotline-scan';
const DB_VERSION = 1;
const MANIFESTS = 'manifests';
const QUEUE = 'queue';
const ADMITTED = 'admitted';
const BY_SHOW = 'by-presentation';

interface QueuedRecord extends QueuedScan {
  presentationId: number;
  /** The order the scans were made in: uploads keep it. */
  seq: number;
}

const done = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });

const committed = (tx: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new Error('aborted'));
  });

export interface ScanStore {
  loadManifest(presentationId: number): Promise<CheckinManifest | null>;
  saveManifest(manifest: CheckinManifest): Promise<void>;
  loadQueue(presentationId: number): Promise<QueuedScan[]>;
  enqueue(presentationId: number, scan: QueuedScan): Promise<void>;
  /** Takes these scans out of the queue (the server has them). */
  dequeue(nonces: readonly string[]): Promise<void>;
  loadAdmitted(presentationId: number): Promise<Set<string>>;
  addAdmitted(presentationId: number, ticketIdentifier: string): Promise<void>;
  close(): void;
}

/** Opens (and on first use creates) the store; `factory` is the browser's indexedDB, or a test's. */
export async function openScanStore(factory: IDBFactory = indexedDB): Promise<ScanStore> {
  const open = factory.open(DB_NAME, DB_VERSION);
  open.onupgradeneeded = () => {
    const db = open.result;
    db.createObjectStore(MANIFESTS, { keyPath: 'presentationId' });
    db.createObjectStore(QUEUE, { keyPath: 'nonce' }).createIndex(BY_SHOW, 'presentationId');
    db.createObjectStore(ADMITTED, { keyPath: ['presentationId', 'ticket'] }).createIndex(BY_SHOW, 'presentationId');
  };
  const db = await done(open);
  let seq = Date.now() * 1000;

  const write = async (stores: string[], work: (tx: IDBTransaction) => void) => {
    const tx = db.transaction(stores, 'readwrite');
    work(tx);
    await committed(tx);
  };

  return {
    async loadManifest(presentationId) {
      const found = await done(db.transaction(MANIFESTS).objectStore(MANIFESTS).get(presentationId));
      return (found as CheckinManifest | undefined) ?? null;
    },
    saveManifest: (manifest) => write([MANIFESTS], (tx) => tx.objectStore(MANIFESTS).put(manifest)),
    async loadQueue(presentationId) {
      const rows = (await done(
        db.transaction(QUEUE).objectStore(QUEUE).index(BY_SHOW).getAll(presentationId),
      )) as QueuedRecord[];
      return rows.sort((a, b) => a.seq - b.seq).map(({ presentationId: _p, seq: _s, ...scan }) => scan);
    },
    enqueue: (presentationId, scan) =>
      write([QUEUE], (tx) => tx.objectStore(QUEUE).put({ ...scan, presentationId, seq: seq++ } as QueuedRecord)),
    dequeue: (nonces) =>
      write([QUEUE], (tx) => {
        for (const nonce of nonces) tx.objectStore(QUEUE).delete(nonce);
      }),
    async loadAdmitted(presentationId) {
      const rows = (await done(
        db.transaction(ADMITTED).objectStore(ADMITTED).index(BY_SHOW).getAll(presentationId),
      )) as { ticket: string }[];
      return new Set(rows.map((r) => r.ticket));
    },
    addAdmitted: (presentationId, ticket) =>
      write([ADMITTED], (tx) => tx.objectStore(ADMITTED).put({ presentationId, ticket })),
    close: () => db.close(),
  };
}

let opened: Promise<ScanStore> | null = null;

/** The page's one connection to the store, opened on first use. */
export const scanStore = (): Promise<ScanStore> =>
  (opened ??= openScanStore().catch((error: unknown) => {
    opened = null; // the next call tries again
    throw error;
  }));

/**
 * Scans and admissions the first scanner kept in localStorage, moved into the store once (a device updated with
 * scans still waiting must not lose them); the old manifest is dropped, the next start downloads a fresh one.
 */
export async function moveFromLocalStorage(store: ScanStore, presentationId: number, storage: Storage): Promise<void> {
  const key = (what: string) => `hotline.scan.${what}.${presentationId}`;
  const read = <T>(name: string): T | null => {
    try {
      const text = storage.getItem(name);
      return text === null ? null : (JSON.parse(text) as T);
    } catch {
      return null;
    }
  };
  for (const scan of read<QueuedScan[]>(key('queue')) ?? []) await store.enqueue(presentationId, scan);
  for (const ticket of read<string[]>(key('admitted')) ?? []) await store.addAdmitted(presentationId, ticket);
  for (const what of ['queue', 'admitted', 'manifest']) storage.removeItem(key(what));
}

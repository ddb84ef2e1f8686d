import { toVenueDocument } from './editor/venue-document';
import type { DesignerDoc } from './editor/doc';
import type { VenueDocument } from '@hotline/seatmaps/designer';

/**
 * The unsaved design kept on this device, so a closed tab or a refused save loses nothing. Keyed by the plan's id, or
 * by the venue for a plan not yet saved on the server. Kept in IndexedDB (asynchronous, and room for a 100,000-seat
 * stadium's 16 MB that localStorage's 5 million characters an origin do not have); where IndexedDB is missing, in
 * localStorage as before. A copy left in localStorage by an earlier version is still read and forgotten.
 */
export interface LocalDraft {
  savedAt: string;
  /** The server revision the change was made on (null: never saved on the server). */
  baseRevision: number | null;
  document: VenueDocument;
}

export const draftKey = (planId: number | null, venueId: number) =>
  planId === null ? `hotline.designer.new.${venueId}` : `hotline.designer.plan.${planId}`;

/** The database and its one store of drafts by key (e2e/seat-plan-designer.spec.ts reads it the same way). */
export const LOCAL_DRAFTS_DB = 'hotline-designer';
const STORE = 'drafts';

let opened: Promise<IDBDatabase> | null = null;

function database(): Promise<IDBDatabase> {
  opened ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(LOCAL_DRAFTS_DB, 1);
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(STORE)) request.result.createObjectStore(STORE);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB'));
    request.onblocked = () => reject(new Error('IndexedDB blocked'));
  }).catch((error: unknown) => {
    opened = null;
    throw error;
  });
  return opened;
}

/** One request of the drafts store, in a transaction of its own, resolved when the transaction is done. */
async function inStore<T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await database();
  return new Promise<T>((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const request = act(tx.objectStore(STORE));
    tx.oncomplete = () => resolve(request.result);
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB'));
  });
}

const hasIndexedDb = () => typeof indexedDB !== 'undefined';
const isDraft = (d: unknown): d is LocalDraft =>
  typeof d === 'object' && d !== null && typeof (d as LocalDraft).document === 'object';

function readLocalStorage(key: string): LocalDraft | null {
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return null;
    const d = JSON.parse(raw) as unknown;
    return isDraft(d) ? d : null;
  } catch {
    return null;
  }
}

export async function readLocalDraft(key: string): Promise<LocalDraft | null> {
  if (hasIndexedDb()) {
    try {
      const d = await inStore<unknown>('readonly', (store) => store.get(key));
      if (isDraft(d)) return d;
    } catch {
      // Storage blocked or broken: what localStorage may still hold.
    }
  }
  return readLocalStorage(key);
}

/** The copy written (true), or not (full or blocked storage: the draft is still saved on the server when it can be). */
export async function writeLocalDraft(
  key: string,
  doc: DesignerDoc,
  baseRevision: number | null,
  now: Date,
): Promise<boolean> {
  const draft: LocalDraft = { savedAt: now.toISOString(), baseRevision, document: toVenueDocument(doc) };
  if (hasIndexedDb()) {
    try {
      await inStore('readwrite', (store) => store.put(draft, key));
      return true;
    } catch {
      // Fall through to localStorage (a small plan fits there).
    }
  }
  try {
    window.localStorage.setItem(key, JSON.stringify(draft));
    return true;
  } catch {
    return false;
  }
}

export async function forgetLocalDraft(key: string): Promise<void> {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing to do: storage unavailable.
  }
  if (!hasIndexedDb()) return;
  try {
    await inStore('readwrite', (store) => store.delete(key));
  } catch {
    // Nothing to do: storage unavailable.
  }
}

/** A file picked for import: a venue document (its shape is checked by the server when it is saved). */
export function parseImport(text: string): VenueDocument | null {
  try {
    const v = JSON.parse(text) as VenueDocument;
    return v && Array.isArray(v.sections) && Array.isArray(v.zones) && v.seatplan && v.location ? v : null;
  } catch {
    return null;
  }
}

export function downloadJson(fileName: string, doc: DesignerDoc): void {
  const blob = new Blob([JSON.stringify(toVenueDocument(doc), null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

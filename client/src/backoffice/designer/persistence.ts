import { toVenueDocument } from './editor/venue-document';
import type { DesignerDoc } from './editor/doc';
import type { VenueDocument } from '@hotline/seatmaps/designer';

/**
 * The unsaved design kept on this device (localStorage), so a closed tab or a refused save loses nothing. Keyed by the
 * plan's id, or by the venue for a plan not yet saved on the server.
 */
export interface LocalDraft {
  savedAt: string;
  /** The server revision the change was made on (null: never saved on the server). */
  baseRevision: number | null;
  document: VenueDocument;
}

export const draftKey = (planId: number | null, venueId: number) =>
  planId === null ? `hotline.designer.new.${venueId}` : `hotline.designer.plan.${planId}`;

export function readLocalDraft(key: string): LocalDraft | null {
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return null;
    const d = JSON.parse(raw) as LocalDraft;
    return d && typeof d === 'object' && d.document ? d : null;
  } catch {
    return null;
  }
}

export function writeLocalDraft(key: string, doc: DesignerDoc, baseRevision: number | null, now: Date): boolean {
  try {
    const draft: LocalDraft = { savedAt: now.toISOString(), baseRevision, document: toVenueDocument(doc) };
    window.localStorage.setItem(key, JSON.stringify(draft));
    return true;
  } catch {
    // Full or blocked storage: the draft is still saved on the server when it can be.
    return false;
  }
}

export function forgetLocalDraft(key: string): void {
  try {
    window.localStorage.removeItem(key);
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

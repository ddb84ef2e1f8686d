import type { CheckinManifest, QueuedScan } from '@hotline/shared';

/**
 * What the scanner keeps on the device per show: the manifest it downloaded, the scans waiting for the network, and
 * the tickets it let in meanwhile. localStorage for this first slice (a few MB: a large show's manifest belongs in
 * IndexedDB, docs/door-checkin.md "Left to do"); a full store keeps the last good copy.
 */
const key = (what: string, presentationId: number) => `hotline.scan.${what}.${presentationId}`;

function read<T>(name: string, fallback: T): T {
  try {
    const text = localStorage.getItem(name);
    return text === null ? fallback : (JSON.parse(text) as T);
  } catch {
    return fallback;
  }
}

function write(name: string, value: unknown): void {
  try {
    localStorage.setItem(name, JSON.stringify(value));
  } catch {
    // Full: the copy already there stays.
  }
}

export const loadManifest = (id: number) => read<CheckinManifest | null>(key('manifest', id), null);
export const saveManifest = (m: CheckinManifest) => write(key('manifest', m.presentationId), m);
export const loadQueue = (id: number) => read<QueuedScan[]>(key('queue', id), []);
export const saveQueue = (id: number, scans: QueuedScan[]) => write(key('queue', id), scans);
export const loadAdmitted = (id: number) => new Set(read<string[]>(key('admitted', id), []));
export const saveAdmitted = (id: number, tickets: ReadonlySet<string>) => write(key('admitted', id), [...tickets]);

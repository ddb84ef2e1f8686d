import { IDBFactory } from 'fake-indexeddb';
import type { CheckinManifest, ManifestTicket, QueuedScan } from '@hotline/shared';
import { moveFromLocalStorage, openScanStore } from '../scan-db';

const manifest = (presentationId: number, tickets: number): CheckinManifest => ({
  presentationId,
  generatedAt: '2026-11-29T18:00:00.000Z',
  showAt: '2026-11-29T20:00:00.000Z',
  doorsOpenAt: '2026-11-29T18:00:00.000Z',
  reentryAllowed: false,
  rotatingCode: false,
  keys: [{ keyId: 1, publicKey: 'k'.repeat(43), verifiesUntil: null }],
  tickets: Array.from({ length: tickets }, (_, i): ManifestTicket => ({
    identifier: `T${String(i).padStart(12, '0')}`,
    sectionId: 1,
    x: i,
    y: 0,
    rowName: '1',
    seatName: String(i),
    state: 'valid',
    admittedAt: null,
    gate: null,
  })),
});

const scan = (nonce: string): QueuedScan => ({
  code: `HLT2.${nonce}`,
  gate: 'North',
  scannedAt: '2026-11-29T19:00:00.000Z',
  nonce,
  direction: 'in',
  deviceOutcome: 'admitted',
});

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(k: string) {
    return this.items.get(k) ?? null;
  }
  key(i: number) {
    return [...this.items.keys()][i] ?? null;
  }
  removeItem(k: string) {
    this.items.delete(k);
  }
  setItem(k: string, v: string) {
    this.items.set(k, v);
  }
}

describe('the scanner offline store (IndexedDB)', () => {
  test('a 50,000-ticket manifest is kept whole, per show, and read back after the store is opened again', async () => {
    const factory = new IDBFactory();
    const store = await openScanStore(factory);
    expect(await store.loadManifest(7)).toBeNull();
    await store.saveManifest(manifest(7, 50_000));
    await store.saveManifest(manifest(8, 3));
    store.close();
    const again = await openScanStore(factory);
    const read = await again.loadManifest(7);
    expect(read?.tickets).toHaveLength(50_000);
    expect(read?.tickets[49_999]?.identifier).toBe('T000000049999');
    expect((await again.loadManifest(8))?.tickets).toHaveLength(3);
    // A fresh download replaces the copy.
    await again.saveManifest(manifest(7, 2));
    expect((await again.loadManifest(7))?.tickets).toHaveLength(2);
  });

  test('the queue keeps the order of the scans, per show; uploaded scans leave it, the rest stays', async () => {
    const store = await openScanStore(new IDBFactory());
    for (const n of ['c', 'a', 'b']) await store.enqueue(7, scan(n));
    await store.enqueue(8, scan('other-show'));
    expect((await store.loadQueue(7)).map((s) => s.nonce)).toEqual(['c', 'a', 'b']);
    expect(await store.loadQueue(7)).toContainEqual(scan('a'));
    await store.dequeue(['c', 'b']);
    expect((await store.loadQueue(7)).map((s) => s.nonce)).toEqual(['a']);
    expect((await store.loadQueue(8)).map((s) => s.nonce)).toEqual(['other-show']);
  });

  test('scans queued at the same moment are all kept (no read-modify-write of one list)', async () => {
    const store = await openScanStore(new IDBFactory());
    await Promise.all(Array.from({ length: 20 }, (_, i) => store.enqueue(7, scan(`n${i}`))));
    expect(await store.loadQueue(7)).toHaveLength(20);
  });

  test('tickets let in on this device, per show', async () => {
    const store = await openScanStore(new IDBFactory());
    await store.addAdmitted(7, 'T1');
    await store.addAdmitted(7, 'T1');
    await store.addAdmitted(7, 'T2');
    await store.addAdmitted(8, 'T3');
    expect([...(await store.loadAdmitted(7))].sort()).toEqual(['T1', 'T2']);
    expect([...(await store.loadAdmitted(9))]).toEqual([]);
  });

  test('what the first scanner left in localStorage moves in once; the old keys are removed', async () => {
    const store = await openScanStore(new IDBFactory());
    const storage = new MemoryStorage();
    storage.setItem('hotline.scan.queue.7', JSON.stringify([scan('old-1'), scan('old-2')]));
    storage.setItem('hotline.scan.admitted.7', JSON.stringify(['T9']));
    storage.setItem('hotline.scan.manifest.7', JSON.stringify(manifest(7, 1)));
    storage.setItem('hotline.scan.queue.8', JSON.stringify([scan('stays')]));
    await moveFromLocalStorage(store, 7, storage);
    await moveFromLocalStorage(store, 7, storage);
    expect((await store.loadQueue(7)).map((s) => s.nonce)).toEqual(['old-1', 'old-2']);
    expect([...(await store.loadAdmitted(7))]).toEqual(['T9']);
    expect(storage.length).toBe(1);
  });
});

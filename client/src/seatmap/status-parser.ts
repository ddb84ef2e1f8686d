import { parseSeatsStatus, type FlatSeatsStatus } from './status-parse';

/**
 * Runs the seats-status parse off the main thread when it can: the worker is
 * started when the map starts loading (so it is ready when the bytes come),
 * gets the response bytes transferred (no copy) as soon as they arrive, and
 * parses while the main thread is still busy with the seat plan.
 */
export class StatusParser {
  private worker: Worker | null = null;

  constructor() {
    try {
      this.worker = new Worker(new URL('./status-worker.ts', import.meta.url), { type: 'module' });
    } catch {
      this.worker = null;
    }
  }

  parse(bytes: ArrayBuffer): Promise<FlatSeatsStatus> {
    const worker = this.worker;
    if (!worker) return Promise.resolve(parseSeatsStatus(new Uint8Array(bytes)));
    const copy = bytes.slice(0); // kept for the fallback if the worker fails
    return new Promise((resolve) => {
      worker.onmessage = (event: MessageEvent<{ ok: boolean; version: number; rows: Int32Array }>) => {
        if (event.data.ok) resolve({ version: event.data.version, rows: event.data.rows });
        else resolve(parseSeatsStatus(new Uint8Array(copy)));
      };
      worker.onerror = () => resolve(parseSeatsStatus(new Uint8Array(copy)));
      worker.postMessage(bytes, [bytes]);
    });
  }

  close(): void {
    this.worker?.terminate();
    this.worker = null;
  }
}

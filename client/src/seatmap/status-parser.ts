import { isSeatStatusBinary } from '@hotline/shared';
import { parseSeatsStatus, type FlatSeatsStatus } from './status-parse';

/**
 * Parses the seats-status answer. The binary form (what the seat map asks for: a few thousand rows, only the seats
 * not available) is decoded here at once: less work than the worker's message, and the worker's script would be one
 * more round trip (562 ms on fast 3G) before the first-paint picture. A JSON answer (a server without the binary
 * form: 2 MB at 100,000 seats) goes to a worker, which gets the bytes transferred (no copy) and parses while the main
 * thread is busy with the seat plan.
 */
export class StatusParser {
  private worker: Worker | null = null;
  private closed = false;

  private startWorker(): Worker | null {
    if (this.worker || this.closed) return this.worker;
    try {
      this.worker = new Worker(new URL('./status-worker.ts', import.meta.url), { type: 'module' });
    } catch {
      this.worker = null;
    }
    return this.worker;
  }

  parse(bytes: ArrayBuffer): Promise<FlatSeatsStatus> {
    const head = new Uint8Array(bytes);
    if (isSeatStatusBinary(head)) return Promise.resolve(parseSeatsStatus(head));
    const worker = this.startWorker();
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
    this.closed = true;
    this.worker?.terminate();
    this.worker = null;
  }
}

/// <reference lib="webworker" />
import { parseSeatsStatus } from './status-parse';

/** Parses a seats-status body (bytes, transferred in) and transfers the flat rows back. */
self.onmessage = (event: MessageEvent<ArrayBuffer>) => {
  try {
    const result = parseSeatsStatus(new Uint8Array(event.data));
    (self as unknown as Worker).postMessage({ ok: true, version: result.version, rows: result.rows }, [
      result.rows.buffer,
    ]);
  } catch (error) {
    (self as unknown as Worker).postMessage({
      ok: false,
      message: error instanceof Error ? error.message : String(error),
    });
  }
};

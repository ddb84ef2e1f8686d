/**
 * Writing venue documents. Optional fields that hold their default value are
 * left out (seat `rotate` 0, `features` [], `together` null; section `zone`
 * null, `outline` null): the loader puts them back.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { VenueDocument } from './format';
import { toVenueJson } from './venue-json';

export { toVenueJson };

export interface SerializeOptions {
  /**
   * true: indented, one seat per line (the committed example venues).
   * false (default): a single line (generated venues; the stadium is ~10 MB).
   */
  pretty?: boolean;
}

const INLINE_WIDTH = 100;

/** Indented JSON where short values (and every seat) stay on one line. */
function pretty(value: unknown, depth: number, inline: boolean): string {
  const compact = JSON.stringify(value);
  if (value === null || typeof value !== 'object' || inline || compact.length <= INLINE_WIDTH) return compact;
  const pad = '  '.repeat(depth + 1);
  const end = '  '.repeat(depth);
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((v) => pad + pretty(v, depth + 1, false)).join(',\n')}\n${end}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return '{}';
  const body = entries.map(([k, v]) => {
    // Every seat on its own line, however long.
    const child =
      k === 'seats' && Array.isArray(v) && v.length > 0
        ? `[\n${v.map((s) => `${pad}  ${JSON.stringify(s)}`).join(',\n')}\n${pad}]`
        : pretty(v, depth + 1, false);
    return `${pad}${JSON.stringify(k)}: ${child}`;
  });
  return `{\n${body.join(',\n')}\n${end}}`;
}

export function serializeVenue(doc: VenueDocument, options: SerializeOptions = {}): string {
  const json = toVenueJson(doc);
  return options.pretty ? `${pretty(json, 0, false)}\n` : `${JSON.stringify(json)}\n`;
}

/**
 * Writes `doc` to `filePath` atomically (temporary file + rename), so a reader
 * never sees a half-written venue and concurrent writers of the same content are safe.
 */
export function writeVenueFile(doc: VenueDocument, filePath: string, options: SerializeOptions = {}): void {
  fs.mkdirSync(path.dirname(filePath), { recursive: true });
  const tmp = `${filePath}.${process.pid}.${Date.now()}.tmp`;
  fs.writeFileSync(tmp, serializeVenue(doc, options));
  fs.renameSync(tmp, filePath);
}

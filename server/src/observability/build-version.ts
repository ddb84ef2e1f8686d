import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The server package's version (server/package.json: two folders up from src/observability and dist/observability). */
export function buildVersion(): string {
  try {
    const file = path.resolve(__dirname, '../../package.json');
    return (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

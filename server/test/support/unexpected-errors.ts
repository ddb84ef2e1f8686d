/**
 * The app's account of every 500 it answers, printed to the test output as it happens. Medium tests keep the app's
 * log in memory (test-env.ts), so a 500 seen only under load used to leave nothing but the status behind: the
 * customer cancellation's 500s at the clock guard's 16:45 setting went unexplained for a day. These lines come from
 * the app's own logger (common/logger.ts), so its redaction has already removed parameters, details and addresses.
 */
const UNEXPECTED = new Set(['unexpected error', 'answer not as declared']);
const ERROR_LEVEL = 50;

interface LogLine {
  level?: number;
  msg?: string;
  method?: string;
  url?: string;
  route?: string;
  problem?: string;
  err?: { type?: string; code?: string; message?: string; stack?: string; routine?: string };
}

/** The one-paragraph report of an unexpected error's log line, or null for any other line. */
export function unexpectedErrorReport(line: string, testName?: string): string | null {
  let entry: LogLine;
  try {
    entry = JSON.parse(line) as LogLine;
  } catch {
    return null;
  }
  if ((entry.level ?? 0) < ERROR_LEVEL || !entry.msg || !UNEXPECTED.has(entry.msg)) return null;
  const where = entry.route ?? `${entry.method ?? '?'} ${entry.url ?? '?'}`;
  const err = entry.err;
  const what = err
    ? `${err.type ?? 'Error'}${err.code ? ` [${err.code}]` : ''}: ${err.message ?? ''}\n${err.stack ?? ''}`
    : (entry.problem ?? '');
  return `[app 500] ${testName ?? '(outside a test)'}: ${where}: ${what}`;
}

/** Writes the report of an unexpected-error line straight to stderr (jest's console buffering would reorder it). */
export function reportUnexpected(line: string): void {
  const name = typeof expect === 'undefined' ? undefined : expect.getState().currentTestName;
  const report = unexpectedErrorReport(line, name);
  if (report) process.stderr.write(`${report}\n`);
}

// Reads the runners' JSON reports: counts for the totals line, and each failure named (file and title), so the last
// lines of a failed run say what failed without scrolling back through the whole log.
import { readFileSync } from 'node:fs';
import path from 'node:path';

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

const relative = (file) => path.relative(process.cwd(), file);

/** Passed and failed counts of a jest JSON report, and each failure as "file › title" (null: no report). */
export function jestCounts(file) {
  const r = readJson(file);
  if (!r) return null;
  const failures = [];
  for (const suite of r.testResults ?? []) {
    const failed = (suite.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failed) failures.push(`${relative(suite.name)} › ${a.fullName}`);
    // A suite that failed to run at all (a syntax error, a hook that threw) has no failed test to name.
    if (failed.length === 0 && suite.status === 'failed')
      failures.push(`${relative(suite.name)} › (the file did not run)`);
  }
  // Suites that failed to run at all count as one failure each.
  return { passed: r.numPassedTests, failed: r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0), failures };
}

/** The same for a Playwright JSON report: every test whose outcome was unexpected. */
export function playwrightCounts(file) {
  const r = readJson(file);
  if (!r?.stats) return null;
  const failures = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        if (t.status === 'unexpected')
          failures.push(`${spec.file}:${spec.line} › ${[...titles, spec.title].filter(Boolean).join(' › ')}`);
    for (const child of suite.suites ?? []) walk(child, child.file === child.title ? titles : [...titles, child.title]);
  };
  for (const suite of r.suites ?? []) walk(suite, []);
  return { passed: r.stats.expected + (r.stats.flaky ?? 0), failed: r.stats.unexpected, failures };
}

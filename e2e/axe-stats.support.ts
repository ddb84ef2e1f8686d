import { test, type Page } from '@playwright/test';
import { appendFileSync, mkdirSync } from 'node:fs';
import { axeStateDigest } from './axe-state.support';

/** One check being measured: axe.support.ts tells it whether axe was injected, then the verdict's size. */
export type AxeStatsRun = { injected(injected: boolean): void; end(violations: number): Promise<void> };

/** States already checked in this worker (digest and question), to count the checks that repeat one. */
const seen = new Set<string>();

/** axe's performanceTimer measures of the last run (rule_<id>, its gather and matches steps, the whole run). */
function ruleTimes(): Record<string, number> {
  const times: Record<string, number> = {};
  for (const m of performance.getEntriesByType('measure')) {
    if (m.name.startsWith('rule_') || m.name === 'axe') times[m.name] = (times[m.name] ?? 0) + m.duration;
  }
  performance.clearMeasures();
  return times;
}

function begin(page: Page, option: Record<string, unknown>): Promise<AxeStatsRun> {
  return (async () => {
    const started = performance.now();
    const state = await page.evaluate(axeStateDigest);
    const key = state && `${state} ${JSON.stringify(option)}`;
    const repeat = key !== null && seen.has(key);
    if (key !== null) seen.add(key);
    const digestMs = performance.now() - started;
    let injected = false;
    let injectMs = 0;
    const checkStarted = () => started + digestMs + injectMs;
    return {
      injected(flag) {
        injected = flag;
        injectMs = performance.now() - started - digestMs;
      },
      async end(violations) {
        const analyzeMs = performance.now() - checkStarted();
        const rules = await page.evaluate(ruleTimes);
        const info = test.info();
        const line = {
          spec: info.file.replace(/.*\/e2e\//, ''),
          test: info.title,
          worker: info.workerIndex,
          url: page.url(),
          key,
          repeat,
          injected,
          ms: { digest: digestMs, inject: injectMs, analyze: analyzeMs },
          violations,
          rules,
        };
        mkdirSync('.tmp', { recursive: true });
        appendFileSync('.tmp/axe-stats.jsonl', `${JSON.stringify(line)}\n`);
      },
    };
  })();
}

/**
 * AXE_STATS=1: one JSON line per axe check in .tmp/axe-stats.jsonl: the spec, the test, the page, whether the page
 * was in a state this worker had already checked with the same question, whether axe had to be injected, the time
 * of each step, and axe's own time per rule (its performanceTimer). `node scripts/axe-stats.mjs` sums them.
 */
export const axeStats = process.env.AXE_STATS === '1' ? { begin } : undefined;

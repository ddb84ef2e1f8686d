// Sums .tmp/axe-stats.jsonl, written by the e2e specs under AXE_STATS=1 (e2e/axe-stats.support.ts): per spec the
// checks, how many repeated a state already checked in the worker, the injections and the time of each step, then
// axe's own time per rule over all checks. `node scripts/axe-stats.mjs [file]`.
import { readFileSync } from 'node:fs';

const file = process.argv[2] ?? '.tmp/axe-stats.jsonl';
const lines = readFileSync(file, 'utf8')
  .trim()
  .split('\n')
  .map((l) => JSON.parse(l));
const seconds = (ms) => (ms / 1000).toFixed(1);
const bySpec = Map.groupBy(lines, (l) => l.spec);
const rules = {};
for (const [spec, checks] of bySpec) {
  const sum = (step) => checks.reduce((a, l) => a + l.ms[step], 0);
  const inPage = checks.reduce((a, l) => a + (l.rules.axe ?? 0), 0);
  console.log(
    `${spec}: ${checks.length} checks, ${checks.filter((l) => l.repeat).length} repeat a state already checked, ` +
      `${checks.filter((l) => l.key === null).length} without a digest, ${checks.filter((l) => l.injected).length} injections; ` +
      `wall s: digest ${seconds(sum('digest'))}, inject ${seconds(sum('inject'))}, analyze ${seconds(sum('analyze'))} ` +
      `(axe.run in the page ${seconds(inPage)})`,
  );
  for (const l of checks) for (const [name, ms] of Object.entries(l.rules)) rules[name] = (rules[name] ?? 0) + ms;
}
const whole = rules.axe ?? 0;
delete rules.axe;
console.log(
  `axe.run in the page, all checks: ${seconds(whole)} s; by rule (a rule's #gather/#matches steps are inside it):`,
);
for (const [name, ms] of Object.entries(rules)
  .filter(([name]) => !name.includes('#'))
  .sort((a, b) => b[1] - a[1])
  .slice(0, 12)) {
  const matches = rules[`${name}#matches`] ?? 0;
  const share = ((100 * ms) / whole).toFixed(1);
  console.log(
    `  ${name.slice(5).padEnd(32)} ${seconds(ms)} s  ${share} %  (choosing its elements ${seconds(matches)} s)`,
  );
}

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import yaml from 'js-yaml';
import { startTestApp, type TestApp } from '../support/test-env';
import { declaredFamilies, scrape } from '../support/metrics-scrape';

/**
 * No dashboard panel and no alert on a metric that is not there: every metric the committed alert rules and Grafana
 * dashboards name (deploy/) must be declared by a real node's scrape. Docker does not run here; the files are read.
 */
const root = path.resolve(__dirname, '../../..');
/** What Prometheus itself adds to every target: not in a node's scrape. */
const SYNTHETIC = new Set(['up']);
/** A metric name in PromQL: our families and Node's default ones (label names and functions never start so). */
const METRIC = /\b((?:hotline|nodejs|process)_[a-zA-Z0-9_]+|up)\b(?!\s*\()/g;
/** Series a histogram or summary family exposes under names of its own. */
const SUFFIXES = ['_bucket', '_count', '_sum'];

function alertExpressions(): { name: string; expr: string }[] {
  const rules = yaml.load(readFileSync(path.join(root, 'deploy/prometheus/alerts.yml'), 'utf8')) as {
    groups: { rules: { alert: string; expr: string }[] }[];
  };
  return rules.groups.flatMap((g) => g.rules.map((r) => ({ name: `alert ${r.alert}`, expr: String(r.expr) })));
}

function dashboardExpressions(): { name: string; expr: string }[] {
  const dir = path.join(root, 'deploy/grafana/dashboards');
  const found: { name: string; expr: string }[] = [];
  const walk = (node: unknown, where: string): void => {
    if (Array.isArray(node)) node.forEach((n) => walk(n, where));
    else if (node && typeof node === 'object') {
      const o = node as Record<string, unknown>;
      const here = typeof o.title === 'string' ? `${where} / ${o.title}` : where;
      if (typeof o.expr === 'string') found.push({ name: here, expr: o.expr });
      if (typeof o.query === 'string') found.push({ name: `${here} (variable)`, expr: o.query });
      for (const value of Object.values(o)) walk(value, here);
    }
  };
  for (const file of readdirSync(dir)) walk(JSON.parse(readFileSync(path.join(dir, file), 'utf8')), file);
  return found;
}

const metricsOf = (expr: string) => [...expr.matchAll(METRIC)].map((m) => m[1]!);

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ METRICS_PORT: '0' });
});
afterAll(() => t?.close());

test('every metric an alert rule or a dashboard panel names is declared by a real scrape', async () => {
  const families = declaredFamilies((await scrape(t.app)).text);
  const known = (name: string) =>
    SYNTHETIC.has(name) ||
    families.has(name) ||
    SUFFIXES.some((s) => name.endsWith(s) && families.get(name.slice(0, -s.length)) === 'histogram');
  const expressions = [...alertExpressions(), ...dashboardExpressions()];
  const missing = expressions.flatMap(({ name, expr }) =>
    metricsOf(expr)
      .filter((m) => !known(m))
      .map((m) => `${name}: ${m}`),
  );
  expect(missing).toEqual([]);
  // Every expression names at least one metric (a typo'd one that the pattern missed would not pass unseen).
  expect(expressions.filter(({ expr }) => metricsOf(expr).length === 0)).toEqual([]);
  expect(alertExpressions().map((a) => a.name)).toEqual(
    expect.arrayContaining(['alert PaymentsInDoubt', 'alert SeatLockSlow', 'alert AdmissionsStalled']),
  );
});

test('CONTROL: a panel on a metric the nodes do not export is caught', async () => {
  const families = declaredFamilies((await scrape(t.app)).text);
  const madeUp = metricsOf('sum(rate(hotline_seat_lock_total[1m]))');
  expect(madeUp.filter((m) => !families.has(m))).toEqual(['hotline_seat_lock_total']);
});

test('every alert has its runbook line in docs/operations.md', () => {
  const doc = readFileSync(path.join(root, 'docs/operations.md'), 'utf8');
  for (const { name } of alertExpressions()) expect(doc).toContain(`### ${name.replace('alert ', '')}`);
});

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parser } from '@prometheus-io/lezer-promql';
import yaml from 'js-yaml';
import { PromMetrics } from '../../src/observability/prom-metrics';
import { Metrics } from '../../src/observability/metrics';
import { startTestApp, type TestApp } from '../support/test-env';
import { declaredFamilies, scrape } from '../support/metrics-scrape';

/**
 * No dashboard panel and no alert on a metric that is not there: every query the committed alert rules and Grafana
 * dashboards hold (deploy/) is parsed by Prometheus' own PromQL grammar (@prometheus-io/lezer-promql, the one
 * Prometheus' UI uses: a syntax error fails here), and every metric it selects must be declared by a real node's
 * scrape, every label it matches or groups by must be one of that metric's (or one Prometheus adds to every target).
 * Docker does not run here, so Grafana does not render them (docs/operations.md says why); the files are read.
 */
const root = path.resolve(__dirname, '../../..');
/** What Prometheus itself adds to every target: `up`, and the target's `job` and `instance` labels. */
const SYNTHETIC = new Set(['up']);
const TARGET_LABELS = new Set(['job', 'instance']);
/** Series a histogram family exposes under names of its own; `le` is their bucket label. */
const SUFFIXES = ['_bucket', '_count', '_sum'];

/** Grafana's own variables, replaced as Grafana does before Prometheus sees the query. */
const asPromQL = (expr: string) =>
  expr.replace(/\$__(rate_interval|interval|range)\b/g, '5m').replace(/\$\{?([a-zA-Z_]\w*)\}?/g, 'grafana_$1');

type SyntaxNode = ReturnType<typeof parser.parse>['topNode'];

interface Query {
  metrics: string[];
  /** Labels matched in a selector, by the metric selected. */
  matched: [metric: string, label: string][];
  /** Labels an aggregation groups by (or drops: without), with every metric selected under it. */
  grouped: [metrics: string[], label: string][];
  syntaxError: boolean;
}

/** What a PromQL expression selects, by its syntax tree (Grafana's `label_values(metric, label)` read by hand). */
function parseQuery(expr: string): Query {
  const labelValues = /^\s*label_values\(\s*([a-zA-Z_:][\w:]*)\s*,\s*([a-zA-Z_]\w*)\s*\)\s*$/.exec(expr);
  if (labelValues)
    return {
      metrics: [labelValues[1]!],
      matched: [[labelValues[1]!, labelValues[2]!]],
      grouped: [],
      syntaxError: false,
    };
  const text = asPromQL(expr);
  const tree = parser.parse(text);
  const q: Query = { metrics: [], matched: [], grouped: [], syntaxError: false };
  const selectorsUnder = (node: SyntaxNode): string[] => {
    const found: string[] = [];
    node.cursor().iterate((n) => {
      if (n.name === 'Identifier' && n.node.parent?.name === 'VectorSelector') found.push(text.slice(n.from, n.to));
    });
    return found;
  };
  tree.iterate({
    enter: (n) => {
      if (n.type.isError) q.syntaxError = true;
      if (n.name === 'VectorSelector') {
        const name = n.node.getChild('Identifier');
        const metric = name ? text.slice(name.from, name.to) : '';
        if (metric) q.metrics.push(metric);
        for (const matcher of n.node.getChild('LabelMatchers')?.getChildren('UnquotedLabelMatcher') ?? []) {
          const label = matcher.getChild('LabelName');
          if (label) q.matched.push([metric, text.slice(label.from, label.to)]);
        }
      }
      if (n.name === 'AggregateExpr') {
        const grouping = n.node.getChild('AggregateModifier')?.getChild('GroupingLabels');
        const under = selectorsUnder(n.node);
        for (const label of grouping?.getChildren('LabelName') ?? [])
          q.grouped.push([under, text.slice(label.from, label.to)]);
      }
    },
  });
  return q;
}

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

let t: TestApp;
/** Each family the node declares, with its label names (from the registry: a family without samples has them too). */
let families: Map<string, { type: string; labels: Set<string> }>;
beforeAll(async () => {
  t = await startTestApp({ METRICS_PORT: '0' });
  const declared = declaredFamilies((await scrape(t.app)).text);
  const registry = (t.app.get(Metrics) as PromMetrics).registry;
  families = new Map(
    registry.getMetricsAsArray().map((m) => {
      const name = (m as unknown as { name: string }).name;
      const labels = (m as unknown as { labelNames?: readonly string[] }).labelNames ?? [];
      return [name, { type: declared.get(name) ?? 'undeclared', labels: new Set(labels) }];
    }),
  );
  // The registry and the scrape agree on the families (the scrape is what Prometheus sees).
  expect([...families.keys()].sort()).toEqual([...declared.keys()].sort());
});
afterAll(() => t?.close());

/** The family a series name belongs to (a histogram's `_bucket`, `_count`, `_sum` included), and its labels. */
function familyOf(name: string): { labels: Set<string> } | undefined {
  if (SYNTHETIC.has(name)) return { labels: new Set() };
  const own = families.get(name);
  if (own) return own;
  for (const suffix of SUFFIXES) {
    const f = families.get(name.slice(0, -suffix.length));
    if (name.endsWith(suffix) && f?.type === 'histogram')
      return { labels: suffix === '_bucket' ? new Set([...f.labels, 'le']) : f.labels };
  }
  return undefined;
}

/** Every problem of one expression: a syntax error, a metric not exported, a label a metric does not have. */
function problems(name: string, expr: string): string[] {
  const q = parseQuery(expr);
  const hasLabel = (metric: string, label: string) =>
    TARGET_LABELS.has(label) || (familyOf(metric)?.labels.has(label) ?? true); // an unknown metric is reported once
  return [
    ...(q.syntaxError ? [`${name}: PromQL syntax error in ${expr}`] : []),
    ...(q.metrics.length === 0 ? [`${name}: selects no metric`] : []),
    ...q.metrics.filter((m) => !familyOf(m)).map((m) => `${name}: ${m} is not exported`),
    ...q.matched.filter(([m, l]) => !hasLabel(m, l)).map(([m, l]) => `${name}: ${m} has no label ${l}`),
    ...q.grouped.flatMap(([ms, l]) =>
      ms.filter((m) => !hasLabel(m, l)).map((m) => `${name}: by ${l}, which ${m} lacks`),
    ),
  ];
}

test('every query of an alert rule or a dashboard parses, and selects exported metrics by their own labels', () => {
  const expressions = [...alertExpressions(), ...dashboardExpressions()];
  expect(expressions.length).toBeGreaterThan(40);
  expect(expressions.flatMap(({ name, expr }) => problems(name, expr))).toEqual([]);
  expect(alertExpressions().map((a) => a.name)).toEqual(
    expect.arrayContaining(['alert PaymentsInDoubt', 'alert SeatLockSlow', 'alert AdmissionsStalled']),
  );
});

test('no family declares a label Prometheus gives every target (it would be renamed exported_job, exported_instance)', () => {
  const clashing = [...families].filter(([, f]) => [...TARGET_LABELS].some((l) => f.labels.has(l)));
  expect(clashing.map(([name]) => name)).toEqual([]);
});

test('CONTROL: a wrong metric, a wrong label, a wrong grouping and a syntax error are each caught', () => {
  expect(problems('p', 'sum(rate(hotline_seat_lock_total[1m]))')).toEqual([
    'p: hotline_seat_lock_total is not exported',
  ]);
  expect(problems('p', 'sum(rate(hotline_seat_locks_total{result="ok"}[1m]))')).toEqual([
    'p: hotline_seat_locks_total has no label result',
  ]);
  expect(problems('p', 'max by (job) (hotline_job_consecutive_failures)')).toEqual([]); // the target's job: allowed
  expect(problems('p', 'sum by (presentation) (rate(hotline_seat_locks_total[$__rate_interval]))')).toEqual([
    'p: by presentation, which hotline_seat_locks_total lacks',
  ]);
  expect(
    problems('p', 'histogram_quantile(0.99, sum by (le) (rate(hotline_seat_lock_duration_seconds_bucket[5m])))'),
  ).toEqual([]);
  expect(problems('p', 'sum by (le) (rate(hotline_seat_lock_duration_seconds_count[5m]))')).toEqual([
    'p: by le, which hotline_seat_lock_duration_seconds_count lacks',
  ]);
  expect(problems('p', 'sum(rate(hotline_commits_total[5m])')).toEqual([
    'p: PromQL syntax error in sum(rate(hotline_commits_total[5m])',
  ]);
  expect(problems('p', 'label_values(hotline_queue_in_line, presentation)')).toEqual([]);
  expect(problems('p', 'label_values(hotline_queue_in_line, outcome)')).toEqual([
    'p: hotline_queue_in_line has no label outcome',
  ]);
});

test('every alert has its runbook line in docs/operations.md', () => {
  const doc = readFileSync(path.join(root, 'docs/operations.md'), 'utf8');
  for (const { name } of alertExpressions()) expect(doc).toContain(`### ${name.replace('alert ', '')}`);
});

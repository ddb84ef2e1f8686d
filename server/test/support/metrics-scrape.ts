import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { MetricsServer } from '../../src/observability/metrics-server';

/** One sample of the Prometheus text format: `name{label="value",...} number`. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

export function parseExposition(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const m = SAMPLE.exec(line);
      if (!m) throw new Error(`not a sample: ${line}`);
      const labels: Record<string, string> = {};
      for (const l of (m[2] ?? '').matchAll(LABEL)) labels[l[1]!] = l[2]!;
      return { name: m[1]!, labels, value: Number(m[3]) };
    });
}

/** The metric families a scrape declares (`# TYPE name kind`): the names dashboards and rules may use. */
export function declaredFamilies(text: string): Map<string, string> {
  const families = new Map<string, string>();
  for (const m of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) families.set(m[1]!, m[2]!);
  return families;
}

/** GET /metrics of a test app (started with METRICS_PORT=0). */
export async function scrape(app: NestFastifyApplication): Promise<{ text: string; samples: Sample[] }> {
  const port = app.get(MetricsServer).port();
  if (port === null) throw new Error('the app has no metrics listener (METRICS_PORT unset)');
  const response = await fetch(`http://127.0.0.1:${port}/metrics`);
  if (response.status !== 200) throw new Error(`/metrics answered ${response.status}`);
  const text = await response.text();
  return { text, samples: parseExposition(text) };
}

/** The sum of a metric's samples whose labels include `labels` (0 when there are none). */
export function valueOf(samples: readonly Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}

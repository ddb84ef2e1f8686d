import perfHooks from 'node:perf_hooks';
import { Registry, collectDefaultMetrics } from 'prom-client';
import { NodeHealth } from '../../src/observability/node-health';
import { startTestApp } from '../support/test-env';
import { scrape, valueOf } from '../support/metrics-scrape';

/**
 * One event-loop monitor per node (decision 028, amendment): with metrics on, the application starts exactly one
 * `monitorEventLoopDelay`, read by the health beat and by the scrape alike. The control shows the spy sees a second
 * monitor when there is one (prom-client's own collector starts its own).
 */
test('a node with metrics on starts one event-loop monitor, read by the beat and the scrape', async () => {
  const spy = jest.spyOn(perfHooks, 'monitorEventLoopDelay');
  const t = await startTestApp({ METRICS_PORT: '0' });
  try {
    expect(spy).toHaveBeenCalledTimes(1);
    await t.app.get(NodeHealth).beat();
    const [node] = await t.app.get(NodeHealth).nodes();
    expect(node!.eventLoopLagP99Ms).toBeGreaterThanOrEqual(0);
    // Read after the beat drained the monitor, the scrape still has the samples of its own window (since the start).
    const { samples } = await scrape(t.app);
    expect(valueOf(samples, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThan(0);
    expect(valueOf(samples, 'nodejs_eventloop_lag_min_seconds')).toBeGreaterThan(0);
  } finally {
    await t.close();
    spy.mockRestore();
  }
});

test('control: prom-client’s own collectors start a monitor of their own (the spy sees it)', () => {
  const spy = jest.spyOn(perfHooks, 'monitorEventLoopDelay');
  try {
    collectDefaultMetrics({ register: new Registry() });
    expect(spy).toHaveBeenCalledTimes(1);
  } finally {
    spy.mockRestore();
  }
});

import { AppError } from '../common/app-error';
import { parseExposition, valueOf } from '../../test/support/metrics-scrape';
import { PromMetrics } from './prom-metrics';

/**
 * The adapter's hot series (series.ts) against its contract (docs/operations.md, "Metrics"): what a scrape shows is
 * exactly what was recorded, under the same names, labels and meanings as when prom-client's own metrics held them.
 */
async function scrapeOf(metrics: PromMetrics) {
  return parseExposition(await metrics.scrape());
}

test('timed: each outcome counted once, each duration under its result, by the same names', async () => {
  const metrics = new PromMetrics('test');
  await metrics.timed('seat_lock', () => Promise.resolve(1));
  await metrics.timed('seat_lock', () => Promise.resolve(2));
  await expect(metrics.timed('seat_lock', () => Promise.reject(new AppError('SEAT_TAKEN', {}, 409)))).rejects.toThrow();
  await expect(metrics.timed('seat_lock', () => Promise.reject(new AppError('SEAT_TAKEN', {}, 409)))).rejects.toThrow();
  await expect(metrics.timed('commit', () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
  await metrics.timed('seat_unlock', () => Promise.resolve(3));

  const s = await scrapeOf(metrics);
  expect(valueOf(s, 'hotline_seat_locks_total', { outcome: 'locked' })).toBe(2);
  expect(valueOf(s, 'hotline_seat_locks_total', { outcome: 'seat_taken' })).toBe(2);
  expect(valueOf(s, 'hotline_seat_locks_total')).toBe(4);
  expect(valueOf(s, 'hotline_seat_lock_duration_seconds_count', { result: 'ok' })).toBe(2);
  expect(valueOf(s, 'hotline_seat_lock_duration_seconds_count', { result: 'refused' })).toBe(2);
  expect(valueOf(s, 'hotline_seat_lock_duration_seconds_bucket', { result: 'ok', le: '+Inf' })).toBe(2);
  expect(valueOf(s, 'hotline_commits_total', { outcome: 'error' })).toBe(1);
  expect(valueOf(s, 'hotline_commit_duration_seconds_count', { result: 'error' })).toBe(1);
  expect(valueOf(s, 'hotline_seat_unlocks_total', { outcome: 'unlocked' })).toBe(1);
  expect(valueOf(s, 'hotline_payment_attempts_total')).toBe(0);
  // A duration is in seconds: a promise that resolves at once takes well under a second.
  expect(valueOf(s, 'hotline_seat_lock_duration_seconds_bucket', { result: 'ok', le: '1' })).toBe(2);
});

test('HTTP: one series per route template, method and status; buckets cumulative; sum in seconds', async () => {
  const metrics = new PromMetrics('test');
  const lock = metrics.httpRoute('/api/seats/lock-seat');
  lock.observe('PUT', 200, 0.004);
  lock.observe('PUT', 200, 0.02);
  lock.observe('PUT', 409, 0.003);
  metrics.httpRoute('unmatched').observe('GET', 404, 0.0005);
  expect(metrics.httpRoute('/api/seats/lock-seat')).toBe(lock);

  const s = await scrapeOf(metrics);
  const route = { method: 'PUT', route: '/api/seats/lock-seat', status: '200' };
  expect(valueOf(s, 'hotline_http_request_duration_seconds_count', route)).toBe(2);
  expect(valueOf(s, 'hotline_http_request_duration_seconds_sum', route)).toBeCloseTo(0.024, 9);
  expect(valueOf(s, 'hotline_http_request_duration_seconds_bucket', { ...route, le: '0.005' })).toBe(1);
  expect(valueOf(s, 'hotline_http_request_duration_seconds_bucket', { ...route, le: '0.025' })).toBe(2);
  expect(valueOf(s, 'hotline_http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(2);
  expect(valueOf(s, 'hotline_http_request_duration_seconds_count', { status: '409' })).toBe(1);
  expect(valueOf(s, 'hotline_http_request_duration_seconds_count', { route: 'unmatched', status: '404' })).toBe(1);
});

test('seat deltas: counted, their lateness in the histogram; both shown at 0 before the first', async () => {
  const metrics = new PromMetrics('test');
  let s = await scrapeOf(metrics);
  expect(s.some((x) => x.name === 'hotline_seat_feed_deltas_sent_total' && x.value === 0)).toBe(true);
  metrics.seatDeltaSent(0.002);
  metrics.seatDeltaSent(0.3);
  s = await scrapeOf(metrics);
  expect(valueOf(s, 'hotline_seat_feed_deltas_sent_total')).toBe(2);
  expect(valueOf(s, 'hotline_seat_feed_delta_lateness_seconds_count')).toBe(2);
  expect(valueOf(s, 'hotline_seat_feed_delta_lateness_seconds_bucket', { le: '0.005' })).toBe(1);
  expect(valueOf(s, 'hotline_seat_feed_delta_lateness_seconds_bucket', { le: '0.5' })).toBe(2);
});

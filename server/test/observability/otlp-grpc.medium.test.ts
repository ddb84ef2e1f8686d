import { buyer, loadShow, lockSeat, plainSeats, startBooking } from '../booking/support/booking-kit';
import { startOtlpGrpcCollector } from './support/otlp-grpc-collector';

/**
 * Traces over OTLP/gRPC (docs/operations.md, "Traces"): the real server, configured only by the standard variables
 * (`OTEL_TRACES_EXPORTER=otlp`, `OTEL_EXPORTER_OTLP_TRACES_PROTOCOL=grpc`, the endpoint), sends a lock's trace to a
 * real gRPC collector in this process, which decodes the protobuf it received. The spans leave in batches; the
 * application's shutdown sends what is left, so the test stops the server before it reads the collector.
 */
let collector: Awaited<ReturnType<typeof startOtlpGrpcCollector>>;
const saved = process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;

beforeAll(async () => {
  collector = await startOtlpGrpcCollector();
  // Read by the exporter itself, as in production (not part of the validated configuration).
  process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT = collector.url;
});
afterAll(async () => {
  if (saved === undefined) delete process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  else process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT = saved;
  await collector?.close();
});

test('a lock and a refused lock reach a gRPC collector as protobuf spans: server span, seat script, resource', async () => {
  const env = await startBooking({ OTEL_TRACES_EXPORTER: 'otlp', OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'grpc' });
  let closed = false;
  try {
    const show = await loadShow(env.t.url, 1);
    const [seat] = plainSeats(show);
    const first = await lockSeat(env.t.url, await buyer(env.t.url), show, seat!);
    expect(first.status).toBe(200);
    const second = await lockSeat(env.t.url, await buyer(env.t.url), show, seat!);
    expect(second.status).toBe(409);
    const refusalTrace = (second.body as { traceId?: string }).traceId;
    expect(refusalTrace).toMatch(/^[0-9a-f]{32}$/);
    await env.close();
    closed = true;

    expect(collector.requests.length).toBeGreaterThan(0);
    const spans = collector.spans();
    const locks = spans.filter((s) => s.name === 'PUT /api/seats/lock-seat');
    expect(locks).toHaveLength(2);
    for (const lock of locks) {
      expect(lock.kind).toBe(2); // SPAN_KIND_SERVER
      expect(lock.attributes).toMatchObject({ 'http.request.method': 'PUT', 'http.route': '/api/seats/lock-seat' });
      expect(lock.resource['service.name']).toBe('hotline-server');
      const scripts = spans.filter((s) => s.parentSpanId === lock.spanId && s.traceId === lock.traceId);
      expect(scripts.map((s) => s.name)).toEqual(expect.arrayContaining([expect.stringMatching(/^EVALSHA seatLock/)]));
      expect(scripts.every((s) => s.kind === 3 && s.attributes['db.system.name'] === 'redis')).toBe(true); // CLIENT
    }
    expect(locks.map((l) => l.attributes['http.response.status_code']).sort()).toEqual([200, 409]);
    expect(locks.find((l) => l.attributes['http.response.status_code'] === 409)!.traceId).toBe(refusalTrace);
  } finally {
    if (!closed) await env.close();
  }
});

test('control: with traces off the collector receives nothing', async () => {
  const before = collector.requests.length;
  const env = await startBooking({ OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'grpc' });
  const show = await loadShow(env.t.url, 1);
  expect((await lockSeat(env.t.url, await buyer(env.t.url), show, plainSeats(show)[1]!)).status).toBe(200);
  await env.close();
  expect(collector.requests.length).toBe(before);
});

import { Tracing, NO_TRACING } from '../../src/observability/tracing';
import { tracingFor } from '../../src/observability/tracing-factory';
import {
  authoriseCard,
  buyer,
  cartOf,
  cartSeat,
  commit,
  lockAll,
  lockSeat,
  loadShow,
  plainSeats,
  startBooking,
  TEST_CARDS,
} from '../booking/support/booking-kit';

/**
 * Traces off, the default (docs/operations.md, "Traces"): the server serves a lock, a refusal and a commit without
 * loading a single module of the OpenTelemetry SDK or the adapter, and no answer names a trace. Every SDK module is
 * replaced by a recorder that notes its loading; the last test is the control: turning traces on loads them, so the
 * recorders do see a load when there is one.
 */
const mockLoaded: string[] = [];
const mockRecorded = (name: string) => {
  mockLoaded.push(name);
  return jest.requireActual(name);
};
jest.mock('@opentelemetry/sdk-trace', () => mockRecorded('@opentelemetry/sdk-trace'));
jest.mock('@opentelemetry/context-async-hooks', () => mockRecorded('@opentelemetry/context-async-hooks'));
jest.mock('@opentelemetry/resources', () => mockRecorded('@opentelemetry/resources'));
jest.mock('@opentelemetry/exporter-trace-otlp-http', () => mockRecorded('@opentelemetry/exporter-trace-otlp-http'));
jest.mock('@opentelemetry/exporter-trace-otlp-grpc', () => mockRecorded('@opentelemetry/exporter-trace-otlp-grpc'));
jest.mock('@grpc/grpc-js', () => mockRecorded('@grpc/grpc-js'));
jest.mock('../../src/observability/otel-tracing', () => mockRecorded('../../src/observability/otel-tracing'));

let env: Awaited<ReturnType<typeof startBooking>>;
beforeAll(async () => {
  // Metrics on as well: prom-client must not pull the SDK in either.
  env = await startBooking({ METRICS_PORT: '0' });
});
afterAll(() => env?.close());

test('off by default: a lock, a refusal and a commit load no OpenTelemetry SDK module and name no trace', async () => {
  expect(env.t.app.get(Tracing)).toBe(NO_TRACING);
  const show = await loadShow(env.t.url, 1);
  const [seat] = plainSeats(show);
  const [b, c] = [await buyer(env.t.url), await buyer(env.t.url)];
  await lockAll(env.t.url, b!, show, [seat!]);
  const refused = await lockSeat(env.t.url, c!, show, seat!);
  const paid = await commit(
    env.t.url,
    b!,
    cartOf([cartSeat(show, seat!)], { paymentIdentifier: await authoriseCard(env.t.url, b!, TEST_CARDS.approve) }),
  );
  const notFound = await fetch(`${env.t.url}/api/no-such-route`, {
    headers: { uuid: c!.id, traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' },
  });
  expect(refused.status).toBe(409);
  expect(paid.status).toBe(201);
  expect(refused.body).toEqual({
    error: 'SEAT_NOT_AVAILABLE',
    message: expect.any(String),
    requestId: expect.any(String),
  });
  expect(await notFound.json()).not.toHaveProperty('traceId');
  expect(mockLoaded).toEqual([]);
});

test.each([
  ['OTEL_TRACES_EXPORTER unset', {}],
  ['OTEL_TRACES_EXPORTER=none', { OTEL_TRACES_EXPORTER: 'none' as const }],
  ['OTEL_SDK_DISABLED=true', { OTEL_TRACES_EXPORTER: 'console' as const, OTEL_SDK_DISABLED: 'true' as const }],
])('%s: the no-op, nothing loaded', async (_what, settings) => {
  const tracing = await tracingFor({
    OTEL_SDK_DISABLED: 'false',
    OTEL_TRACES_SAMPLER: 'parentbased_always_on',
    OTEL_TRACES_SAMPLER_ARG: undefined,
    OTEL_TRACES_EXPORTER: undefined,
    ...settings,
  });
  expect(tracing).toBe(NO_TRACING);
  expect(mockLoaded).toEqual([]);
});

test('control: OTEL_TRACES_EXPORTER=console loads the adapter and the SDK (the recorders see a load)', async () => {
  const tracing = await tracingFor({
    OTEL_SDK_DISABLED: 'false',
    OTEL_TRACES_SAMPLER: 'parentbased_always_on',
    OTEL_TRACES_SAMPLER_ARG: undefined,
    OTEL_TRACES_EXPORTER: 'console',
  });
  expect(tracing.enabled).toBe(true);
  expect(mockLoaded).toEqual(
    expect.arrayContaining(['../../src/observability/otel-tracing', '@opentelemetry/sdk-trace']),
  );
  await (tracing as unknown as { onApplicationShutdown(): Promise<void> }).onApplicationShutdown();
});

test('OTLP over HTTP does not load the gRPC library; over gRPC it does', async () => {
  const on = {
    OTEL_SDK_DISABLED: 'false',
    OTEL_TRACES_SAMPLER: 'parentbased_always_on',
    OTEL_TRACES_EXPORTER: 'otlp',
  } as const;
  const http = await tracingFor({ ...on, OTEL_TRACES_SAMPLER_ARG: undefined });
  expect(mockLoaded).toContain('@opentelemetry/exporter-trace-otlp-http');
  expect(mockLoaded).not.toContain('@opentelemetry/exporter-trace-otlp-grpc');
  expect(mockLoaded).not.toContain('@grpc/grpc-js');
  const grpc = await tracingFor({ ...on, OTEL_TRACES_SAMPLER_ARG: undefined, OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' });
  expect(mockLoaded).toEqual(expect.arrayContaining(['@opentelemetry/exporter-trace-otlp-grpc', '@grpc/grpc-js']));
  for (const t of [http, grpc])
    await (t as unknown as { onApplicationShutdown(): Promise<void> }).onApplicationShutdown();
});

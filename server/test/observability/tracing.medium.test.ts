import { AlwaysOnSampler, InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { OtelTracing } from '../../src/observability/otel-tracing';
import { Tracing } from '../../src/observability/tracing';
import { SeatEvents } from '@hotline/shared';
import { Watcher } from '../seats/support/seat-kit';
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
  type ShowInfo,
} from '../booking/support/booking-kit';

/**
 * Traces on the real server (docs/operations.md, "Traces"), spans kept in memory: a commit is one trace, the HTTP
 * request's server span with the sale statement, the provider's charge and the seat scripts as its children; the hot
 * lock route (served plainly, outside Nest's pipeline) is traced alike; an error answer names its trace.
 */
const exporter = new InMemorySpanExporter();
let env: Awaited<ReturnType<typeof startBooking>>;
let show: ShowInfo;
let free: ReturnType<typeof plainSeats>;

beforeAll(async () => {
  env = await startBooking({}, [
    {
      provide: Tracing,
      useFactory: () => new OtelTracing({ exporter, batch: false, sampler: new AlwaysOnSampler(), version: 'test' }),
    },
  ]);
  show = await loadShow(env.t.url, 1);
  free = plainSeats(show);
});
afterAll(() => env?.close());
beforeEach(() => exporter.reset());

/**
 * The spans of the traces HTTP requests started: a job's run (the server's own, on its schedule) or a socket event is
 * the root of a trace of its own, which a test of requests leaves aside.
 */
const spans = (): ReadableSpan[] => {
  const all = exporter.getFinishedSpans();
  const own = new Set(all.filter((s) => /^(job|socket\.io) /.test(s.name)).map((s) => s.spanContext().traceId));
  return all.filter((s) => !own.has(s.spanContext().traceId));
};
const childrenOf = (parent: ReadableSpan) =>
  spans().filter((s) => s.parentSpanContext?.spanId === parent.spanContext().spanId);
const serverSpans = (name: string) => spans().filter((s) => s.name === name && s.kind === 1);

test('a commit is one trace: HTTP request, then the seat scripts, the provider charge and the sale statement', async () => {
  const b = await buyer(env.t.url);
  const seats = free.splice(0, 2);
  await lockAll(env.t.url, b, show, seats);
  const paymentIdentifier = await authoriseCard(env.t.url, b, TEST_CARDS.approve);
  exporter.reset();
  const paid = await commit(
    env.t.url,
    b,
    cartOf(
      seats.map((s) => cartSeat(show, s)),
      { paymentIdentifier },
    ),
  );
  expect(paid.status).toBe(201);

  const [request] = serverSpans('POST /api/payment/commit');
  expect(request).toBeDefined();
  expect(request!.attributes).toMatchObject({
    'http.request.method': 'POST',
    'http.route': '/api/payment/commit',
    'http.response.status_code': 201,
  });
  const children = childrenOf(request!);
  const names = children.map((s) => s.name);
  // The saga's order: the seats claimed for the payment (Redis), the charge, the one sale statement.
  const claim = names.indexOf('EVALSHA seatClaimPayment');
  const charge = names.indexOf('payment charge');
  const sale = names.indexOf('sale');
  expect(claim).toBeGreaterThanOrEqual(0);
  expect(charge).toBeGreaterThan(claim);
  expect(sale).toBeGreaterThan(charge);
  expect(children[charge]!.attributes).toMatchObject({
    'hotline.payment.operation': 'charge',
    'hotline.payment.status': 'approved',
  });
  expect(children[sale]!.attributes).toMatchObject({ 'db.system.name': 'postgresql', 'db.query.summary': 'sale' });
  // One trace, and nothing in it names the card or the visitor.
  const trace = spans().filter((s) => s.spanContext().traceId === request!.spanContext().traceId);
  expect(trace.length).toBe(spans().length);
  const everything = JSON.stringify(trace.map((s) => s.attributes));
  expect(everything).not.toContain(paymentIdentifier);
  expect(everything).not.toContain(b.id);
});

test('the plain lock route is traced like a Nest route; a refusal names its trace in the answer', async () => {
  const seat = free.shift()!;
  const [first, second] = [await buyer(env.t.url), await buyer(env.t.url)];
  exporter.reset();
  const locked = await lockSeat(env.t.url, first!, show, seat);
  const refused = await lockSeat(env.t.url, second!, show, seat);
  expect(locked.status).toBe(200);
  expect(refused.status).toBe(409);

  const requests = serverSpans('PUT /api/seats/lock-seat');
  expect(requests).toHaveLength(2);
  for (const request of requests)
    expect(childrenOf(request).map((s) => s.name)).toEqual([expect.stringMatching(/^EVALSHA seatLock/)]);
  const refusedTrace = requests.find((r) => r.attributes['http.response.status_code'] === 409)!;
  expect(refused.body).toMatchObject({
    error: 'SEAT_NOT_AVAILABLE',
    requestId: refused.headers.get('x-request-id'),
    traceId: refusedTrace.spanContext().traceId,
  });
  // A refusal is the caller's answer, not a server error.
  expect(refusedTrace.status.code).toBe(0);
});

test("a caller's traceparent is followed: the request joins the caller's trace", async () => {
  const traceId = '0af7651916cd43dd8448eb211c80319c';
  const b = await buyer(env.t.url);
  exporter.reset();
  const answer = await fetch(`${env.t.url}/api/no-such-route`, {
    headers: { uuid: b.id, traceparent: `00-${traceId}-b7ad6b7169203331-01` },
  });
  expect(answer.status).toBe(404);
  expect(await answer.json()).toMatchObject({ error: 'NOT_FOUND', traceId });
  const [request] = spans();
  expect(request!.name).toBe('GET');
  expect(request!.parentSpanContext?.spanId).toBe('b7ad6b7169203331');
});

test('a socket event is the root of a trace of its own, named by the event, nothing of its body in it', async () => {
  exporter.reset();
  const watcher = new Watcher(env.t.url, show.presentationId);
  try {
    await watcher.subscribe();
  } finally {
    watcher.close();
  }
  expect(watcher.snapshots.length + watcher.deltas.length).toBeGreaterThan(0);
  const event = exporter.getFinishedSpans().find((s) => s.name === `socket.io ${SeatEvents.Subscribe}`)!;
  expect(event).toBeDefined();
  expect(event.kind).toBe(1); // SpanKind.SERVER
  expect(event.parentSpanContext).toBeUndefined();
  expect(event.attributes).toEqual({ 'hotline.socket.event': SeatEvents.Subscribe });
  expect(event.status.code).toBe(0);
});

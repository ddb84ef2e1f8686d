import { createRequire } from 'node:module';
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { Metrics } from './metrics';
import { PromMetrics, type HttpRouteSeries } from './prom-metrics';

/**
 * fastify's key of a request's route context, whose `config` object it makes once per route (and method) at
 * registration: the route's series are kept by that object, so an answer does not read `request.routeOptions`, a
 * getter that builds an object of a dozen fields on every read (≈ 0.3 µs). Not part of fastify's typed API: without it
 * (a fastify that renamed it) every answer reads `routeOptions`, as before; http-metrics.test.ts fails then.
 */
export const ROUTE_CONTEXT = (createRequire(__filename)('fastify/lib/symbols') as { kRouteContext?: symbol })
  .kRouteContext;
type WithRouteContext = Record<symbol, { config?: object } | undefined>;

/**
 * Every HTTP answer, by its route TEMPLATE (`/api/seats/:id`, never the URL a client typed: bounded labels); a request
 * no route matched is `unmatched`.
 *
 * Recorded where fastify already goes for every finished request: its log controller's `requestCompleted` (the
 * server's one LogController, given to fastify when it is created), after fastify stamped the end time that
 * `elapsedTime` reads. fastify calls it for every request whose response it follows, which is every request here:
 * NestJS's adapter has an onResponse hook on every route (the metrics medium test counts the answers). A hook of our
 * own would add a step to every request's hook chain; this adds one branch, and records nothing until `record` is
 * given the Prometheus adapter (metrics on).
 */
export class HttpAnswerMetrics extends LogController {
  private metrics: PromMetrics | null = null;
  /** A route context's config → its series (the 404 handler's context: `unmatched`). */
  private byRoute = new WeakMap<object, HttpRouteSeries>();

  record(metrics: Metrics): void {
    if (metrics instanceof PromMetrics) this.metrics = metrics;
    this.byRoute = new WeakMap();
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ): void {
    const metrics = this.metrics;
    if (metrics) this.seriesOf(metrics, request).observe(request.method, reply.statusCode, reply.elapsedTime / 1000);
    super.requestCompleted(error, request, reply, metadata);
  }

  private seriesOf(metrics: PromMetrics, request: FastifyRequest): HttpRouteSeries {
    const config = ROUTE_CONTEXT && (request as unknown as WithRouteContext)[ROUTE_CONTEXT]?.config;
    let series = config && this.byRoute.get(config);
    if (!series) {
      series = metrics.httpRoute(request.routeOptions.url ?? 'unmatched');
      if (config) this.byRoute.set(config, series);
    }
    return series;
  }
}

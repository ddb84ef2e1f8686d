import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
import { Metrics } from './metrics';
import { PromMetrics } from './prom-metrics';

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

  record(metrics: Metrics): void {
    if (metrics instanceof PromMetrics) this.metrics = metrics;
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ): void {
    const metrics = this.metrics;
    if (metrics)
      metrics
        .httpRoute(request.routeOptions.url ?? 'unmatched')
        .observe(request.method, reply.statusCode, reply.elapsedTime / 1000);
    super.requestCompleted(error, request, reply, metadata);
  }
}

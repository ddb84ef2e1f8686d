import type { FastifyInstance } from 'fastify';
import { Metrics } from './metrics';
import { PromMetrics } from './prom-metrics';

/**
 * Every HTTP answer, by its route TEMPLATE (`/api/seats/:id`, never the URL a client typed: bounded labels); a request
 * no route matched is `unmatched`. Nothing is installed when metrics are off. The route's series is found by the
 * template (one map lookup) and records with plain additions; `elapsedTime` reads the end time fastify stamped.
 */
export function installHttpMetrics(fastify: FastifyInstance, metrics: Metrics): void {
  if (!(metrics instanceof PromMetrics)) return;
  fastify.addHook('onResponse', (request, reply, done) => {
    metrics
      .httpRoute(request.routeOptions.url ?? 'unmatched')
      .observe(request.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}

import type { FastifyInstance } from 'fastify';
import { Metrics } from './metrics';
import { PromMetrics } from './prom-metrics';

/**
 * Every HTTP answer, by its route TEMPLATE (`/api/seats/:id`, never the URL a client typed: bounded labels); a request
 * no route matched is `unmatched`. Nothing is installed when metrics are off.
 */
export function installHttpMetrics(fastify: FastifyInstance, metrics: Metrics): void {
  if (!(metrics instanceof PromMetrics)) return;
  fastify.addHook('onResponse', (request, reply, done) => {
    metrics.httpRequest(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
}

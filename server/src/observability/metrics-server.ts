import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { LOGGER } from '../common/logger';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { Metrics } from './metrics';
import { PromMetrics } from './prom-metrics';

/**
 * `GET /metrics` on METRICS_PORT, a listener of its own: never on the public port (nginx and the storefront never
 * see it), so a scrape needs no session and the public routes need no exception. Off when METRICS_PORT is unset.
 */
@Injectable()
export class MetricsServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private server: Server | null = null;

  constructor(
    private readonly metrics: Metrics,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const metrics = this.metrics;
    if (!(metrics instanceof PromMetrics) || this.config.METRICS_PORT === undefined) return;
    const server = createServer((request, response) => {
      if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
        response.writeHead(404).end();
        return;
      }
      metrics.scrape().then(
        (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
        (err: unknown) => {
          this.logger.warn({ err }, 'metrics scrape failed');
          response.writeHead(500).end();
        },
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.config.METRICS_PORT, this.config.METRICS_HOST, () => resolve());
    });
    this.server = server;
    this.logger.info({ port: this.port() }, 'metrics listening');
  }

  /** The port it listens on (a free one when METRICS_PORT=0), or null when off. */
  port(): number | null {
    const address = this.server?.address() as AddressInfo | null | undefined;
    return address ? address.port : null;
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.metrics instanceof PromMetrics) this.metrics.stop();
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

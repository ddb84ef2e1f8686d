import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { buildVersion } from './build-version';
import { ConnectionWatch } from './connection-watch';
import { Metrics, NO_METRICS } from './metrics';
import { MetricsServer } from './metrics-server';
import { NodeHealth } from './node-health';
import { PromMetrics } from './prom-metrics';
import { RefusalTally } from './refusal-tally';

/**
 * Metrics for Prometheus (docs/operations.md). Global: every context injects the `Metrics` port. With METRICS_PORT
 * unset the port is NO_METRICS: nothing is collected, nothing listens.
 */
@Global()
@Module({
  providers: [
    {
      provide: Metrics,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): Metrics =>
        config.METRICS_PORT === undefined ? NO_METRICS : new PromMetrics(buildVersion()),
    },
    MetricsServer,
    ConnectionWatch,
    RefusalTally,
    NodeHealth,
  ],
  exports: [Metrics, RefusalTally, NodeHealth],
})
export class ObservabilityModule {}

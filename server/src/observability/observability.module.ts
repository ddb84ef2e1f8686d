import { Global, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { buildVersion } from './build-version';
import { ConnectionWatch } from './connection-watch';
import { Metrics, NO_METRICS } from './metrics';
import { NodeEventLoop } from './node-event-loop';
import { MetricsServer } from './metrics-server';
import { NodeHealth } from './node-health';
import { PromMetrics } from './prom-metrics';
import { RefusalTally } from './refusal-tally';
import { Tracing } from './tracing';
import { tracingFor } from './tracing-factory';

/**
 * Metrics for Prometheus and traces for OpenTelemetry (docs/operations.md). Global: every context injects the
 * `Metrics` and `Tracing` ports. With METRICS_PORT unset the port is NO_METRICS: nothing is collected, nothing
 * listens; with OTEL_TRACES_EXPORTER unset `Tracing` is NO_TRACING and no OpenTelemetry SDK module is loaded.
 */
@Global()
@Module({
  providers: [
    {
      provide: Metrics,
      inject: [APP_CONFIG, NodeEventLoop],
      useFactory: (config: AppConfig, eventLoop: NodeEventLoop): Metrics =>
        config.METRICS_PORT === undefined ? NO_METRICS : new PromMetrics(buildVersion(), eventLoop.delay),
    },
    NodeEventLoop,
    { provide: Tracing, inject: [APP_CONFIG], useFactory: (config: AppConfig) => tracingFor(config) },
    MetricsServer,
    ConnectionWatch,
    RefusalTally,
    NodeHealth,
  ],
  exports: [Metrics, Tracing, RefusalTally, NodeHealth],
})
export class ObservabilityModule {}

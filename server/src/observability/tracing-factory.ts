import type { AppConfig } from '../config/app-config';
import { buildVersion } from './build-version';
import { NO_TRACING, type Tracing } from './tracing';

type TracingSettings = Pick<
  AppConfig,
  | 'OTEL_TRACES_EXPORTER'
  | 'OTEL_SDK_DISABLED'
  | 'OTEL_TRACES_SAMPLER'
  | 'OTEL_TRACES_SAMPLER_ARG'
  | 'OTEL_EXPORTER_OTLP_PROTOCOL'
  | 'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL'
>;

/**
 * Traces are off unless OTEL_TRACES_EXPORTER names an exporter (the specification's default, `otlp`, is not ours:
 * an unset variable keeps them off) and OTEL_SDK_DISABLED is not `true`.
 */
export function tracesOn(config: TracingSettings): boolean {
  return (
    config.OTEL_SDK_DISABLED !== 'true' &&
    config.OTEL_TRACES_EXPORTER !== undefined &&
    config.OTEL_TRACES_EXPORTER !== 'none'
  );
}

/** NO_TRACING when off; on, the OpenTelemetry adapter, required only now (off, no SDK module is ever loaded). */
export async function tracingFor(config: TracingSettings): Promise<Tracing> {
  if (!tracesOn(config)) return NO_TRACING;
  const { OtelTracing, exporterFor, samplerFor } = await import('./otel-tracing');
  return new OtelTracing({
    exporter: await exporterFor(
      config.OTEL_TRACES_EXPORTER as 'otlp' | 'console',
      config.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? config.OTEL_EXPORTER_OTLP_PROTOCOL ?? 'http/json',
    ),
    batch: true,
    sampler: samplerFor(config),
    version: buildVersion(),
  });
}

import { z } from 'zod';

/** The OTLP protocols wired (unset: the default, `http/json`). */
const OTLP_PROTOCOL = z.preprocess((v) => (v === '' ? undefined : v), z.enum(['http/json', 'grpc']).optional());

/** The metrics endpoint's and the traces' settings (docs/operations.md), spread into the one validated AppConfig. */
export const OBSERVABILITY_CONFIG_SHAPE = {
  /**
   * The port of the Prometheus endpoint (`GET /metrics`), its own listener, never the public port. Unset = no
   * endpoint (nothing listens); 0 = a free port (tests). `npm start` sets 9464.
   */
  METRICS_PORT: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(0).max(65535).optional()),
  /** Where the metrics listener binds: the default keeps it off other machines; compose sets 0.0.0.0. */
  METRICS_HOST: z.string().default('127.0.0.1'),
  /**
   * OpenTelemetry traces (docs/operations.md, "Traces"): unset or `none` = off (no SDK is loaded); `otlp` sends
   * them over OTLP (HTTP or gRPC: OTEL_EXPORTER_OTLP_PROTOCOL) to `OTEL_EXPORTER_OTLP_ENDPOINT` (or
   * `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`); `console` prints them (development). The exporter, the service name (`OTEL_SERVICE_NAME`) and the resource
   * (`OTEL_RESOURCE_ATTRIBUTES`) read their other standard `OTEL_` variables themselves.
   */
  OTEL_TRACES_EXPORTER: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['otlp', 'console', 'none']).optional()),
  /**
   * How OTLP travels: `http/json` (the default: OTLP/HTTP with JSON bodies, port 4318) or `grpc` (OTLP/gRPC, port
   * 4317; the gRPC library is loaded only then). `http/protobuf`, the specification's default, is refused at boot:
   * it is not wired (every collector accepts the other two). OTEL_EXPORTER_OTLP_TRACES_PROTOCOL wins when set.
   */
  OTEL_EXPORTER_OTLP_PROTOCOL: OTLP_PROTOCOL,
  /** The traces' own OTEL_EXPORTER_OTLP_PROTOCOL (the standard variable), which it overrides. */
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: OTLP_PROTOCOL,
  /** The standard off switch: `true` turns traces off whatever OTEL_TRACES_EXPORTER says. */
  OTEL_SDK_DISABLED: z.enum(['true', 'false']).default('false'),
  /** Which traces are kept (the standard sampler names); the default follows a caller's `traceparent` decision. */
  OTEL_TRACES_SAMPLER: z
    .enum([
      'always_on',
      'always_off',
      'traceidratio',
      'parentbased_always_on',
      'parentbased_always_off',
      'parentbased_traceidratio',
    ])
    .default('parentbased_always_on'),
  /** The ratio of the `traceidratio` samplers, 0 to 1 (default 1). */
  OTEL_TRACES_SAMPLER_ARG: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().min(0).max(1).optional()),
};

import type { OnApplicationShutdown } from '@nestjs/common';
import {
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  TraceFlags,
  trace,
  type Context,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { defaultResource, detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ConsoleSpanExporter,
  ParentBasedSampler,
  SimpleSpanProcessor,
  TraceIdRatioBasedSampler,
  TracerProvider,
  type Sampler,
  type SpanExporter,
} from '@opentelemetry/sdk-trace';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/app-config';
import { noteTraceId } from '../common/request-id';
import { Tracing, type SpanAttributes, type SpanSpec } from './tracing';

/**
 * The OpenTelemetry adapter of the `Tracing` port (docs/operations.md, "Traces"): the only file that imports
 * OpenTelemetry, required only when traces are on (tracing-factory.ts). Nothing global is registered (no global
 * tracer provider, context manager or propagator): an application owns its provider and its context, so several
 * applications in one process (the tests) do not share spans.
 */
export interface OtelTracingOptions {
  /** Where spans go: OTLP or the console in production, an in-memory exporter in tests. */
  exporter: SpanExporter;
  /** true: spans leave in batches, off the request path; false: each as it ends (tests). */
  batch: boolean;
  sampler: Sampler;
  /** The server's version (`service.version`). */
  version: string;
}

const KIND = { client: SpanKind.CLIENT, internal: SpanKind.INTERNAL, server: SpanKind.SERVER } as const;

/**
 * A caller's W3C `traceparent` (a proxy's, a load balancer's, another service's): version 00 only, exactly 55
 * characters, lower-case hex, neither id all zeros. Anything else starts a trace of our own. `tracestate` is not
 * read (no vendor of ours uses it).
 */
const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-(0[0-9a-f]|[1-9a-f][0-9a-f])$/;
const ALL_ZEROS = /^0+$/;

export function remoteParent(header: string | string[] | undefined): Context {
  if (typeof header !== 'string' || header.length !== 55) return ROOT_CONTEXT;
  const match = TRACEPARENT.exec(header);
  if (!match || ALL_ZEROS.test(match[1]!) || ALL_ZEROS.test(match[2]!)) return ROOT_CONTEXT;
  return trace.setSpanContext(ROOT_CONTEXT, {
    traceId: match[1]!,
    spanId: match[2]!,
    traceFlags: parseInt(match[3]!, 16) & TraceFlags.SAMPLED,
    isRemote: true,
  });
}

/** What failed, bounded: a driver's code (PostgreSQL's SQLSTATE, an AppError's code) or the error's class. */
function errorType(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && code.length <= 64) return code;
  return error instanceof Error ? error.constructor.name : 'unknown';
}

/** The path without its query (a query may carry what a trace must not keep), bounded. */
const pathOf = (url: string): string => {
  const end = url.indexOf('?');
  return (end === -1 ? url : url.slice(0, end)).slice(0, 256);
};

export class OtelTracing extends Tracing implements OnApplicationShutdown {
  readonly enabled = true;
  private readonly provider: TracerProvider;
  private readonly tracer: Tracer;
  private readonly contexts = new AsyncLocalStorageContextManager().enable();
  private readonly requestSpans = new WeakMap<FastifyRequest, Span>();

  constructor(options: OtelTracingOptions) {
    super();
    // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES (envDetector) win over our defaults.
    const resource = defaultResource()
      .merge(resourceFromAttributes({ 'service.name': 'hotline-server', 'service.version': options.version }))
      .merge(detectResources({ detectors: [envDetector] }));
    this.provider = new TracerProvider({
      resource,
      sampler: options.sampler,
      spanProcessors: [
        options.batch
          ? new BatchSpanProcessor({ exporter: options.exporter })
          : new SimpleSpanProcessor({ exporter: options.exporter }),
      ],
    });
    this.tracer = this.provider.getTracer('hotline-server', options.version);
  }

  span<T>(spec: SpanSpec, work: () => Promise<T>, outcome?: (result: T) => SpanAttributes): Promise<T> {
    const parent = this.contexts.active();
    // Traces start at an HTTP request or a root: outside one, the work runs untraced.
    if (!trace.getSpan(parent)) return work();
    return this.within(parent, spec, work, outcome);
  }

  root<T>(spec: SpanSpec, work: () => Promise<T>): Promise<T> {
    return this.within(ROOT_CONTEXT, spec, work);
  }

  private async within<T>(
    parent: Context,
    spec: SpanSpec,
    work: () => Promise<T>,
    outcome?: (result: T) => SpanAttributes,
  ): Promise<T> {
    const span = this.tracer.startSpan(spec.name, { kind: KIND[spec.kind], attributes: spec.attributes }, parent);
    try {
      const result = await this.contexts.with(trace.setSpan(parent, span), work);
      if (outcome) span.setAttributes(outcome(result));
      return result;
    } catch (error) {
      span.setAttribute('error.type', errorType(error));
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  }

  wrap<A extends unknown[], R>(spec: SpanSpec, call: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
    return (...args) => this.span(spec, () => call(...args));
  }

  /**
   * HTTP server spans named `METHOD /route/template` (`http.route`; only the method when no route matched), opened
   * in an `onRequest` hook installed right after the request id's, so guards, handlers, the plain routes and their
   * awaits all run inside it. A sampled trace's id goes into the request's log lines and error answer.
   */
  traceHttp(fastify: FastifyInstance): void {
    fastify.addHook('onRequest', (request, _reply, done) => {
      const parent = remoteParent(request.headers.traceparent);
      const route = request.routeOptions.url;
      const attributes: SpanAttributes = {
        'http.request.method': request.method,
        'url.path': pathOf(request.url),
        'url.scheme': request.protocol,
      };
      if (route) attributes['http.route'] = route;
      const span = this.tracer.startSpan(
        route ? `${request.method} ${route}` : request.method,
        { kind: SpanKind.SERVER, attributes },
        parent,
      );
      this.requestSpans.set(request, span);
      const ids = span.spanContext();
      if (ids.traceFlags & TraceFlags.SAMPLED) noteTraceId(ids.traceId);
      this.contexts.with(trace.setSpan(parent, span), done);
    });
    fastify.addHook('onResponse', (request, reply, done) => {
      this.endRequest(request, reply.statusCode);
      done();
    });
    fastify.addHook('onRequestAbort', (request, done) => {
      this.endRequest(request, null);
      done();
    });
  }

  private endRequest(request: FastifyRequest, status: number | null): void {
    const span = this.requestSpans.get(request);
    if (!span) return;
    this.requestSpans.delete(request);
    if (status === null) {
      // The client went away before the answer.
      span.setAttribute('error.type', 'aborted');
      span.setStatus({ code: SpanStatusCode.ERROR });
    } else {
      span.setAttribute('http.response.status_code', status);
      // A server span is an error only for 5xx: a 4xx is the caller's mistake, answered as designed.
      if (status >= 500) {
        span.setAttribute('error.type', String(status));
        span.setStatus({ code: SpanStatusCode.ERROR });
      }
    }
    span.end();
  }

  /** Sends what is still batched before the node stops. */
  async onApplicationShutdown(): Promise<void> {
    await this.provider.shutdown();
  }
}

/** The standard sampler names (OTEL_TRACES_SAMPLER) and their ratio (OTEL_TRACES_SAMPLER_ARG). */
export function samplerFor(config: Pick<AppConfig, 'OTEL_TRACES_SAMPLER' | 'OTEL_TRACES_SAMPLER_ARG'>): Sampler {
  const ratio = () => new TraceIdRatioBasedSampler(config.OTEL_TRACES_SAMPLER_ARG ?? 1);
  switch (config.OTEL_TRACES_SAMPLER) {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'traceidratio':
      return ratio();
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: ratio() });
    default:
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
  }
}

/**
 * OTLP over HTTP with JSON or over gRPC (each exporter reads its endpoint, headers, timeout and certificates from the
 * standard OTEL_EXPORTER_OTLP_* variables itself), or stdout.
 */
export async function exporterFor(kind: 'otlp' | 'console', protocol: 'http/json' | 'grpc'): Promise<SpanExporter> {
  if (kind === 'console') return new ConsoleSpanExporter();
  if (protocol === 'http/json') return new OTLPTraceExporter();
  // OTLP/gRPC loads @grpc/grpc-js (and protobuf): only on the nodes that asked for it.
  const grpc = await import('@opentelemetry/exporter-trace-otlp-grpc');
  return new grpc.OTLPTraceExporter();
}

import type { FastifyInstance } from 'fastify';

/**
 * The port every context traces through (docs/operations.md, "Traces"): free of OpenTelemetry, like `Metrics` is
 * free of prom-client. The adapter (otel-tracing.ts) is loaded only when traces are on (tracing-factory.ts); off,
 * NO_TRACING adds nothing: `wrap` hands the call back unchanged, `span` runs the work, no HTTP hook is installed.
 *
 * Traces start at an HTTP request or at a `root` (a job's run): `span` and `wrap` record a child of the current span
 * and record nothing outside one. Attributes never carry a visitor, seat, order or card.
 */
export type SpanAttributes = Record<string, string | number | boolean>;

export interface SpanSpec {
  /** Named by OpenTelemetry's semantic conventions (spans.ts). */
  name: string;
  /**
   * `client`: a call to another system (Redis, PostgreSQL, the payment provider); `internal`: work in the node;
   * `server`: a message a client sent (a socket event).
   */
  kind: 'client' | 'internal' | 'server';
  attributes: SpanAttributes;
}

export abstract class Tracing {
  /** Whether spans are recorded at all (false: the no-op). */
  abstract readonly enabled: boolean;
  /**
   * Runs `work` in a child span of the current one; a throw marks the span an error (`error.type`, never the
   * message: it may hold personal data). `outcome` adds attributes read from the result (a charge's answer).
   */
  abstract span<T>(spec: SpanSpec, work: () => Promise<T>, outcome?: (result: T) => SpanAttributes): Promise<T>;
  /**
   * Runs `work` as the root span of a trace of its own, whatever is current (a job's run): the spans inside it are its
   * children. A throw marks it an error, as `span` does. Off: the work itself.
   */
  abstract root<T>(spec: SpanSpec, work: () => Promise<T>): Promise<T>;
  /** The call itself when off; on, every call runs in `span(spec, …)`. Wrap once, where the call is defined. */
  abstract wrap<A extends unknown[], R>(spec: SpanSpec, call: (...args: A) => Promise<R>): (...args: A) => Promise<R>;
  /** A server span per HTTP request, Nest's routes and the plain routes alike (a fastify hook; nothing when off). */
  abstract traceHttp(fastify: FastifyInstance): void;
}

class NoTracing extends Tracing {
  readonly enabled = false;
  span<T>(_spec: SpanSpec, work: () => Promise<T>): Promise<T> {
    return work();
  }
  root<T>(_spec: SpanSpec, work: () => Promise<T>): Promise<T> {
    return work();
  }
  wrap<A extends unknown[], R>(_spec: SpanSpec, call: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
    return call;
  }
  traceHttp(): void {}
}

export const NO_TRACING: Tracing = new NoTracing();

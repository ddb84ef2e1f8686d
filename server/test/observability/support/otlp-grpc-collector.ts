import { Server, ServerCredentials, type ServiceDefinition } from '@grpc/grpc-js';

/**
 * An OTLP/gRPC trace collector in the test's process: a real gRPC server offering the collector's one method
 * (`opentelemetry.proto.collector.trace.v1.TraceService/Export`), keeping every request's protobuf bytes and answering
 * the empty `ExportTraceServiceResponse` (zero bytes). `spans()` decodes what it received by the OTLP protobuf schema
 * (the fields read below, by number), without a protobuf library: the wire format is read in `fields`.
 */
const EXPORT = '/opentelemetry.proto.collector.trace.v1.TraceService/Export';
const raw = (b: Buffer) => b;
const SERVICE: ServiceDefinition = {
  Export: {
    path: EXPORT,
    requestStream: false,
    responseStream: false,
    requestSerialize: raw,
    requestDeserialize: raw,
    responseSerialize: raw,
    responseDeserialize: raw,
  },
};

export interface CollectedSpan {
  name: string;
  kind: number;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  attributes: Record<string, string | number | boolean>;
  /** The resource's attributes of the batch the span came in (service.name…). */
  resource: Record<string, string | number | boolean>;
}

/** Protobuf's wire format: each field of one message, by number (varints as numbers, the rest as their bytes). */
function* fields(buf: Buffer): Generator<[number, number | Buffer]> {
  let at = 0;
  const varint = (): bigint => {
    let value = 0n;
    for (let shift = 0n; ; shift += 7n) {
      const byte = buf[at++]!;
      value |= BigInt(byte & 0x7f) << shift;
      if (byte < 0x80) return value;
    }
  };
  while (at < buf.length) {
    const key = Number(varint());
    const [field, wire] = [key >>> 3, key & 7];
    if (wire === 0) yield [field, Number(varint())];
    else if (wire === 1) yield [field, buf.subarray(at, (at += 8))];
    else if (wire === 5) yield [field, buf.subarray(at, (at += 4))];
    else if (wire === 2) {
      const length = Number(varint());
      yield [field, buf.subarray(at, (at += length))];
    } else throw new Error(`protobuf wire type ${wire} not expected in OTLP`);
  }
}
const all = (buf: Buffer, field: number) => [...fields(buf)].filter(([f]) => f === field).map(([, v]) => v as Buffer);
const one = (buf: Buffer, field: number) => [...fields(buf)].find(([f]) => f === field)?.[1];

/** `AnyValue`: string_value 1, bool_value 2, int_value 3, double_value 4 (the kinds our spans carry). */
function anyValue(buf: Buffer): string | number | boolean {
  const [[field, value]] = [...fields(buf)] as [[number, number | Buffer]];
  if (field === 1) return (value as Buffer).toString('utf8');
  if (field === 2) return value === 1;
  if (field === 3) return Number(value);
  if (field === 4) return (value as Buffer).readDoubleLE();
  throw new Error(`AnyValue field ${field} not expected`);
}
/** `KeyValue` list: key 1, value 2. */
const attributes = (kvs: Buffer[]) =>
  Object.fromEntries(kvs.map((kv) => [(one(kv, 1) as Buffer).toString('utf8'), anyValue(one(kv, 2) as Buffer)]));
const hex = (b: unknown) => (b instanceof Buffer ? b.toString('hex') : '');

export async function startOtlpGrpcCollector(): Promise<{
  url: string;
  requests: Buffer[];
  spans(): CollectedSpan[];
  close(): Promise<void>;
}> {
  const requests: Buffer[] = [];
  const server = new Server();
  server.addService(SERVICE, {
    Export: (call: { request: Buffer }, done: (error: null, response: Buffer) => void) => {
      requests.push(call.request);
      done(null, Buffer.alloc(0));
    },
  });
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (e, p) => (e ? reject(e) : resolve(p))),
  );
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    // ExportTraceServiceRequest: resource_spans 1 → ResourceSpans: resource 1 (attributes 1), scope_spans 2 →
    // ScopeSpans: spans 2 → Span: trace_id 1, span_id 2, parent_span_id 4, name 5, kind 6, attributes 9.
    spans: () =>
      requests.flatMap((request) =>
        all(request, 1).flatMap((resourceSpans) => {
          const resourceMessage = one(resourceSpans, 1);
          const resource = resourceMessage instanceof Buffer ? attributes(all(resourceMessage, 1)) : {};
          return all(resourceSpans, 2).flatMap((scopeSpans) =>
            all(scopeSpans, 2).map((span) => ({
              name: (one(span, 5) as Buffer).toString('utf8'),
              kind: Number(one(span, 6) ?? 0),
              traceId: hex(one(span, 1)),
              spanId: hex(one(span, 2)),
              parentSpanId: hex(one(span, 4)),
              attributes: attributes(all(span, 9)),
              resource,
            })),
          );
        }),
      ),
    close: () => new Promise<void>((resolve) => server.tryShutdown(() => resolve())),
  };
}

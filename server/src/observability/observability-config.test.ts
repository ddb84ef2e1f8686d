import { z } from 'zod';
import { OBSERVABILITY_CONFIG_SHAPE } from './observability-config';

/** The OTLP protocol variables (docs/operations.md, "Traces"): the two wired ones pass, the rest stop the boot. */
const parse = (env: Record<string, string>) => z.object(OBSERVABILITY_CONFIG_SHAPE).safeParse(env);

test.each([
  ['OTEL_EXPORTER_OTLP_PROTOCOL', 'grpc', 'grpc'],
  ['OTEL_EXPORTER_OTLP_PROTOCOL', 'http/json', 'http/json'],
  ['OTEL_EXPORTER_OTLP_PROTOCOL', '', undefined],
  ['OTEL_EXPORTER_OTLP_TRACES_PROTOCOL', 'grpc', 'grpc'],
])('%s=%s is read as %s', (name, value, read) => {
  const result = parse({ [name]: value });
  expect(result.success).toBe(true);
  expect((result.data as Record<string, unknown>)[name]).toBe(read);
});

test.each(['http/protobuf', 'GRPC', 'http'])('a protocol not wired (%s) is refused, naming the variable', (value) => {
  for (const name of ['OTEL_EXPORTER_OTLP_PROTOCOL', 'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL']) {
    const result = parse({ [name]: value });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.path.join('.'))).toEqual([name]);
  }
});

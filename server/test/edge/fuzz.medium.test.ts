import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import type { Client } from 'pg';
import { count, startBooking } from '../booking/support/booking-kit';
import { solveAltcha } from '../support/altcha';
import type { TestApp } from '../support/test-env';

/**
 * Property-based fuzzing of every route in our own OpenAPI document (issue 9, point 6).
 * For each operation, fast-check builds requests from its declared parameters and body
 * schema, mixed with hostile values (NUL, lone surrogates, ids past 2^31, huge numbers,
 * wrong types, long strings), and asserts: never a 5xx, an answer within the timeout,
 * the `{ error, message }` shape on every 4xx, and nothing written when refused.
 *
 * Bounded: RUNS_PER_ROUTE cases per operation (seeded, so a failure replays).
 */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 10);
const REQUEST_TIMEOUT_MS = 5_000;
const SKIP = new Set(['/api/docs', '/api/docs/json', '/api/docs-json', '/api/docs/yaml']);

type Schema = {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  pattern?: string;
  minimum?: number;
  maximum?: number;
  nullable?: boolean;
};
type Parameter = { name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema?: Schema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};

const HOSTILE_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00',
  '2147483648',
  '9007199254740993',
  '99999999999999999999999',
  '-1',
  '0',
  '1e309',
  'NaN',
  '',
  ' ',
  '../../etc/passwd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '%00',
  '{}',
  '[]',
  'null',
  'x'.repeat(5_000),
  '١٢٣',
];
const HOSTILE_NUMBERS = [2 ** 31, 2 ** 31 - 1, 2 ** 53, -(2 ** 31) - 1, -1, 0, 0.5, 1e308, -0];

const hostileString = fc.constantFrom(...HOSTILE_STRINGS);
const hostileNumber = fc.constantFrom(...HOSTILE_NUMBERS);
const anyJson = fc.jsonValue({ maxDepth: 2 });
/** Ordinary text with one character no column or encoder accepts somewhere inside. */
const poisonedString = fc
  .tuple(fc.string({ maxLength: 8 }), fc.constantFrom('\u0000', '\ud800', '\udfff'), fc.string({ maxLength: 8 }))
  .map(([a, poison, b]) => `${a}${poison}${b}`);

/** A value for `schema`: mostly shaped like it, often hostile, sometimes anything at all. */
function valueFor(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.oneof(anyJson, hostileString);
  // Hostile values twice: they are what found the 500s.
  const options: fc.Arbitrary<unknown>[] = [hostileString, hostileString, hostileNumber, fc.constant(null)];
  if (schema.enum) options.push(fc.constantFrom(...schema.enum));
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) options.push(...variants.map((v) => valueFor(v, depth + 1)));
  switch (schema.type) {
    case 'integer':
      options.push(
        fc.integer({ min: schema.minimum ?? -10, max: Math.min(schema.maximum ?? 50, 2 ** 31) }),
        fc.integer(),
      );
      break;
    case 'number':
      options.push(fc.double({ noNaN: true }), fc.integer({ min: 0, max: 500 }));
      break;
    case 'boolean':
      options.push(fc.boolean());
      break;
    case 'string':
      options.push(
        poisonedString,
        poisonedString,
        fc.string({ maxLength: 40 }),
        fc.stringMatching(/^\d{1,12}$/),
        fc.string({ unit: 'binary', maxLength: 12 }),
      );
      break;
    case 'array':
      options.push(fc.array(valueFor(schema.items, depth + 1), { maxLength: 4 }));
      break;
    case 'object':
      options.push(objectFor(schema, depth));
      break;
    default:
      options.push(anyJson);
  }
  return fc.oneof(...options);
}

/**
 * A solved bot check for the fuzzing visitor, most of the time: without it every guarded route
 * would stop at 403 and the fuzzer would never reach the code behind the guard.
 */
let fuzzVisitor = '';
let solvedToken = '';
function fieldFor(name: string, schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (name !== 'recaptchaToken') return valueFor(schema, depth);
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant(solvedToken) },
    { weight: 1, arbitrary: valueFor(schema, depth) },
  );
}

function objectFor(schema: Schema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const shape: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) shape[name] = fieldFor(name, property, depth + 1);
  return fc.record(shape, { requiredKeys: [] });
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

/** encodeURIComponent refuses lone surrogates; send them as raw (invalid UTF-8) escapes instead. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

interface FuzzRequest {
  path: string;
  query: string;
  body?: string;
}

function requestFor(template: string, operation: Operation): fc.Arbitrary<FuzzRequest> {
  const parameters = (operation.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query');
  const pathParams = parameters.filter((p) => p.in === 'path');
  const queryParams = parameters.filter((p) => p.in === 'query');
  const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
  return fc.record(
    {
      path: fc.tuple(...pathParams.map((p) => valueFor(p.schema)), fc.constant(null)).map((values) => {
        let path = template;
        pathParams.forEach((p, i) => (path = path.replace(`{${p.name}}`, encode(text(values[i])) || 'x')));
        return path;
      }),
      query: fc
        .tuple(
          ...queryParams.map((p) => fc.option(fieldFor(p.name, p.schema), { nil: undefined, freq: 3 })),
          fc.constant(undefined),
        )
        .map((values) =>
          queryParams
            .map((p, i) => (values[i] === undefined ? null : `${encode(p.name)}=${encode(text(values[i]))}`))
            .filter((pair): pair is string => pair !== null)
            .join('&'),
        ),
      body: bodySchema
        ? fc.oneof(
            { weight: 4, arbitrary: valueFor(bodySchema).map((v) => JSON.stringify(v) ?? 'null') },
            { weight: 1, arbitrary: fc.constantFrom('{', '{"a":', '\u0000', '[]'.repeat(3000), '"\\ud800"') },
          )
        : fc.constant(undefined),
    },
    { requiredKeys: ['path', 'query'] },
  );
}

let env: Awaited<ReturnType<typeof startBooking>>;
let t: TestApp;
let sql: Client;
let operations: { method: string; path: string; operation: Operation }[] = [];

beforeAll(async () => {
  env = await startBooking();
  ({ t, sql } = env);
  fuzzVisitor = randomUUID();
  solvedToken = await solveAltcha(t.url, fuzzVisitor);
  const document = (await (await fetch(`${t.url}/api/docs/json`)).json()) as {
    paths: Record<string, Record<string, Operation>>;
  };
  operations = Object.entries(document.paths)
    .filter(([path]) => !SKIP.has(path))
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
    );
});
afterAll(() => env.close());

/** Everything a refused request must leave as it was: rows that money, carts and seats write, and the seat state version. */
async function state(): Promise<string> {
  const tables = [
    'cart',
    'reservation',
    'reservation_ticket',
    'sandbox_payment_form',
    'sandbox_card_authorisation',
    'sandbox_charge',
  ];
  const rows: number[] = [];
  for (const table of tables) rows.push(await count(sql, `SELECT count(*) FROM ${table}`));
  const seats = await fetch(`${t.url}/api/seats/seats-status?presentationId=1`, { headers: { uuid: randomUUID() } });
  const { version } = (await seats.json()) as { version: number };
  return JSON.stringify({ rows, version });
}

test('the OpenAPI document lists every route with its inputs', () => {
  const listed = operations.map((o) => `${o.method} ${o.path}`);
  expect(listed.length).toBeGreaterThanOrEqual(25);
  for (const route of [
    'POST /api/cart',
    'POST /api/payment/commit',
    'PUT /api/seats/lock-seat',
    'GET /api/seats/best-available',
    'GET /api/presentations/{id}',
  ])
    expect(listed).toContain(route);
  const commit = operations.find((o) => o.method === 'POST' && o.path === '/api/payment/commit')!;
  expect(commit.operation.requestBody?.content?.['application/json']?.schema?.properties).toHaveProperty('cart');
  const best = operations.find((o) => o.path === '/api/seats/best-available')!;
  expect(best.operation.parameters?.map((p) => p.name)).toEqual(expect.arrayContaining(['presentationId', 'quantity']));
});

test('every route: no 5xx, no hang, the error shape, nothing changed on refusal', async () => {
  const failures: string[] = [];
  for (const { method, path, operation } of operations) {
    await fc
      .assert(
        fc.asyncProperty(requestFor(path, operation), async (request) => {
          const before = await state();
          const url = `${t.url}${request.path}${request.query ? `?${request.query}` : ''}`;
          const response = await fetch(url, {
            method,
            headers: {
              uuid: fuzzVisitor,
              ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
            },
            body: request.body,
            signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
          });
          const body = await response.text();
          const label = `${method} ${url.slice(t.url.length, 300)} -> ${response.status} ${body.slice(0, 200)}`;
          if (response.status >= 500) throw new Error(`server error: ${label}`);
          if (response.status >= 400 && response.status < 500) {
            if ((response.headers.get('content-type') ?? '').includes('json')) {
              const parsed = JSON.parse(body) as { error?: unknown; message?: unknown };
              if (typeof parsed.error !== 'string' || typeof parsed.message !== 'string')
                throw new Error(`error shape: ${label}`);
            } else if (!path.startsWith('/api/payment/sandbox/')) {
              // Only the sandbox card page answers HTML (its own error page).
              throw new Error(`not JSON: ${label}`);
            }
            if ((await state()) !== before) throw new Error(`refused but changed state: ${label}`);
          }
        }),
        { numRuns: RUNS_PER_ROUTE, seed: 2026, endOnFailure: true },
      )
      .catch((error: Error) =>
        failures.push(`${method} ${path}: ${error.message.split('\n').slice(0, 6).join(' | ')}`),
      );
  }
  expect(failures).toEqual([]);
}, 170_000);

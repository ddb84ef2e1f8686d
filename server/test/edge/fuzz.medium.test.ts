import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import type { Client } from 'pg';
import { startBooking } from '../booking/support/booking-kit';
import { signedIn } from '../backoffice/support/staff-kit';
import { customerClient, logIn } from '../customers/support/customer-kit';
import { MEMBER } from '../holds/support/hold-kit';
import { solveAltcha } from '../support/altcha';
import type { TestApp } from '../support/test-env';
import { GENERATED } from '../../src/api-docs/declared-responses';
import { SeatStore } from '../../src/seats/seat-store.port';

/**
 * Property-based fuzzing of every route in our own OpenAPI document.
 * For each operation, fast-check builds requests from its declared parameters and body
 * schema, mixed with hostile values (NUL, lone surrogates, blank and unicode path keys, ids past 2^31,
 * huge and negative numbers, SQL-ish text, wrong types, missing fields), and asserts: never a 5xx, an
 * answer within the timeout, the `{ error, message }` shape on every 4xx, and nothing written when refused.
 *
 * Three callers, so the handlers behind the guards are reached too: anonymous (every operation), a staff
 * session holding every permission (every operation), and a logged-in member customer (the operations that
 * answer an anonymous caller 401 CUSTOMER_NOT_LOGGED_IN, and the customer area). Besides the random cases,
 * every path parameter of every operation gets each of PATH_EDGES once, per caller (the one 500 this fuzzing found was
 * `GET /api/mini-site/%20`, one blank path key in 6,894 random requests).
 *
 * Bounded: RUNS_PER_ROUTE cases per operation and caller (seeded, so a failure replays).
 */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 10);
const REQUEST_TIMEOUT_MS = 5_000;

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
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
};

/** Every path parameter of every operation gets each of these once, per caller (deterministic). */
const PATH_EDGES = [
  ' ',
  '   ',
  '\t',
  '%20',
  ' 1 ',
  'ü',
  'שלום',
  '😀',
  '１２',
  '-1',
  '-2147483649',
  '99999999999999999999999',
  '1.5',
  '1e3',
  'true',
  "1' OR '1'='1",
  '1; DROP TABLE reservation --',
];

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
  '%20',
  ' x ',
  '😀',
  '1; DROP TABLE reservation --',
  '-2147483649',
  'true',
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

/**
 * Every answer is also checked against the document by the server under test (VALIDATE_RESPONSES, on in every
 * medium test: src/api-docs/response-validation.ts): an undeclared status or a body not matching its schema comes
 * back as a 500 RESPONSE_NOT_AS_DECLARED, which fails the pass like any 5xx. Counted here per status class.
 */
const answered: Record<string, number> = {};

let env: Awaited<ReturnType<typeof startBooking>>;
let t: TestApp;
let sql: Client;
let documented: string[] = [];
let operations: { method: string; path: string; operation: Operation }[] = [];

const label = (o: { method: string; path: string }) => `${o.method} ${o.path}`;

/** A caller: the cookies it sends, and how to get its session back when a request ended it (sign-out, log-out). */
interface Caller {
  name: 'anonymous' | 'staff' | 'customer';
  cookie: string;
  /** The session cookie's name, if any: a response that sets it (ended or replaced the session) renews it. */
  session?: string;
  renew?: () => Promise<string>;
  /** The error a caller without this session gets: never expected while fuzzing with it. */
  refusedUnsigned?: string;
}
const anonymous: Caller = { name: 'anonymous', cookie: '' };
const staff: Caller = {
  name: 'staff',
  cookie: '',
  session: 'staff_session',
  refusedUnsigned: 'STAFF_NOT_SIGNED_IN',
  // The admin holds every permission and both businesses.
  renew: async () => (await signedIn(t.url, sql, 'admin')).sessionCookie,
};
const customer: Caller = {
  name: 'customer',
  cookie: '',
  session: 'customer_session',
  refusedUnsigned: 'CUSTOMER_NOT_LOGGED_IN',
  renew: async () => {
    const client = customerClient(t.url, fuzzVisitor);
    await logIn(client, sql, MEMBER);
    return client.cookieHeader();
  },
};
/** What each caller was sent: the test compares these with the document. */
const fuzzed = { anonymous: new Set<string>(), staff: new Set<string>(), customer: new Set<string>() };
/** Requests sent per caller, and those a session caller saw refused for want of its session (should be none). */
const sent = { anonymous: 0, staff: 0, customer: 0 };
const unsigned: string[] = [];

beforeAll(async () => {
  // Sign-ins and log-ins happen again whenever a fuzzed request ends a session: no login limit may get in the way.
  env = await startBooking({
    CUSTOMER_OTP_SENDS_PER_MOBILE_HOUR: '10000',
    CUSTOMER_OTP_SENDS_PER_IP_HOUR: '100000',
    STAFF_LOCKOUT_ATTEMPTS: '100',
  });
  ({ t, sql } = env);
  fuzzVisitor = randomUUID();
  solvedToken = await solveAltcha(t.url, fuzzVisitor);
  const document = (await (await fetch(`${t.url}/api/docs/json`)).json()) as {
    paths: Record<string, Record<string, Operation>>;
  };
  const all = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );
  documented = all.map(label).sort();
  operations = all;
  staff.cookie = await staff.renew!();
  customer.cookie = await customer.renew!();
  // The seat state of presentation 1 is built by its first seats-status call; from then on state() reads its version.
  await (await fetch(`${t.url}/api/seats/seats-status?presentationId=1`, { headers: { uuid: randomUUID() } })).json();
  expect(await t.app.get(SeatStore).currentVersion(1)).toEqual(expect.any(Number));
  // Past the app's own start-up report (150 s, test-env.ts), which names the step a slow start is in; 60 s ran out at a
  // load average of 32 with the start itself still going.
}, 180_000);
afterAll(() => env.close());

/** Everything a refused request must leave as it was: rows that money, carts and seats write, and the seat state version. */
async function state(): Promise<string> {
  // Named, so PostgreSQL plans it once for the ~6,500 reads instead of once per read (its CPU here: 8.2 -> 5.6 s).
  const { rows } = await sql.query({
    name: 'fuzz-state',
    text: `SELECT (SELECT count(*) FROM cart) AS cart, (SELECT count(*) FROM reservation) AS reservation,
            (SELECT count(*) FROM reservation_ticket) AS tickets, (SELECT count(*) FROM sandbox_payment_form) AS forms,
            (SELECT count(*) FROM sandbox_card_authorisation) AS authorisations,
            (SELECT count(*) FROM sandbox_charge) AS charges,
            (SELECT count(*) FROM reservation WHERE state = 'cancelled') AS cancelled,
            (SELECT count(*) FROM reservation_ticket WHERE status = 'live') AS live`,
  });
  // The seat state's own version, read from the store: the whole seats-status answer fetched and parsed after each of
  // the ~6,500 fuzzed requests was a fifth of the file's CPU (66 -> 53 CPU-s), and that shared answer may even lag the
  // version while seats change.
  const version = await t.app.get(SeatStore).currentVersion(1);
  return JSON.stringify({ ...rows[0], version });
}

/**
 * One request as `caller`: throws on a 5xx, a 4xx without the error shape, or a refusal that changed state. The
 * state before is the state after the previous request (nothing else writes meanwhile), so each request costs one
 * state read.
 */
let lastState = '';
async function send(caller: Caller, method: string, template: string, request: FuzzRequest): Promise<void> {
  if (!lastState) lastState = await state();
  const url = `${t.url}${request.path}${request.query ? `?${request.query}` : ''}`;
  const response = await fetch(url, {
    method,
    headers: {
      uuid: fuzzVisitor,
      ...(caller.cookie ? { cookie: caller.cookie } : {}),
      ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: request.body,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const body = await response.text();
  const after = await state();
  const before = lastState;
  lastState = after;
  if (caller.session && response.headers.getSetCookie().some((c) => c.startsWith(`${caller.session}=`)))
    caller.cookie = await caller.renew!();
  const what = `${caller.name}: ${method} ${url.slice(t.url.length, 300)} -> ${response.status} ${body.slice(0, 200)}`;
  sent[caller.name] += 1;
  if (caller.refusedUnsigned && body.includes(`"error":"${caller.refusedUnsigned}"`)) unsigned.push(what);
  if (response.status >= 500) throw new Error(`server error: ${what}`);
  const kind = `${Math.floor(response.status / 100)}xx`;
  answered[kind] = (answered[kind] ?? 0) + 1;
  if (response.status >= 400) {
    if ((response.headers.get('content-type') ?? '').includes('json')) {
      const parsed = JSON.parse(body) as { error?: unknown; message?: unknown };
      if (typeof parsed.error !== 'string' || typeof parsed.message !== 'string')
        throw new Error(`error shape: ${what}`);
    } else if (!template.startsWith('/api/payment/sandbox/')) {
      // Only the sandbox card page answers HTML (its own error page).
      throw new Error(`not JSON: ${what}`);
    }
    if (after !== before) throw new Error(`refused but changed state: ${what}`);
  }
}

/** Random cases for every operation, then each path edge value in every path parameter, as `caller`. */
async function fuzzAs(caller: Caller, ops: typeof operations): Promise<string[]> {
  const failures: string[] = [];
  for (const { method, path, operation } of ops) {
    fuzzed[caller.name].add(`${method} ${path}`);
    await fc
      .assert(
        fc.asyncProperty(requestFor(path, operation), (request) => send(caller, method, path, request)),
        { numRuns: RUNS_PER_ROUTE, seed: 2026, endOnFailure: true },
      )
      .catch((error: Error) => failures.push(`${error.message.split('\n').slice(0, 6).join(' | ')}`));
    const names = (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
    if (names.length === 0) continue;
    for (const edge of PATH_EDGES) {
      let url = path;
      for (const name of names) url = url.replace(`{${name}}`, encode(edge));
      const body = operation.requestBody ? '{}' : undefined;
      await send(caller, method, path, { path: url, query: '', body }).catch((error: Error) =>
        failures.push(error.message),
      );
    }
  }
  return failures;
}

test('the OpenAPI document lists every route with its inputs', () => {
  expect(documented.length).toBeGreaterThanOrEqual(100);
  for (const route of [
    'POST /api/cart',
    'POST /api/payment/commit',
    'PUT /api/seats/lock-seat',
    'GET /api/seats/best-available',
    'GET /api/presentations/{id}',
    'GET /api/mini-site/{url}',
    'GET /api/backoffice/holds',
    'GET /api/customer-area/holds',
  ])
    expect(documented).toContain(route);
  const commit = operations.find((o) => o.method === 'POST' && o.path === '/api/payment/commit')!;
  expect(commit.operation.requestBody?.content?.['application/json']?.schema?.properties).toHaveProperty('cart');
  const best = operations.find((o) => o.path === '/api/seats/best-available')!;
  expect(best.operation.parameters?.map((p) => p.name)).toEqual(expect.arrayContaining(['presentationId', 'quantity']));
});

test('every parameter a path templates is declared by its operation, as a required path parameter', () => {
  const undeclared = operations.flatMap(({ method, path, operation }) =>
    [...path.matchAll(/\{([^}]+)\}/g)]
      .map((m) => m[1]!)
      .filter((name) => !operation.parameters?.some((p) => p.in === 'path' && p.name === name && p.required))
      .map((name) => `${method} ${path}: {${name}}`),
  );
  expect(undeclared).toEqual([]);
});

test('every operation declares its success answer and the error shape, with schemas generated from the handlers', () => {
  const missing = operations.flatMap(({ method, path, operation }) => {
    const responses = operation.responses ?? {};
    const success = Object.entries(responses).find(([code]) => /^2\d\d$/.test(code));
    const problems: string[] = [];
    if (!success?.[1].content) problems.push('no success body');
    if (!responses['4XX']?.content?.['application/json']) problems.push('no 4XX error shape');
    return problems.map((p) => `${method} ${path}: ${p}`);
  });
  expect(missing).toEqual([]);
  // The answer check the server runs in the tests finds each operation by method and path: the same as the document's.
  const served = operations.map((o) => `${o.operation.operationId} ${o.method} ${o.path}`).sort();
  const generated = Object.entries(GENERATED.operations)
    .filter(([, g]) => documented.includes(`${g.method} ${g.path}`) || !g.path.startsWith('/api/holds/test'))
    .map(([id, g]) => `${id} ${g.method} ${g.path}`)
    .sort();
  expect(generated).toEqual(served);
  const lock = operations.find((o) => o.method === 'PUT' && o.path === '/api/seats/lock-seat')!;
  expect(lock.operation.responses?.['200']?.content?.['application/json']?.schema).toEqual({
    $ref: '#/components/schemas/LockSeatResponse',
  });
});

test('no header is declared required: the language and the queue ticket are optional, as the routes treat them', () => {
  const required = operations.flatMap(({ method, path, operation }) =>
    (operation.parameters ?? [])
      .filter((p) => p.in === 'header' && p.required)
      .map((p) => `${method} ${path}: ${p.name}`),
  );
  expect(required).toEqual([]);
});

test('a method a route does not have is a 405 naming the ones it has; a path nobody serves stays a 404', async () => {
  const ask = (method: string, path: string) =>
    fetch(`${t.url}${path}`, { method, headers: { uuid: randomUUID(), 'accept-language': 'en' } });
  const wrong = await ask('DELETE', '/api/payment/commit');
  expect(wrong.status).toBe(405);
  expect(wrong.headers.get('allow')).toBe('POST');
  expect(await wrong.json()).toEqual({
    error: 'METHOD_NOT_ALLOWED',
    message: 'Method not allowed.',
    requestId: expect.any(String),
  });
  const read = await ask('PUT', '/api/presentations/1');
  expect(read.status).toBe(405);
  expect(read.headers.get('allow')).toBe('GET, HEAD');
  expect((await ask('GET', '/api/no-such-thing')).status).toBe(404);
});

test('the blank mini-site key is a 404 in the caller language, not a 500', async () => {
  for (const [path, lang] of [
    ['/api/mini-site/%20', 'en'],
    ['/api/mini-site/%20%20?lang=he', 'he'],
    ['/api/mini-site/%20/validate?ticketIds=1', 'en'],
  ] as const) {
    const r = await fetch(`${t.url}${path}`, { headers: { uuid: fuzzVisitor, 'accept-language': lang } });
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
    const body = (await r.json()) as { error: string; message: string };
    expect(body.error).toEqual(expect.any(String));
    expect(body.message).toEqual(expect.any(String));
    if (lang === 'he') expect(body.message).toMatch(/[\u0590-\u05FF]/);
    else expect(body.message).toMatch(/^[\x20-\x7E]+$/);
  }
});

/**
 * A pass is thousands of requests one after another (each with its own 5 s hang limit, REQUEST_TIMEOUT_MS): its total
 * time follows the machine's load (a pass went past 120 s at a load average of 16 on 2026-11-27), so its own limit is
 * a backstop, not a speed check.
 */
const FUZZ_PASS_TIMEOUT_MS = 300_000;

describe('every operation of the OpenAPI document: no 5xx, no hang, the error shape, nothing changed on refusal', () => {
  test(
    'anonymous',
    async () => {
      expect(await fuzzAs(anonymous, operations)).toEqual([]);
    },
    FUZZ_PASS_TIMEOUT_MS,
  );

  test(
    'with a staff session holding every permission',
    async () => {
      expect(await fuzzAs(staff, operations)).toEqual([]);
      // The session is still alive: staff handlers were reached, not just the guard's 401.
      const me = await fetch(`${t.url}/api/backoffice/me`, { headers: { uuid: fuzzVisitor, cookie: staff.cookie } });
      expect(me.status).toBe(200);
    },
    FUZZ_PASS_TIMEOUT_MS,
  );

  test(
    'with a logged-in member customer on the customer routes',
    async () => {
      // Customer routes: those that turn an anonymous caller away for want of a customer login, and the customer area.
      const customerRoutes: typeof operations = [];
      for (const o of operations) {
        const path = o.path.replace(/\{[^}]+\}/g, 'X1');
        const r = await fetch(`${t.url}${path}`, {
          method: o.method,
          headers: { uuid: fuzzVisitor, ...(o.operation.requestBody ? { 'content-type': 'application/json' } : {}) },
          body: o.operation.requestBody ? '{}' : undefined,
        });
        const body = (await r.json().catch(() => ({}))) as { error?: string };
        if (o.path.startsWith('/api/customer-area/') || (r.status === 401 && body.error === 'CUSTOMER_NOT_LOGGED_IN'))
          customerRoutes.push(o);
      }
      lastState = '';
      for (const route of [
        'GET /api/customer-area/holds',
        'POST /api/reservations/{id}/cancel',
        'POST /api/system-vouchers/{ref}/cancel',
      ])
        expect(customerRoutes.map(label)).toContain(route);
      expect(await fuzzAs(customer, customerRoutes)).toEqual([]);
    },
    FUZZ_PASS_TIMEOUT_MS,
  );

  test('what was fuzzed is exactly the OpenAPI document: a new route is fuzzed without a line here', () => {
    expect([...fuzzed.anonymous].sort()).toEqual(documented);
    expect([...fuzzed.staff].sort()).toEqual(documented);
    expect(fuzzed.customer.size).toBeGreaterThanOrEqual(3);
    for (const route of fuzzed.customer) expect(documented).toContain(route);
    // The sessions held all along: every staff and customer request reached past the login check.
    expect(unsigned).toEqual([]);
    expect(sent.staff).toBeGreaterThanOrEqual(documented.length * RUNS_PER_ROUTE);
    // Answers were checked against declared schemas, successes among them (not only refusals).
    expect(answered['2xx']).toBeGreaterThanOrEqual(100);
    process.stdout.write(
      `fuzzed ${JSON.stringify(sent)} requests over ${documented.length} operations; answers by class, each checked against the document: ${JSON.stringify(answered)}\n`,
    );
  });
});

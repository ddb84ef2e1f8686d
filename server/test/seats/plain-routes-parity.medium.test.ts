import { OnSales } from '../../src/queue/on-sales';
import { QueueService } from '../../src/queue/queue.service';
import { RefusalTally } from '../../src/observability';
import { startTestApp, type TestApp } from '../support/test-env';
import { tokenFor } from './support/bot-check-double';
import { joinTokenFor } from './support/bot-check-join-double';
import { loadPlan, seatInput, visitor, type PlanInfo } from './support/seat-kit';

// The seat double's tokens, and the queue join's harder proof without solving it (support/bot-check-join-double.ts).
jest.mock('../../src/botcheck/botcheck.module', () => jest.requireActual('./support/bot-check-join-double'));

/**
 * lock-seat, unlock-seat, best-available and the queue join are served plainly (common/plain-route.ts), outside
 * Nest's per-request pipeline. This runs the real routes both ways, on two apps with identical data (each its own copy
 * of the demo database and its own Redis prefix), with the same requests in the same order, and compares status, body
 * (the per-request id and the clock's instants aside) and headers, cookies included, for a table of good and bad
 * inputs.
 */
let plain: TestApp;
let nest: TestApp;
let cinema: PlanInfo; // presentation 1: reserved, couches in row 11
let arena: PlanInfo; // presentation 29: GA floor sections + reserved stands

/**
 * Neither app runs its own admission ticker: the queue test admits by hand, and a tick between the two apps' answers
 * (one app admitting the visitor between its two joins, the other not) made the same requests answer differently
 * under load (a fresh-clone CI run, 2026-11-30).
 */
const NO_TICKER = { QUEUE_TICK_MS: '0' };

beforeAll(async () => {
  [plain, nest] = await Promise.all([
    startTestApp(NO_TICKER),
    startTestApp(NO_TICKER, undefined, [], { plainRoutes: false }),
  ]);
  [cinema, arena] = await Promise.all([loadPlan(plain.url, 1), loadPlan(plain.url, 29)]);
}, 120_000);
afterAll(async () => {
  await Promise.all([plain?.close(), nest?.close()]);
});

interface Request {
  method: 'PUT' | 'GET' | 'POST';
  path: string;
  visitor: string;
  body?: unknown;
  headers?: Record<string, string>;
}

interface Answer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

/** Headers that differ per request or per connection whoever serves it. */
const PER_REQUEST_HEADERS = new Set(['date', 'x-request-id', 'connection', 'keep-alive', 'content-length']);
/**
 * Fields of the moment: two apps lock at different instants, a state version starts from the clock, and the waiting
 * room's signed ticket and pass carry their instant.
 */
const INSTANTS = new Set([
  'expiresAt',
  'currentTime',
  'timeInSeconds',
  'version',
  'serverTime',
  'saleStartsAt',
  'admittedUntil',
  'ticket',
  'pass',
]);

/** A Set-Cookie line with its value (a signed pass, different per app) and Max-Age digits masked, attributes kept. */
const cookieShape = (line: string): string =>
  line.replace(/^([^=]+)=[^;]*/, '$1=<value>').replace(/Max-Age=\d+/, (m) => (m === 'Max-Age=0' ? m : 'Max-Age=<n>'));

function normalised(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalised);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'requestId')
      .map(([key, v]) => [key, INSTANTS.has(key) ? typeof v : normalised(v)]),
  );
}

async function send(base: string, r: Request): Promise<Answer> {
  const headers: Record<string, string> = { uuid: r.visitor, ...r.headers };
  if (r.body !== undefined && !('content-type' in headers)) headers['content-type'] = 'application/json';
  const response = await fetch(`${base}${r.path}`, {
    method: r.method,
    headers,
    body: r.body === undefined ? undefined : typeof r.body === 'string' ? r.body : JSON.stringify(r.body),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* not JSON: compared as text */
  }
  const kept = [...response.headers.entries()].filter(
    ([name]) => !PER_REQUEST_HEADERS.has(name) && name !== 'set-cookie',
  );
  const cookies = response.headers.getSetCookie();
  if (cookies.length) kept.push(['set-cookie', cookies.map(cookieShape).join(' | ')]);
  return { status: response.status, body: normalised(body), headers: Object.fromEntries(kept.sort()) };
}

/** Runs the steps on both apps in turn and expects the same answers; returns the plain app's. */
async function both(steps: Request[]): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (const step of steps) {
    const [viaPlain, viaNest] = [await send(plain.url, step), await send(nest.url, step)];
    expect({ step: `${step.method} ${step.path}`, ...viaPlain }).toEqual({
      step: `${step.method} ${step.path}`,
      ...viaNest,
    });
    answers.push(viaPlain);
  }
  return answers;
}

const lockBody = (v: string, seat: unknown) => ({ recaptchaToken: tokenFor(v), seat });
const reserved = (info: PlanInfo, nth: number) => {
  const seat = info.seats.filter((s) => !s.features.includes(1))[nth]!;
  return seatInput(info, seat.VenueSectionId, seat.XCoordinate, seat.YCoordinate);
};
/** A general-admission floor section of the arena. */
const GA_SECTION = 6;

describe('the hot seat routes answer the same served plainly and through Nest', () => {
  test('lock, lock again, a rival, unlock: the good path and its refusals', async () => {
    const [me, rival] = [visitor(), visitor()];
    const seat = reserved(cinema, 40);
    const answers = await both([
      { method: 'PUT', path: '/api/seats/lock-seat', visitor: me, body: lockBody(me, seat) },
      { method: 'PUT', path: '/api/seats/lock-seat', visitor: me, body: lockBody(me, seat) },
      { method: 'PUT', path: '/api/seats/lock-seat?lang=en', visitor: rival, body: lockBody(rival, seat) },
      { method: 'PUT', path: '/api/seats/unlock-seat', visitor: rival, body: lockBody(rival, seat) },
      { method: 'PUT', path: '/api/seats/unlock-seat', visitor: me, body: lockBody(me, seat) },
      { method: 'PUT', path: '/api/seats/unlock-seat', visitor: me, body: lockBody(me, seat) },
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 409, 403, 200, 200]);
  });

  test('general admission: the server picks the place; unlock without a place frees the latest', async () => {
    const me = visitor();
    const ga = seatInput(arena, GA_SECTION, null, null);
    const answers = await both([
      { method: 'PUT', path: '/api/seats/lock-seat', visitor: me, body: lockBody(me, ga) },
      { method: 'PUT', path: '/api/seats/unlock-seat', visitor: me, body: lockBody(me, ga) },
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
  });

  test('best-available: finding, locking, and what it refuses', async () => {
    const me = visitor();
    const q = (extra: string) => `/api/seats/best-available?recaptchaToken=${tokenFor(me)}&${extra}`;
    const answers = await both([
      { method: 'GET', path: q('presentationId=1&quantity=2'), visitor: me },
      { method: 'GET', path: q('presentationId=1&quantity=2&isLock=1'), visitor: me },
      { method: 'GET', path: q(`presentationId=29&quantity=3&sectionId=${GA_SECTION}`), visitor: me },
      { method: 'GET', path: q('presentationId=1&quantity=abc'), visitor: me },
      { method: 'GET', path: q('presentationId=1&quantity=1000'), visitor: me },
      { method: 'GET', path: q('quantity=2'), visitor: me },
      { method: 'GET', path: q('presentationId=999999&quantity=2'), visitor: me },
      { method: 'GET', path: q('presentationId=1&quantity=2&sectionId=999999&lang=ru'), visitor: me },
      { method: 'GET', path: '/api/seats/best-available?presentationId=1&quantity=2', visitor: me },
    ]);
    expect(answers[0]!.status).toBe(200);
    expect(answers.slice(3).every((a) => a.status >= 400 && a.status < 500)).toBe(true);
  });

  test('control: the comparison sees a difference in the body text or a header (the normalising hides neither)', async () => {
    const v = visitor();
    const bad = { method: 'PUT' as const, path: '/api/seats/lock-seat', visitor: v, body: { seat: 1 } };
    const he = await send(plain.url, bad);
    const ru = await send(nest.url, { ...bad, path: `${bad.path}?lang=ru` });
    expect(he.status).toBe(ru.status);
    expect(he.body).not.toEqual(ru.body);
    const ok = await send(plain.url, { ...bad, headers: { 'x-request-id': 'same' } });
    // Headers are compared, not dropped: the security and caching headers are part of the answer.
    expect(Object.keys(ok.headers)).toEqual(expect.arrayContaining(['cache-control', 'content-security-policy']));
  });

  const me = visitor();
  const good = () => reserved(cinema, 41);
  test.each<[string, () => Request]>([
    ['no body', () => ({ method: 'PUT', path: '/api/seats/lock-seat', visitor: me })],
    ['a body that is not JSON', () => ({ method: 'PUT', path: '/api/seats/lock-seat', visitor: me, body: '{"seat":' })],
    ['no seat', () => ({ method: 'PUT', path: '/api/seats/lock-seat', visitor: me, body: { recaptchaToken: 'x' } })],
    [
      'a wrong bot-check token',
      () => ({
        method: 'PUT',
        path: '/api/seats/lock-seat',
        visitor: me,
        body: { recaptchaToken: 'no', seat: good() },
      }),
    ],
    [
      'no bot-check token',
      () => ({ method: 'PUT', path: '/api/seats/lock-seat', visitor: me, body: { seat: good() } }),
    ],
    [
      'a seat that does not exist, in Arabic',
      () => ({
        method: 'PUT',
        path: '/api/seats/lock-seat',
        visitor: me,
        body: lockBody(me, { ...good(), XCoordinate: 9999 }),
        headers: { 'accept-language': 'ar' },
      }),
    ],
    [
      'a venue the presentation is not in',
      () => ({
        method: 'PUT',
        path: '/api/seats/lock-seat',
        visitor: me,
        body: lockBody(me, { ...good(), VenueId: 1e6 }),
      }),
    ],
    [
      'a section the plan does not have',
      () => ({
        method: 'PUT',
        path: '/api/seats/unlock-seat',
        visitor: me,
        body: lockBody(me, { ...good(), VenueSectionId: 999999 }),
      }),
    ],
    [
      'a presentation that does not exist',
      () => ({
        method: 'PUT',
        path: '/api/seats/lock-seat?lang=he',
        visitor: me,
        body: lockBody(me, { ...good(), PresentationId: 999999 }),
      }),
    ],
    [
      'a reserved seat without coordinates',
      () => ({
        method: 'PUT',
        path: '/api/seats/lock-seat',
        visitor: me,
        body: lockBody(me, { ...good(), XCoordinate: null }),
      }),
    ],
    [
      'a visitor id that is not a uuid',
      () => ({ method: 'PUT', path: '/api/seats/lock-seat', visitor: 'not-a-uuid', body: lockBody(me, good()) }),
    ],
    [
      'a string where a number belongs',
      () => ({
        method: 'PUT',
        path: '/api/seats/unlock-seat',
        visitor: me,
        body: lockBody(me, { ...good(), PresentationId: 'one' }),
      }),
    ],
    [
      'the wrong content type',
      () => ({
        method: 'PUT',
        path: '/api/seats/lock-seat',
        visitor: me,
        body: 'seat=1',
        headers: { 'content-type': 'text/plain' },
      }),
    ],
  ])('bad input: %s', async (_name, request) => {
    const [answer] = await both([request()]);
    expect(answer!.status).toBeGreaterThanOrEqual(400);
    expect(answer!.status).toBeLessThan(500);
  });
});

describe('the queue join answers the same served plainly and through Nest, its pass cookie included', () => {
  let pid: number;
  beforeAll(async () => {
    await Promise.all([plain, nest].map((t) => t.app.get(OnSales).refresh()));
    // The demo on-sale without a simulated line (seed/demo-on-sale.ts), the same id in both copies of the database.
    pid = plain.app
      .get(OnSales)
      .allQueued()
      .find((r) => r.demoLineAhead === 0)!.presentationId;
    expect(nest.app.get(OnSales).queued(pid)).toBeTruthy();
  });
  const join = (v: string, token: unknown, extra = ''): Request => ({
    method: 'POST',
    path: `/api/queue/${pid}/join${extra}`,
    visitor: v,
    body: { recaptchaToken: token },
  });

  test('join, join again, admitted, join again: the place, then the pass and its cookie', async () => {
    const me = visitor();
    const [first, again] = await both([join(me, joinTokenFor(me, pid)), join(me, joinTokenFor(me, pid), '?lang=en')]);
    expect([first!.status, again!.status]).toEqual([201, 201]);
    // normalised: the pass is its type here (null: 'object').
    expect(first!.body).toMatchObject({ state: 'waiting', pass: 'object' });
    expect(first!.headers['set-cookie']).toBeUndefined();
    // An admission run on each app lets the only visitor in this line out.
    for (const t of [plain, nest]) {
      const rule = t.app.get(OnSales).queued(pid)!;
      expect((await t.app.get(QueueService).admit(rule, Date.now() + 2_000)).visitors).toContain(me);
    }
    const [admitted] = await both([join(me, joinTokenFor(me, pid))]);
    expect(admitted!.body).toMatchObject({ state: 'admitted', pass: 'string' });
    expect(admitted!.headers['set-cookie']).toBe(
      `hotline_queue_${pid}=<value>; Path=/api; Max-Age=<n>; HttpOnly; SameSite=Lax`,
    );
  });

  test.each<[string, (me: string) => Request]>([
    ['no body', (me) => ({ method: 'POST', path: `/api/queue/${pid}/join`, visitor: me })],
    ['a body that is not JSON', (me) => ({ ...join(me, ''), body: '{"recaptchaToken":' })],
    ['no token', (me) => ({ ...join(me, ''), body: {} })],
    ['a token that is not a string, in Russian', (me) => join(me, 42, '?lang=ru')],
    ['a wrong token', (me) => join(me, 'no')],
    ['a seat-lock token (not enough work), in Arabic', (me) => join(me, tokenFor(me), '?lang=ar')],
    ['another visitor’s token', (me) => join(me, joinTokenFor(visitor(), pid))],
    [
      'a presentation id that is not a number',
      (me) => ({ ...join(me, joinTokenFor(me, pid)), path: '/api/queue/abc/join' }),
    ],
    ['a visitor id that is not a uuid', (me) => ({ ...join(me, joinTokenFor(me, pid)), visitor: 'not-a-uuid' })],
    [
      'the wrong content type',
      (me) => ({ ...join(me, ''), body: 'recaptchaToken=x', headers: { 'content-type': 'text/plain' } }),
    ],
  ])('bad input: %s', async (_name, request) => {
    const [answer] = await both([request(visitor())]);
    expect(answer!.status).toBeGreaterThanOrEqual(400);
    expect(answer!.status).toBeLessThan(500);
    expect(answer!.headers['set-cookie']).toBeUndefined();
  });

  test('the join challenge, and a bad id for it: the same answers and headers (no-store) on both', async () => {
    const me = visitor();
    const [answer, bad] = await both([
      { method: 'GET', path: `/api/queue/${pid}/challenge`, visitor: me },
      { method: 'GET', path: '/api/queue/abc/challenge?lang=ru', visitor: me },
    ]);
    expect(answer!.status).toBe(200);
    expect(answer!.headers['cache-control']).toBe('no-store');
    expect(bad!.status).toBe(400);
  });

  test('a presentation without a line: the answer that says so, on both', async () => {
    const me = visitor();
    const [answer] = await both([{ ...join(me, joinTokenFor(me, pid)), path: '/api/queue/1/join' }]);
    expect(answer!.status).toBe(201);
  });

  test('a refused join is counted in the control room on both (the route filter ran)', async () => {
    const counted = async (t: TestApp) =>
      (await t.app.get(RefusalTally).recent(pid, 2)).find((r) => r.kind === 'queue' && r.reason === 'invalid_captcha')
        ?.count ?? 0;
    const before = await Promise.all([counted(plain), counted(nest)]);
    const me = visitor();
    const [answer] = await both([join(me, tokenFor(me))]);
    expect(answer!.status).toBe(403);
    // The filter counts without holding the answer back: awaited until it lands, never slept for.
    let after = before;
    for (let i = 0; i < 500 && (after[0] === before[0] || after[1] === before[1]); i++) {
      await new Promise((resolve) => setImmediate(resolve));
      after = await Promise.all([counted(plain), counted(nest)]);
    }
    expect([after[0] - before[0], after[1] - before[1]]).toEqual([1, 1]);
  });
});

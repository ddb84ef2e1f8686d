import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { QueueProgressMessage, QueueRequiredBody, QueueStatusResponse } from '@hotline/shared';
import { Clock } from '../../src/common/clock';
import { OnSales } from '../../src/queue/on-sales';
import { QueueRandom } from '../../src/queue/queue-random';
import { QueueStore } from '../../src/queue/queue-store';
import { QueueService } from '../../src/queue/queue.service';
import { QueueTicker } from '../../src/queue/queue-ticker';
import { fetchAltchaChallenge, solveAltcha, solveAltchaChallenge } from '../support/altcha';
import { at } from '../support/at';
import { startTestApp, type ProviderOverride, type TestApp } from '../support/test-env';
import { ManualClock, NodeLocalBucketQueueStore, chiSquare, rule, spearman } from './support/queue-kit';
import { redisServerEnv } from '../support/redis-server-env';

/**
 * The waiting room against real PostgreSQL and Redis (docs/waiting-room.md). Time is a
 * ManualClock moved by hand and shared by every instance of a test: nothing sleeps, nothing is timed.
 */
// The machine running the suite is shared and busy: thousands of pipelined scripts get more than 2 s.
const QUEUE_ENV = { QUEUE_TICK_MS: '0', QUEUE_CONFIG_REFRESH_MS: '0', REDIS_COMMAND_TIMEOUT_MS: '15000' };

let clock: ManualClock;
let t: TestApp;

const withClock = (c: Clock, more: ProviderOverride[] = []): ProviderOverride[] => [
  { provide: Clock, useFactory: () => c },
  ...more,
];

beforeAll(async () => {
  clock = new ManualClock(Date.now());
  t = await startTestApp(QUEUE_ENV, undefined, withClock(clock));
});
afterAll(async () => {
  await t?.close();
});

/** Admission runs a second apart until `count` visitors came out (or the line is empty). */
async function admitAll(service: QueueService, r: ReturnType<typeof rule>, c: ManualClock, count: number) {
  const order: string[] = [];
  for (let run = 0; run < 100 && order.length < count; run++) {
    c.ms += 1_000;
    const result = await service.admit(r, c.ms);
    order.push(...result.visitors);
    if (result.lineLength === 0) break;
  }
  return order;
}

describe('joining and admission order', () => {
  test('10,000 visitors join after the start: one place each, admitted exactly in join order', async () => {
    const store = t.app.get(QueueStore);
    const service = t.app.get(QueueService);
    const r = rule(900_001, { saleStartsAt: clock.ms - 1_000, admitPerMinute: 600_000 });
    const visitors = Array.from({ length: 10_000 }, () => randomUUID());
    // A thousand at a time, concurrently: the join script runs in some order in Redis; its rank IS the join order.
    const joined: Awaited<ReturnType<QueueStore['join']>>[] = [];
    for (let i = 0; i < visitors.length; i += 1_000)
      joined.push(
        ...(await Promise.all(
          visitors.slice(i, i + 1_000).map((v) => store.join(r.presentationId, v, clock.ms, r.saleStartsAt, 0)),
        )),
      );
    const ranks = joined.map((s) => (s.kind === 'line' ? s.rank : -1));
    expect(new Set(ranks).size).toBe(10_000);
    expect(Math.min(...ranks)).toBe(0);
    expect(Math.max(...ranks)).toBe(9_999);

    // Joining again keeps the one place.
    const again = await Promise.all(
      visitors.slice(0, 100).map((v) => store.join(r.presentationId, v, clock.ms, r.saleStartsAt, 0)),
    );
    expect(again.every((s, i) => s.kind === 'line' && !s.created && s.rank === ranks[i])).toBe(true);
    expect(at(again, 0).lineLength).toBe(10_000);

    const joinOrder = visitors.map((v, i) => ({ v, rank: ranks[i]! })).sort((a, b) => a.rank - b.rank);
    const admitted = await admitAll(service, r, clock, 10_000);
    expect(admitted).toHaveLength(10_000);
    expect(admitted).toEqual(joinOrder.map((j) => j.v));
  });

  test('a visitor gone longer than the abandon window is dropped at the head without using an admission', async () => {
    const store = t.app.get(QueueStore);
    const service = t.app.get(QueueService);
    const r = rule(900_002, { saleStartsAt: clock.ms - 1_000, admitPerMinute: 60 });
    const [gone, here] = [randomUUID(), randomUUID()];
    await store.join(r.presentationId, gone, clock.ms, r.saleStartsAt, 0);
    await store.join(r.presentationId, here, clock.ms, r.saleStartsAt, 0);
    clock.ms += (t.config.QUEUE_ABANDON_SECONDS - 5) * 1000;
    await store.standing(r.presentationId, here, clock.ms, true); // the open page's heartbeat
    clock.ms += 10_000;
    const result = await service.admit(r, clock.ms);
    expect(result).toMatchObject({ admitted: 1, dropped: 1, removed: 2, visitors: [here] });
    expect((await store.standing(r.presentationId, gone, clock.ms, false)).kind).toBe('outside');
  });
});

describe('the demo line', () => {
  test('a newcomer finds the simulated line ahead; it leaves at the rate and takes no room in the shop', async () => {
    const store = t.app.get(QueueStore);
    const service = t.app.get(QueueService);
    // Room for one shopper only: simulated entries must not fill it.
    // Opened just now, so the first run a second later has one credit, not the two-second burst.
    const r = rule(900_003, { saleStartsAt: clock.ms, admitPerMinute: 60, maxActive: 1, demoLineAhead: 5 });
    const [first, second] = [randomUUID(), randomUUID()];
    const joined = await store.join(r.presentationId, first, clock.ms, r.saleStartsAt, 0, r.demoLineAhead);
    expect(joined).toMatchObject({ kind: 'line', rank: 5, lineLength: 6 });
    // The line is long enough already: the next visitor is put behind, not given five more ahead.
    expect(await store.join(r.presentationId, second, clock.ms, r.saleStartsAt, 0, r.demoLineAhead)).toMatchObject({
      rank: 6,
      lineLength: 7,
    });
    // One a second: five seconds for the simulated five, then the visitor, who gets the one room.
    const removed: number[] = [];
    for (let s = 0; s < 5; s++) {
      clock.ms += 1_000;
      const result = await service.admit(r, clock.ms);
      expect(result.admitted).toBe(0);
      removed.push(result.removed);
    }
    expect(removed).toEqual([1, 2, 3, 4, 5]);
    clock.ms += 1_000;
    await store.standing(r.presentationId, first, clock.ms, true);
    await store.standing(r.presentationId, second, clock.ms, true);
    expect(await service.admit(r, clock.ms)).toMatchObject({ admitted: 1, removed: 6, visitors: [first] });
    expect(await store.admittedTotal(r.presentationId)).toBe(1);
  });
});

describe('pre-queue: a random place when the sale opens', () => {
  const N = 2_000;
  const BINS = 10;
  /** Chi-square critical value, 81 degrees of freedom, p = 0.0001 (Wilson-Hilferty). */
  const CHI2_CRITICAL = 137;

  /** Joins N visitors one after another before the start, opens the sale, admits them all; answers both rankings. */
  async function preQueueRun(app: TestApp, c: ManualClock, presentationId: number) {
    const store = app.app.get(QueueStore);
    const service = app.app.get(QueueService);
    const random = app.app.get(QueueRandom);
    const r = rule(presentationId, { saleStartsAt: c.ms + 3_600_000, admitPerMinute: 600_000 });
    const visitors = Array.from({ length: N }, () => randomUUID());
    for (const v of visitors) {
      const s = await store.join(presentationId, v, c.ms, r.saleStartsAt, random.draw());
      expect(s.kind).toBe('line');
    }
    // Nobody is admitted before the start, however often the admission runs.
    expect((await service.admit(r, c.ms + 1_000)).admitted).toBe(0);
    c.ms = r.saleStartsAt;
    // An arrival after the start queues behind the whole pre-queue.
    const late = randomUUID();
    await store.join(presentationId, late, c.ms, r.saleStartsAt, 0);
    await Promise.all(visitors.map((v) => store.standing(presentationId, v, c.ms, true)));
    const admitted = await admitAll(service, r, c, N + 1);
    expect(admitted).toHaveLength(N + 1);
    expect(admitted[N]).toBe(late);
    const position = new Map(admitted.map((v, i) => [v, i]));
    const joinRank = visitors.map((_, i) => i);
    const admitRank = visitors.map((v) => position.get(v)!);
    return { rho: spearman(joinRank, admitRank), chi2: chiSquare(joinRank, admitRank, BINS) };
  }

  test('admission order is a random permutation of the arrival order (Spearman and chi-square)', async () => {
    const { rho, chi2 } = await preQueueRun(t, clock, 900_003);
    // For a random permutation of 2,000, rho has a standard deviation of 1/sqrt(1999) = 0.022.
    expect(Math.abs(rho)).toBeLessThan(0.1);
    expect(chi2).toBeLessThan(CHI2_CRITICAL);
  });

  test('CONTROL: with predictable draws (arrival order) the same statistics fail', async () => {
    let n = 0;
    const c = new ManualClock(Date.now());
    const predictable = new (class extends QueueRandom {
      override draw(): number {
        return ++n;
      }
    })();
    const control = await startTestApp(
      QUEUE_ENV,
      t.db,
      withClock(c, [{ provide: QueueRandom, useFactory: () => predictable }]),
    );
    try {
      const { rho, chi2 } = await preQueueRun(control, c, 900_004);
      expect(rho).toBeGreaterThan(0.99);
      expect(chi2).toBeGreaterThan(CHI2_CRITICAL);
    } finally {
      await control.close();
    }
  });
});

describe('two app instances on one Redis', () => {
  const RATE = 1_200;

  /** Two nodes run admission for 60 simulated seconds, each on its own timer, sometimes at the same instant. */
  async function minuteOnTwoNodes(providers: ProviderOverride[], presentationId: number): Promise<number> {
    const c = new ManualClock(Date.now());
    const prefix = `test:q2:${randomUUID().slice(0, 8)}:`;
    const env = { ...QUEUE_ENV, REDIS_PREFIX: prefix };
    const a = await startTestApp(env, t.db, withClock(c, providers));
    const b = await startTestApp(env, t.db, withClock(c, providers));
    try {
      const r = rule(presentationId, { saleStartsAt: c.ms, admitPerMinute: RATE });
      const store = a.app.get(QueueStore);
      await Promise.all(
        Array.from({ length: 3_000 }, () => store.join(presentationId, randomUUID(), c.ms, r.saleStartsAt, 0)),
      );
      const [sa, sb] = [a.app.get(QueueService), b.app.get(QueueService)];
      let admitted = 0;
      const start = c.ms;
      for (let step = 1; step <= 120; step++) {
        c.ms = start + step * 500;
        if (step % 5 === 0) {
          // Both nodes at the same instant, concurrently.
          const [x, y] = await Promise.all([sa.admit(r, c.ms), sb.admit(r, c.ms)]);
          admitted += x.admitted + y.admitted;
        } else {
          admitted += (await (step % 2 ? sa : sb).admit(r, c.ms)).admitted;
        }
      }
      expect(await store.admittedTotal(presentationId)).toBe(admitted);
      return admitted;
    } finally {
      await a.close();
      await b.close();
    }
  }

  test('a tick runs the admission on one node only, and both nodes relay its one progress message', async () => {
    const env = { ...QUEUE_ENV, REDIS_PREFIX: `test:q3:${randomUUID().slice(0, 8)}:` };
    const a = await startTestApp(env, t.db);
    const b = await startTestApp(env, t.db);
    try {
      const heard: Record<'a' | 'b', QueueProgressMessage[]> = { a: [], b: [] };
      a.app.get(QueueTicker).attach({ progress: (m) => heard.a.push(m) });
      b.app.get(QueueTicker).attach({ progress: (m) => heard.b.push(m) });
      const runs = jest.spyOn(QueueService.prototype, 'admit');
      // Both nodes tick at the same instant. The demo has more than one queued presentation (the on-sale and the
      // one with a simulated line): each is admitted once in all, by one node or the other.
      await Promise.all([a.app.get(QueueTicker).tick(), b.app.get(QueueTicker).tick()]);
      const admittedShows = runs.mock.calls.map(([rule]) => rule.presentationId);
      runs.mockRestore();
      expect(admittedShows.length).toBeGreaterThan(0);
      expect(new Set(admittedShows).size).toBe(admittedShows.length);
      const byShow = (m: QueueProgressMessage[]) => [...m].sort((x, y) => x.presentationId - y.presentationId);
      for (let i = 0; i < 100 && (heard.a.length < admittedShows.length || heard.b.length < admittedShows.length); i++)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(heard.a).toHaveLength(admittedShows.length);
      expect(byShow(heard.b)).toEqual(byShow(heard.a));
    } finally {
      await a.close();
      await b.close();
    }
  });

  test('together they admit the configured number per minute within 2 %', async () => {
    const admitted = await minuteOnTwoNodes([], 900_010);
    expect(Math.abs(admitted - RATE)).toBeLessThanOrEqual(RATE * 0.02);
  });

  test('CONTROL: with a bucket per node (a per-node rate limiter) they admit about twice the rate', async () => {
    const admitted = await minuteOnTwoNodes([{ provide: QueueStore, useClass: NodeLocalBucketQueueStore }], 900_011);
    expect(admitted).toBeGreaterThan(RATE * 1.9);
  });
});

describe('tickets, passes and the seat-call guard (HTTP)', () => {
  let pid: number;

  async function api<T = unknown>(
    method: string,
    url: string,
    visitor: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: T; setCookie: string | null }> {
    const response = await fetch(`${t.url}${url}`, {
      method,
      headers: { uuid: visitor, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return {
      status: response.status,
      body: (await response.json()) as T,
      setCookie: response.headers.get('set-cookie'),
    };
  }

  async function joinToken(visitor: string): Promise<string> {
    const challenge = await (await fetch(`${t.url}/api/queue/${pid}/challenge`, { headers: { uuid: visitor } })).json();
    return solveAltchaChallenge(challenge as Awaited<ReturnType<typeof fetchAltchaChallenge>>);
  }

  async function aSeat(presentationId: number, visitor: string) {
    const p = (await api<any>('GET', `/api/presentations/${presentationId}`, visitor)).body.presentation;
    const plan = (await api<any>('GET', `/api/seats/seatplan?venueId=${p.venueId}&seatplanId=${p.seatplanId}`, visitor))
      .body.seatplan;
    const seat = plan.sections[0].groups[0].rows[2].seats[3];
    return {
      PresentationId: presentationId,
      VenueId: p.venueId,
      VenueSeatplanId: p.seatplanId,
      VenueSectionId: seat.VenueSectionId,
      TicketGroupId: 0,
      XCoordinate: seat.XCoordinate,
      YCoordinate: seat.YCoordinate,
    };
  }

  beforeAll(async () => {
    // The demo on-sale (seed/demo-on-sale.ts): open since the template was seeded.
    const sql = t.app.get(OnSales);
    await sql.refresh();
    // Not the demo line's on-sale (seed/demo-on-sale.ts too): its simulated line would keep the owner waiting.
    pid = at(
      sql.allQueued().filter((r) => r.demoLineAhead === 0),
      0,
      'demo on-sale',
    ).presentationId;
  });

  test('joining costs a harder proof of work: an ordinary seat-lock token is refused', async () => {
    const v = randomUUID();
    const r = await api<any>('POST', `/api/queue/${pid}/join`, v, { recaptchaToken: await solveAltcha(t.url, v) });
    expect(r.status).toBe(403);
    expect(r.body.error).toBe('INVALID_CAPTCHA');
  });

  test('a ticket from another uuid and a forged ticket are refused; the owner is admitted and locks a seat', async () => {
    const [owner, thief] = [randomUUID(), randomUUID()];
    const joined = await api<QueueStatusResponse>('POST', `/api/queue/${pid}/join`, owner, {
      recaptchaToken: await joinToken(owner),
    });
    expect(joined.status).toBe(201);
    expect(joined.body).toMatchObject({ state: 'waiting', pass: null });
    const ticket = joined.body.ticket!;

    // One place per presentation: joining again answers the same number.
    const again = await api<QueueStatusResponse>('POST', `/api/queue/${pid}/join`, owner, {
      recaptchaToken: await joinToken(owner),
    });
    expect(again.body.ticketNo).toBe(joined.body.ticketNo);

    const stolen = await api<any>('GET', `/api/queue/${pid}?lang=en`, thief, undefined, { 'queue-ticket': ticket });
    expect(stolen.status).toBe(403);
    expect(stolen.body).toEqual({
      error: 'QUEUE_TICKET_INVALID',
      message: 'This queue ticket is not valid for this browser. Please join the queue again.',
      requestId: expect.any(String),
    });
    // Forged: the thief rewrites the claims to its own uuid and keeps the signature.
    const [claims, mac] = ticket.split('.');
    const rewritten = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(claims!, 'base64url').toString()), u: thief }),
    ).toString('base64url');
    const forged = await api<any>('GET', `/api/queue/${pid}`, thief, undefined, {
      'queue-ticket': `${rewritten}.${mac}`,
    });
    expect(forged.status).toBe(403);
    expect(forged.body.error).toBe('QUEUE_TICKET_INVALID');

    // Admission run: the owner (the only one in this line) comes out.
    clock.ms += 2_000;
    const result = await t.app.get(QueueService).admit(t.app.get(OnSales).queued(pid)!, clock.ms);
    expect(result.visitors).toContain(owner);
    const admitted = await api<QueueStatusResponse>('GET', `/api/queue/${pid}`, owner, undefined, {
      'queue-ticket': ticket,
    });
    expect(admitted.body.state).toBe('admitted');
    expect(admitted.setCookie).toMatch(new RegExp(`^hotline_queue_${pid}=[^;]+; Path=/api; Max-Age=\\d+; HttpOnly`));
    const pass = admitted.body.pass!;

    const seat = await aSeat(pid, owner);
    const ownerLock = await api<any>(
      'PUT',
      '/api/seats/lock-seat',
      owner,
      { recaptchaToken: await solveAltcha(t.url, owner), seat },
      { cookie: `hotline_queue_${pid}=${pass}` },
    );
    expect(ownerLock.status).toBe(200);

    const thiefToken = await solveAltcha(t.url, thief);
    const other = { ...seat, XCoordinate: seat.XCoordinate + 1 };
    for (const headers of <Record<string, string>[]>[
      {},
      { 'queue-pass': pass }, // another visitor's pass
      { cookie: `hotline_queue_${pid}=${pass}` },
      {
        'queue-pass': `${Buffer.from(JSON.stringify({ k: 'p', p: pid, u: thief, e: Date.now() + 60_000 })).toString('base64url')}.${createHmac('sha256', 'guess').update('x').digest('base64url')}`,
      },
    ]) {
      const r = await api<QueueRequiredBody>(
        'PUT',
        '/api/seats/lock-seat?lang=en',
        thief,
        { recaptchaToken: thiefToken, seat: other },
        headers,
      );
      expect(r.status).toBe(403);
      expect(r.body).toEqual({
        error: 'QUEUE_REQUIRED',
        message: 'Tickets for this show are sold through a waiting room. Join the queue to choose seats.',
        queueUrl: `/queue/${pid}`,
        requestId: expect.any(String),
      });
    }
    const best = await api<QueueRequiredBody>(
      'GET',
      `/api/seats/best-available?presentationId=${pid}&ticketGroupId=1&quantity=2&isLock=1&recaptchaToken=${encodeURIComponent(thiefToken)}`,
      thief,
    );
    expect(best.status).toBe(403);
    expect(best.body.error).toBe('QUEUE_REQUIRED');
    expect(best.body.message).toBe('המכירה להופעה זו עוברת דרך תור המתנה. היכנסו לתור כדי לבחור מקומות.');

    const commit = await api<QueueRequiredBody>('POST', '/api/payment/commit?lang=ru', thief, {
      recaptchaToken: thiefToken,
      cart: {
        seats: [
          {
            prsntId: pid,
            ticketGroupId: 1,
            sectionId: seat.VenueSectionId,
            ticketId: 1,
            amount: '10',
            serviceCharge: '0',
            XCoordinate: 1,
            YCoordinate: 1,
          },
        ],
      },
    });
    expect(commit.status).toBe(403);
    expect(commit.body.queueUrl).toBe(`/queue/${pid}`);

    // Watchers still see the map; other presentations are not queued.
    expect((await api('GET', `/api/seats/seats-status?presentationId=${pid}`, thief)).status).toBe(200);
    const elsewhere = await api<any>('PUT', '/api/seats/lock-seat', thief, {
      recaptchaToken: thiefToken,
      seat: await aSeat(1, thief),
    });
    expect(elsewhere.status).toBe(200);
  });
});

/** The Redis the test suite itself runs on (scripts/services.mjs installs it). */
const REDIS_SERVER = process.env.REDIS_SERVER_BIN ?? 'redis-server';

describe('durability', () => {
  async function freePort(): Promise<number> {
    return new Promise((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const port = (s.address() as { port: number }).port;
        s.close(() => resolve(port));
      });
    });
  }

  function startRedis(port: number, dir: string): Promise<ChildProcess> {
    const child = spawn(
      REDIS_SERVER,
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--dir',
        dir,
        '--appendonly',
        'yes',
        '--appendfsync',
        'always',
        '--save',
        '',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'], env: redisServerEnv() },
    );
    return new Promise((resolve, reject) => {
      let out = '';
      child.stdout!.on('data', (d) => {
        out += String(d);
        if (out.includes('Ready to accept connections')) resolve(child);
      });
      child.on('exit', (code) => reject(new Error(`redis-server exited ${code}: ${out}`)));
    });
  }

  test('a server restart and a Redis crash (kill -9, AOF) mid-queue lose no positions', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'queue-aof-'));
    const port = await freePort();
    let redis = await startRedis(port, dir);
    const c = new ManualClock(Date.now());
    const env = { ...QUEUE_ENV, REDIS_URL: `redis://127.0.0.1:${port}`, REDIS_PREFIX: `test:aof:` };
    const r = rule(900_020, { saleStartsAt: c.ms, admitPerMinute: 6_000 });
    let app = await startTestApp(env, t.db, withClock(c));
    try {
      const visitors = Array.from({ length: 1_000 }, () => randomUUID());
      for (const v of visitors) await app.app.get(QueueStore).join(r.presentationId, v, c.ms, r.saleStartsAt, 0);
      const first = await admitAll(app.app.get(QueueService), r, c, 100);
      expect(first.length).toBeGreaterThanOrEqual(100);
      const standings = async (a: TestApp) =>
        Promise.all(visitors.map((v) => a.app.get(QueueStore).standing(r.presentationId, v, c.ms, false)));
      const before = await standings(app);

      await app.close();
      redis.kill('SIGKILL');
      await new Promise((resolve) => redis.once('exit', resolve));
      redis = await startRedis(port, dir);
      app = await startTestApp(env, t.db, withClock(c));

      expect(await standings(app)).toEqual(before);
      // And the line goes on where it stopped.
      const next = await admitAll(app.app.get(QueueService), r, c, 1);
      expect(next[0]).toBe(visitors[first.length]);
    } finally {
      await app.close();
      redis.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

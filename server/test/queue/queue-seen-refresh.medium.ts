import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';
import { io, type Socket } from 'socket.io-client';
import { QueueEvents } from '@hotline/shared';
import { socketHeartbeatOf } from '../../src/common/socket-origins';
import { OnSales } from '../../src/queue/on-sales';
import { QueueGateway } from '../../src/queue/queue.gateway';
import { queueKeys } from '../../src/queue/queue-keys';
import { QueuePresence } from '../../src/queue/queue-presence';
import { QueueSeenRefresh } from '../../src/queue/queue-seen-refresh';
import { QueueStore } from '../../src/queue/queue-store';
import { QueueTickets } from '../../src/queue/queue-tickets';
import { QueueService } from '../../src/queue/queue.service';
import { REDIS } from '../../src/redis/redis.module';
import { at } from '../support/at';
import type { TestApp } from '../support/test-env';
import { ManualClock, rule, twoQueueNodes } from './support/queue-kit';

/**
 * The node keeps the places of the waiting pages subscribed on it (docs/waiting-room.md, "Live updates"): no page
 * sends a heartbeat here. Two app instances (two nodes) on one Redis and one database share a hand-moved clock;
 * the refresh job is off on both (QUEUE_SEEN_REFRESH_MS=0) and run by hand, so a test decides when it runs.
 */
const ENV = {
  QUEUE_TICK_MS: '0',
  QUEUE_CONFIG_REFRESH_MS: '0',
  QUEUE_SEEN_REFRESH_MS: '0',
  REDIS_COMMAND_TIMEOUT_MS: '15000',
};

let clock: ManualClock;
let a: TestApp;
let b: TestApp;
/** The demo on-sale (seed/demo-on-sale.ts), and the demo line's: both queued, so subscriptions are accepted. */
let pid: number;
let otherPid: number;
const sockets: Socket[] = [];

beforeAll(async () => {
  ({ clock, a, b } = await twoQueueNodes(ENV, 'seen'));
  const queued = a.app.get(OnSales).allQueued();
  pid = at(
    queued.filter((r) => r.demoLineAhead === 0),
    0,
    'demo on-sale',
  ).presentationId;
  otherPid = at(
    queued.filter((r) => r.presentationId !== pid),
    0,
    'second on-sale',
  ).presentationId;
});

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await b?.close();
  await a?.close();
});

beforeEach(async () => {
  for (const s of sockets.splice(0)) s.disconnect();
  // Each test starts with an empty line (both nodes share the prefix).
  await a.app.get<Redis>(REDIS).del(...Object.values(queueKeys(a.config.REDIS_PREFIX, pid)));
});

const abandonMs = () => a.config.QUEUE_ABANDON_SECONDS * 1000;

async function eventually(what: string, ok: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (await ok()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const subscribed = (app: TestApp, presentationId: number): string[] =>
  app.app.get(QueuePresence).visitors(clock.ms).get(presentationId) ?? [];

/** A waiting page on `app`: a socket that subscribes with its wait ticket, as queue-feed.ts does, and nothing more. */
async function openPage(app: TestApp, visitor: string, presentationId = pid): Promise<Socket> {
  const socket = io(app.url, { path: '/socket.io', transports: ['websocket'], forceNew: true, reconnection: false });
  sockets.push(socket);
  const errors: unknown[] = [];
  socket.on(QueueEvents.Error, (e: unknown) => errors.push(e));
  await new Promise((resolve) => socket.once('connect', () => resolve(undefined)));
  await subscribe(app, socket, visitor, presentationId, errors);
  return socket;
}

async function subscribe(
  app: TestApp,
  socket: Socket,
  visitor: string,
  presentationId: number,
  errors: unknown[] = [],
) {
  const ticket = app.app.get(QueueTickets).sign('w', presentationId, visitor, clock.ms + 24 * 3600_000);
  socket.emit(QueueEvents.Subscribe, { presentationId, visitorId: visitor, ticket });
  await eventually('the subscription', () => subscribed(app, presentationId).includes(visitor) || errors.length > 0);
  expect(errors).toEqual([]);
}

async function closePage(app: TestApp, socket: Socket, visitor: string, presentationId = pid): Promise<void> {
  socket.disconnect();
  await eventually('the node to forget the page', () => !subscribed(app, presentationId).includes(visitor));
}

const join = (visitor: string, saleStartsAt: number) =>
  a.app.get(QueueStore).join(pid, visitor, clock.ms, saleStartsAt, 0);

/** Moves the clock in 30 s steps (the default period), running the given nodes' refresh after each. */
async function wait(ms: number, refreshing: TestApp[]): Promise<void> {
  for (let done = 0; done < ms; done += 30_000) {
    clock.ms += Math.min(30_000, ms - done);
    for (const node of refreshing) await node.app.get(QueueSeenRefresh).refresh();
  }
}

describe('the node keeps the places of its subscribed pages', () => {
  /**
   * Two pages on node A, neither sending a heartbeat: `first` at the head, `second` behind it. After 90 s the
   * first page closes; 150 s later (past the abandon window for both, counted from their join) the admission runs.
   */
  async function closedTabScenario(refresh: boolean) {
    const r = rule(pid, { saleStartsAt: clock.ms - 1_000, admitPerMinute: 60 });
    const [first, second] = [randomUUID(), randomUUID()];
    await join(first, r.saleStartsAt);
    await join(second, r.saleStartsAt);
    const firstPage = await openPage(a, first);
    await openPage(a, second);
    const refreshing = refresh ? [a] : [];
    await wait(90_000, refreshing);
    await closePage(a, firstPage, first);
    // Now 90 s + the window + 30 s after both joined: the second page's join, and the first page's last refresh,
    // are older than the abandon window.
    await wait(abandonMs() + 30_000, refreshing);
    return { result: await a.app.get(QueueService).admit(r, clock.ms), first, second };
  }

  test('an open page keeps its place past the abandon window; a closed one is dropped at the head', async () => {
    const { result, second } = await closedTabScenario(true);
    expect(result).toMatchObject({ admitted: 1, dropped: 1, visitors: [second] });
  });

  test('CONTROL: without the refresh both pages lose their places (no heartbeat is sent)', async () => {
    const { result } = await closedTabScenario(false);
    expect(result).toMatchObject({ admitted: 0, dropped: 2, visitors: [] });
  });

  test('each node refreshes its own sockets: pages on two nodes both keep their places', async () => {
    const r = rule(pid, { saleStartsAt: clock.ms - 1_000, admitPerMinute: 60 });
    const [onA, onB] = [randomUUID(), randomUUID()];
    await join(onB, r.saleStartsAt);
    await join(onA, r.saleStartsAt);
    await openPage(a, onA);
    await openPage(b, onB);
    expect(subscribed(a, pid)).toEqual([onA]);
    expect(subscribed(b, pid)).toEqual([onB]);
    clock.ms += abandonMs() + 30_000;
    // One mark each: neither node knows the other's page.
    expect(await a.app.get(QueueSeenRefresh).refresh()).toBe(1);
    expect(await b.app.get(QueueSeenRefresh).refresh()).toBe(1);
    clock.ms += 1_000;
    expect(await a.app.get(QueueService).admit(r, clock.ms)).toMatchObject({
      admitted: 2,
      dropped: 0,
      visitors: [onB, onA],
    });
  });
});

describe('a refresh never brings a place back', () => {
  test('visitors admitted or dropped are not re-added, though their pages are still subscribed', async () => {
    const redis = a.app.get<Redis>(REDIS);
    const k = queueKeys(a.config.REDIS_PREFIX, pid);
    const r = rule(pid, { saleStartsAt: clock.ms - 1_000, admitPerMinute: 60 });
    const [gone, kept] = [randomUUID(), randomUUID()];
    await join(gone, r.saleStartsAt);
    await join(kept, r.saleStartsAt);
    await openPage(a, gone);
    const keptPage = await openPage(a, kept);
    clock.ms += abandonMs() + 30_000;
    // A page loaded before the change still sends heartbeats: the server still counts them.
    keptPage.emit(QueueEvents.Heartbeat, {
      presentationId: pid,
      visitorId: kept,
      ticket: a.app.get(QueueTickets).sign('w', pid, kept, clock.ms + 3_600_000),
    });
    await eventually('the heartbeat', async () => Number(await redis.hget(k.seen, kept)) === clock.ms);
    expect(await a.app.get(QueueService).admit(r, clock.ms)).toMatchObject({ dropped: 1, visitors: [kept] });

    clock.ms += 30_000;
    expect(await a.app.get(QueueSeenRefresh).refresh()).toBe(0);
    expect(await redis.zcard(k.line)).toBe(0);
    expect(await redis.hlen(k.seen)).toBe(0);
    const store = a.app.get(QueueStore);
    expect((await store.standing(pid, gone, clock.ms, false)).kind).toBe('outside');
    expect((await store.standing(pid, kept, clock.ms, false)).kind).toBe('admitted');
  });

  test('the store marks only visitors in the line, one script per 1,000, and a chunk beyond the first too', async () => {
    const redis = a.app.get<Redis>(REDIS);
    const k = queueKeys(a.config.REDIS_PREFIX, pid);
    const inLine = Array.from({ length: 2_400 }, () => randomUUID());
    const strangers = Array.from({ length: 100 }, () => randomUUID());
    const store = a.app.get(QueueStore);
    await Promise.all(inLine.map((v) => store.join(pid, v, clock.ms, 0, 0)));
    // ioredis runs a defined script as EVALSHA (then EVAL once if Redis has not cached it).
    const sent = jest.spyOn(redis, 'sendCommand');
    const now = clock.ms + 5_000;
    expect(await store.markSeen(pid, [...strangers, ...inLine], now)).toBe(2_400);
    // Only this presentation's marking scripts: the app's own jobs share the client, and one of them sending a script
    // during the call was counted once in a loaded suite run.
    const scripts = sent.mock.calls.filter(
      ([command]) => command.name === 'evalsha' && command.args.some((arg) => String(arg) === k.seen),
    ).length;
    sent.mockRestore();
    expect(await redis.zcard(k.line)).toBe(2_400);
    expect(await redis.hlen(k.seen)).toBe(2_400);
    const seen = await redis.hmget(k.seen, ...inLine.slice(-3), ...strangers.slice(0, 3));
    expect(seen).toEqual([String(now), String(now), String(now), null, null, null]);
    expect(scripts).toBe(3);
  });
});

describe('what the node remembers', () => {
  test('a socket that subscribes to another presentation is forgotten for the first', async () => {
    const visitor = randomUUID();
    const page = await openPage(a, visitor);
    await subscribe(a, page, visitor, otherPid);
    expect(subscribed(a, pid)).toEqual([]);
    expect(subscribed(a, otherPid)).toEqual([visitor]);
    await closePage(a, page, visitor, otherPid);
    expect(subscribed(a, otherPid)).toEqual([]);
  });

  test('a subscription with a ticket that is not the visitor’s is refused and not remembered', async () => {
    const [visitor, thief] = [randomUUID(), randomUUID()];
    const socket = io(a.url, { path: '/socket.io', transports: ['websocket'], forceNew: true, reconnection: false });
    sockets.push(socket);
    const refused = new Promise<{ error: string }>((resolve) => socket.once(QueueEvents.Error, resolve));
    await new Promise((resolve) => socket.once('connect', () => resolve(undefined)));
    socket.emit(QueueEvents.Subscribe, {
      presentationId: pid,
      visitorId: thief,
      ticket: a.app.get(QueueTickets).sign('w', pid, visitor, clock.ms + 3_600_000),
    });
    expect((await refused).error).toBe('QUEUE_TICKET_INVALID');
    expect(subscribed(a, pid)).toEqual([]);
  });
});

describe("a page's heartbeat (docs/decisions/050)", () => {
  /**
   * The node pings each socket every SOCKET_PING_INTERVAL_MS and drops it after SOCKET_PING_TIMEOUT_MS without the
   * answer; the page learns both in its handshake and reconnects when no ping came for their sum. At socket.io's
   * 25 s the pings were the largest per-page cost of the million-page waiting room; the sum stays within a minute.
   */
  test('the handshake carries the configured ping interval and timeout, a minute in all by default', async () => {
    const socket = io(a.url, { path: '/socket.io', transports: ['websocket'], forceNew: true, reconnection: false });
    sockets.push(socket);
    const handshake = new Promise<{ pingInterval: number; pingTimeout: number }>((resolve) =>
      socket.io.engine.once('handshake', resolve),
    );
    await new Promise((resolve) => socket.once('connect', () => resolve(undefined)));
    const { pingInterval, pingTimeout } = await handshake;
    expect({ pingInterval, pingTimeout }).toEqual({
      pingInterval: a.config.SOCKET_PING_INTERVAL_MS,
      pingTimeout: a.config.SOCKET_PING_TIMEOUT_MS,
    });
    expect([pingInterval, pingTimeout]).toEqual([45_000, 15_000]);
  });
});

describe("the node's one heartbeat timer (docs/decisions/050)", () => {
  const heartbeat = () => {
    const keeper = socketHeartbeatOf(a.app.get(QueueGateway).server.engine);
    if (!keeper) throw new Error('no heartbeat on the queue gateway’s server');
    return keeper;
  };

  /**
   * The node pings all its sockets in one round and, a timeout later, drops those that did not answer. A page that
   * answers stays; one whose answers are lost (its pongs dropped on the page's side) is closed as engine.io's own
   * timeout would close it. Without the node's heartbeat taking the sockets over, the round pings nobody and the
   * silent page stays: the test fails.
   */
  test('a round pings every socket; the check drops the one that did not answer and keeps the one that did', async () => {
    const open = () => {
      const socket = io(a.url, { path: '/socket.io', transports: ['websocket'], forceNew: true, reconnection: false });
      sockets.push(socket);
      return socket;
    };
    const answering = open();
    const silent = open();
    await Promise.all(
      [answering, silent].map((s) => new Promise((resolve) => s.once('connect', () => resolve(undefined)))),
    );
    // The silent page's engine drops its own pongs (what a page whose link died would look like to the node).
    const engine = silent.io.engine as unknown as { _sendPacket: (type: string, ...rest: unknown[]) => void };
    const send = engine._sendPacket.bind(engine);
    engine._sendPacket = (type, ...rest) => (type === 'pong' ? undefined : send(type, ...rest));
    const keeper = heartbeat();
    expect(keeper.counts().sockets).toBeGreaterThanOrEqual(2);
    const pinged = [answering, silent].map(
      (s) => new Promise((resolve) => s.io.engine.once('ping', () => resolve(undefined))),
    );
    keeper.round();
    await Promise.all(pinged);
    await eventually('the answering page’s pong', () => keeper.counts().unanswered === 1);
    const dropped = new Promise<string>((resolve) => silent.once('disconnect', resolve));
    keeper.check();
    await dropped;
    expect(answering.connected).toBe(true);
    expect(keeper.counts()).toEqual(expect.objectContaining({ unanswered: 0 }));
  });
});

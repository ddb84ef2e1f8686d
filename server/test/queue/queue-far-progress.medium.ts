import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';
import { io, type Socket } from 'socket.io-client';
import { QueueEvents, type QueueProgressMessage } from '@hotline/shared';
import { Clock } from '../../src/common/clock';
import { OnSales } from '../../src/queue/on-sales';
import { queueKeys } from '../../src/queue/queue-keys';
import { QueuePresence } from '../../src/queue/queue-presence';
import { QueueStore } from '../../src/queue/queue-store';
import { QueueTickets } from '../../src/queue/queue-tickets';
import { QueueService } from '../../src/queue/queue.service';
import { REDIS } from '../../src/redis/redis.module';
import { at } from '../support/at';
import { startTestApp, type TestApp } from '../support/test-env';
import { ManualClock, rule, twoQueueNodes } from './support/queue-kit';

/**
 * Progress to far pages every QUEUE_FAR_EVERY_TICKS-th tick, and rarer still farther back (shared progressBands;
 * docs/waiting-room.md, "Live updates"; docs/scaling.md). Two app instances (two nodes) on one Redis share a hand-moved clock; real sockets subscribe as the
 * waiting page does. A "tick" here is what the ticker's leader does (admission run, one published message), without
 * its tick claim, which lapses on Redis's real clock; every node relays the message to its own pages.
 * QUEUE_NEAR_SECONDS=5 at the demo on-sale's 60 a minute: a page is near while its place is 5 or less.
 */
const ENV = {
  QUEUE_TICK_MS: '0',
  QUEUE_CONFIG_REFRESH_MS: '0',
  QUEUE_SEEN_REFRESH_MS: '0',
  QUEUE_NEAR_SECONDS: '5',
  REDIS_COMMAND_TIMEOUT_MS: '15000',
};
const RATE = 60;

let clock: ManualClock;
let a: TestApp;
let b: TestApp;
/** The demo on-sale (seed/demo-on-sale.ts): queued, so subscriptions are accepted. */
let pid: number;
const sockets: Socket[] = [];

beforeAll(async () => {
  ({ clock, a, b } = await twoQueueNodes(ENV, 'far'));
  const onSale = at(
    a.app
      .get(OnSales)
      .allQueued()
      .filter((r) => r.demoLineAhead === 0),
    0,
    'demo on-sale',
  );
  pid = onSale.presentationId;
  // A subscription is put near or far at the on-sale's own rate; the numbers below assume the seed's.
  expect(onSale.admitPerMinute).toBe(RATE);
});

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await b?.close();
  await a?.close();
});

afterEach(() => {
  for (const s of sockets.splice(0)) s.disconnect();
});

async function eventually(what: string, ok: () => boolean): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (ok()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

interface Page {
  visitor: string;
  /** `removed` of each progress message this page heard. */
  heard: number[];
}

/** A waiting page on `app`: a socket that subscribes with its wait ticket, as queue-feed.ts does, and listens. */
async function openPage(app: TestApp, visitor: string): Promise<Page> {
  const socket = io(app.url, { path: '/socket.io', transports: ['websocket'], forceNew: true, reconnection: false });
  sockets.push(socket);
  const page: Page = { visitor, heard: [] };
  const errors: unknown[] = [];
  socket.on(QueueEvents.Error, (e: unknown) => errors.push(e));
  socket.on(QueueEvents.Progress, (m: QueueProgressMessage) => {
    if (m.presentationId === pid) page.heard.push(m.removed);
  });
  await new Promise((resolve) => socket.once('connect', () => resolve(undefined)));
  const ticket = app.app.get(QueueTickets).sign('w', pid, visitor, clock.ms + 24 * 3600_000);
  socket.emit(QueueEvents.Subscribe, { presentationId: pid, visitorId: visitor, ticket });
  await eventually(
    'the subscription',
    () => (app.app.get(QueuePresence).visitors(clock.ms).get(pid) ?? []).includes(visitor) || errors.length > 0,
  );
  expect(errors).toEqual([]);
  return page;
}

/** An empty line on `app`'s Redis prefix with `count` visitors joined after the start: visitor i has number i. */
async function line(app: TestApp, count: number): Promise<{ visitors: string[]; r: ReturnType<typeof rule> }> {
  await app.app.get<Redis>(REDIS).del(...Object.values(queueKeys(app.config.REDIS_PREFIX, pid)));
  const r = rule(pid, { saleStartsAt: clock.ms - 1_000, admitPerMinute: RATE });
  const visitors = Array.from({ length: count }, () => randomUUID());
  for (const v of visitors) await app.app.get(QueueStore).join(pid, v, clock.ms, r.saleStartsAt, 0);
  return { visitors, r };
}

/**
 * One tick a second later on `leader`: the admission run and its one progress message, relayed by every node.
 * Waits until each `witness` (a near page, one per node) heard it. Answers the message's `removed`.
 */
async function tick(leader: TestApp, r: ReturnType<typeof rule>, witnesses: Page[]): Promise<number> {
  clock.ms += 1_000;
  const service = leader.app.get(QueueService);
  const result = await service.admit(r, clock.ms);
  await leader.app.get(QueueStore).publishProgress(service.progress(r, result, clock.ms));
  await eventually(`tick to removed ${result.removed}`, () => witnesses.every((w) => w.heard.includes(result.removed)));
  return result.removed;
}

/** Far messages go out in the same relay as the near ones; give their sockets a moment to read them. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe('progress to far pages every 5th tick', () => {
  test('near pages hear every tick, far pages 1 of 5, on both nodes; a page the line reaches hears every tick from then', async () => {
    const { visitors, r } = await line(a, 40);
    const v = (n: number) => at(visitors, n, `visitor ${n}`);
    // Numbers 0 and 1: near (and admitted at the first tick, their pages still open). 12: far until the line is
    // within 5 places (removed 8). 38 and 39: far throughout.
    const nearA = await openPage(a, v(0));
    const nearB = await openPage(b, v(1));
    const reached = await openPage(a, v(12));
    const farA = await openPage(a, v(39));
    const farB = await openPage(b, v(38));

    const removed: number[] = [];
    for (let i = 0; i < 20; i++) removed.push(await tick(a, r, [nearA, nearB]));
    await eventually('the far pages’ fourth message', () => farA.heard.length >= 4 && farB.heard.length >= 4);
    await settle();

    // The bucket starts with two seconds' credit, then one a second: removed 2, 3, ..., 21.
    expect(removed).toEqual(Array.from({ length: 20 }, (_, i) => i + 2));
    expect(nearA.heard).toEqual(removed);
    expect(nearB.heard).toEqual(removed);
    for (const far of [farA, farB]) {
      expect(far.heard).toHaveLength(4);
      // Every fifth tick of its node (the phase is the node's own).
      expect(far.heard.slice(1).map((x, i) => x - far.heard[i]!)).toEqual([5, 5, 5]);
    }
    // Number 12 is near once removed reaches 8 (place 5): from then on it hears every tick, including the one that
    // admits it (removed 13). Before, it heard what the far pages of its node heard.
    const before = (heard: number[]) => heard.filter((x) => x < 8);
    expect(reached.heard.filter((x) => x >= 8)).toEqual(removed.filter((x) => x >= 8));
    expect(before(reached.heard)).toEqual(before(farA.heard));
    expect(before(reached.heard).length).toBeGreaterThanOrEqual(1);
  });

  test('a far page hears the message that admits it, even when the head jumps past it in one tick', async () => {
    const { visitors, r } = await line(a, 40);
    const witness = await openPage(a, at(visitors, 0, 'head'));
    const witnessB = await openPage(b, at(visitors, 1, 'second'));
    const jumper = await openPage(b, at(visitors, 39, 'tail'));
    // Ticks until the jumper hears one (a far tick of node B): the next one is then not a far tick, so the jumper
    // can hear it only by being moved to near.
    while (jumper.heard.length === 0) await tick(a, r, [witness, witnessB]);
    expect(jumper.heard[0]).toBeLessThan(39 - 5);
    // Past the abandon window, with only number 39 seen since (its status call): the next run drops everyone else
    // at the head without spending credit and admits number 39, so `removed` jumps past it in one tick.
    clock.ms += a.config.QUEUE_ABANDON_SECONDS * 1000;
    await a.app.get(QueueStore).standing(pid, jumper.visitor, clock.ms + 1_000, true);
    const removed = await tick(a, r, [witness, witnessB]);
    await eventually('the jumper hears', () => jumper.heard.length > 1);
    await settle();
    expect(removed).toBe(40);
    expect((await a.app.get(QueueStore).standing(pid, jumper.visitor, clock.ms, false)).kind).toBe('admitted');
    expect(jumper.heard).toEqual([jumper.heard[0], removed]);
  });
});

describe('farther back, rarer: every 15th tick past ten minutes from the turn, every 30th past half an hour', () => {
  test('at 60 a minute, pages 100, 700 and 2,000 places back hear 1 tick in 5, 15 and 30, on both nodes', async () => {
    // 60 a minute: a place is its seconds. 2,001 visitors: numbers 0..2000.
    const { visitors, r } = await line(a, 2_001);
    const v = (n: number) => at(visitors, n, `visitor ${n}`);
    const nearA = await openPage(a, v(0));
    const nearB = await openPage(b, v(1));
    // Within 60 ticks none of them comes into a nearer band: 100 is near at removed 96, 700 in the 10-minute band
    // at 101, 2,000 in the half-hour band at 201.
    const pages = {
      5: [await openPage(a, v(100)), await openPage(b, v(101))],
      15: [await openPage(a, v(700)), await openPage(b, v(701))],
      30: [await openPage(a, v(2_000)), await openPage(b, v(1_999))],
    };
    const removed: number[] = [];
    for (let i = 0; i < 60; i++) removed.push(await tick(a, r, [nearA, nearB]));
    await eventually('the rarest pages’ second message', () => pages[30].every((p) => p.heard.length >= 2));
    await settle();
    expect(nearA.heard).toEqual(removed);
    for (const [every, both] of Object.entries(pages))
      for (const page of both) {
        // Exactly 60 / N of the 60 ticks, N apart (the phase is the node's own).
        expect({ every, heard: page.heard.length }).toEqual({ every, heard: 60 / Number(every) });
        expect(page.heard.slice(1).map((x, i) => x - page.heard[i]!)).toEqual(
          Array.from({ length: 60 / Number(every) - 1 }, () => Number(every)),
        );
      }
  }, 180_000);
});

describe('CONTROL: QUEUE_FAR_EVERY_TICKS=1', () => {
  test('every page hears every tick, far or near', async () => {
    const c = await startTestApp(
      { ...ENV, QUEUE_FAR_EVERY_TICKS: '1', REDIS_PREFIX: `test:far1:${randomUUID().slice(0, 8)}:` },
      a.db,
      [{ provide: Clock, useFactory: () => clock }],
    );
    try {
      const { visitors, r } = await line(c, 40);
      const near = await openPage(c, at(visitors, 0, 'head'));
      const far = await openPage(c, at(visitors, 39, 'tail'));
      const removed: number[] = [];
      for (let i = 0; i < 10; i++) removed.push(await tick(c, r, [near]));
      await eventually('the far page’s tenth message', () => far.heard.length >= 10);
      await settle();
      expect(near.heard).toEqual(removed);
      expect(far.heard).toEqual(removed);
    } finally {
      await c.close();
    }
  });
});

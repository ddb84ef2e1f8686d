import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Redis from 'ioredis';
import type { QueueStatusResponse } from '@hotline/shared';
import { AltchaBotCheck, type AltchaChallenge } from '../../src/botcheck';
import { OnSales } from '../../src/queue/on-sales';
import { queueKeys } from '../../src/queue/queue-keys';
import { keySlot } from '../../src/redis/cluster-slots';
import { REDIS } from '../../src/redis/redis.module';
import { solveAltchaChallenge } from '../support/altcha';
import { at } from '../support/at';
import { startTestApp, type TestApp } from '../support/test-env';

/**
 * A budget, not a timing: how many Redis commands ONE join of a waiting room's line through the API costs the
 * server (docs/scaling.md: 3,333 joins a second at an on-sale's opening; each round trip is a socket write and a
 * read on the node). The rate limit, the proof's binding to the visitor and the join itself are one script
 * (queue/lua/join.lua.ts, JOIN_GATED_LUA); before it they were three round trips (the rate limit's guard, the
 * binding's SET NX, the join). Every command the server sends while handling the counted request is noted (the
 * request runs in an AsyncLocalStorage context; ioredis' sendCommand reads it), so background loops do not count.
 * A new round trip per join fails here: raise the budget only with a reason. The same one script still refuses
 * what the three did (another visitor's proof, the eleventh join of a minute, an expired proof of someone else).
 */
const JOIN_BUDGET = 1;

const context = new AsyncLocalStorage<string[]>();
/** The tally of each counted request, by its x-tally header. */
const tallies = new Map<string, string[]>();
let t: TestApp;
let pid: number;
const restore: (() => void)[] = [];

/** The first frame in the server's own code. */
function callerIn(stack: string): string {
  const m = /\/server\/src\/(.+?):\d+:\d+/.exec(stack.split('\n').slice(2).join('\n'));
  return m?.[1] ?? '?';
}

beforeAll(async () => {
  // The production limits (10 joins a visitor, 600 an address per minute), no ticker admitting between steps.
  t = await startTestApp({ QUEUE_TICK_MS: '0', QUEUE_CONFIG_REFRESH_MS: '0', RATE_LIMIT_SCALE: '1' });
  const onSales = t.app.get(OnSales);
  await onSales.refresh();
  // The demo on-sale without a simulated line (seed/demo-on-sale.ts): open since the template was seeded.
  pid = at(
    onSales.allQueued().filter((r) => r.demoLineAhead === 0),
    0,
    'demo on-sale',
  ).presentationId;

  // Auto-pipelining sends a batch from a later tick, in the context of whichever command started it: off here, so
  // each command is sent where it is asked. Same commands, only batched differently.
  t.app.get<Redis>(REDIS).options.enableAutoPipelining = false;
  const send = Redis.prototype.sendCommand;
  Redis.prototype.sendCommand = function (this: Redis, ...args: Parameters<typeof send>) {
    const tally = context.getStore();
    if (tally) tally.push(`${(args[0] as unknown as { name: string }).name} from ${callerIn(new Error().stack ?? '')}`);
    return send.apply(this, args);
  };
  restore.push(() => (Redis.prototype.sendCommand = send));
  // Only a request with an x-tally header runs inside a tally.
  const server = t.app.getHttpServer();
  const handlers = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners('request');
  for (const handler of handlers)
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      const tally = req.headers['x-tally'] ? tallies.get(String(req.headers['x-tally'])) : undefined;
      if (tally) context.run(tally, () => handler(req, res));
      else handler(req, res);
    });
});
afterAll(async () => {
  for (const undo of restore) undo();
  await t?.close();
});

async function joinToken(visitor: string): Promise<string> {
  const response = await fetch(`${t.url}/api/queue/${pid}/challenge`, { headers: { uuid: visitor } });
  return solveAltchaChallenge((await response.json()) as AltchaChallenge);
}

/** POST join as `visitor`; answers the status, the body and the Redis commands the server sent for it. */
async function join(visitor: string, token: string) {
  const tally: string[] = [];
  const id = randomUUID();
  tallies.set(id, tally);
  const response = await fetch(`${t.url}/api/queue/${pid}/join?lang=en`, {
    method: 'POST',
    headers: { uuid: visitor, 'content-type': 'application/json', 'x-tally': id },
    body: JSON.stringify({ recaptchaToken: token }),
  });
  const body = (await response.json()) as QueueStatusResponse & { error?: string };
  // A refusal is also counted for the control room (observability's refusal tally, one MULTI sent without holding
  // the answer back): the control room's cost, not the join's, and it may land after the answer.
  const redis = tally.filter((command) => !command.endsWith('observability/refusal-tally.ts'));
  return { status: response.status, body, retryAfter: response.headers.get('retry-after'), redis };
}

test(`a join costs ${JOIN_BUDGET} Redis round trip: rate limit, proof binding and place in one script`, async () => {
  // A first join loads the scripts (EVALSHA, then EVAL once): not what a join costs on a warm node.
  const warm = randomUUID();
  expect((await join(warm, await joinToken(warm))).status).toBe(201);

  const me = randomUUID();
  const joined = await join(me, await joinToken(me));
  expect(joined.status).toBe(201);
  expect(joined.body).toMatchObject({ state: 'waiting', pass: null });
  expect({ commands: joined.redis.length, list: joined.redis }).toEqual({
    commands: JOIN_BUDGET,
    list: ['evalsha from queue/queue-store.ts'],
  });
});

test('the one script still binds the proof: its owner joins again with it, another visitor is refused', async () => {
  const [owner, other] = [randomUUID(), randomUUID()];
  const token = await joinToken(owner);
  const first = await join(owner, token);
  expect(first.status).toBe(201);
  const again = await join(owner, token);
  expect(again.status).toBe(201);
  expect(again.body.ticketNo).toBe(first.body.ticketNo);
  const stolen = await join(other, token);
  expect(stolen.status).toBe(403);
  expect(stolen.body.error).toBe('INVALID_CAPTCHA');
  expect(stolen.redis).toHaveLength(JOIN_BUDGET);
});

test('an expired proof joins only the visitor it was bound to while fresh', async () => {
  const [owner, other] = [randomUUID(), randomUUID()];
  const token = await joinToken(owner);
  const otherToken = await joinToken(other);
  expect((await join(owner, token)).status).toBe(201);
  // The challenge's expiry is ALTCHA's, read from Date.now (not the app's Clock): an hour on, both have expired.
  const now = Date.now();
  const later = jest.spyOn(Date, 'now').mockReturnValue(now + 3_600_000);
  try {
    expect((await join(owner, token)).status).toBe(201);
    // Expired before anyone used it: nobody's.
    const unbound = await join(other, otherToken);
    expect(unbound.status).toBe(403);
    expect(unbound.body.error).toBe('INVALID_CAPTCHA');
    expect((await join(other, token)).status).toBe(403);
  } finally {
    later.mockRestore();
  }
});

test('the eleventh join of a visitor in a minute is refused with 429 and Retry-After, in the same one script', async () => {
  const me = randomUUID();
  const token = await joinToken(me);
  const answers = [];
  for (let i = 0; i < 11; i++) answers.push(await join(me, token));
  expect(answers.map((a) => a.status)).toEqual([...Array<number>(10).fill(201), 429]);
  const refused = answers[10]!;
  expect(refused.body.error).toBe('TOO_MANY_REQUESTS');
  expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
  expect(refused.redis).toHaveLength(JOIN_BUDGET);
});

test('a proof of another line is refused (a join challenge names its line)', async () => {
  const me = randomUUID();
  const response = await fetch(`${t.url}/api/queue/${pid + 100_000}/challenge`, { headers: { uuid: me } });
  const elsewhere = await solveAltchaChallenge((await response.json()) as AltchaChallenge);
  const answer = await join(me, elsewhere);
  expect(answer.status).toBe(403);
  expect(answer.body.error).toBe('INVALID_CAPTCHA');
});

test("every key the join's script touches is in the line's Redis Cluster slot (counters, binding, line)", async () => {
  const me = randomUUID();
  const token = await joinToken(me);
  expect((await join(me, token)).status).toBe(201);
  const prefix = t.config.REDIS_PREFIX;
  const lineSlot = keySlot(queueKeys(prefix, pid).line);
  const proof = await t.app.get(AltchaBotCheck).check(token, me);
  expect(proof.ok && keySlot(proof.binding.key)).toBe(lineSlot);
  const redis = t.app.get<Redis>(REDIS);
  expect(await redis.get(proof.ok ? proof.binding.key : '')).toBe(me);
  const counters = await redis.keys(`${prefix}rl:queue-join:*${me}`);
  expect(counters).toHaveLength(1);
  const byAddress = await redis.keys(`${prefix}rl:queue-join:{${pid}}:60:ip:*`);
  expect([...counters, ...byAddress].map(keySlot)).toEqual([...counters, ...byAddress].map(() => lineSlot));
});

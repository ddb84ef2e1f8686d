// Baseline for lock-path.bench.mjs: the least a lock endpoint can be - node:http,
// JSON in and out, and the SAME Lua lock/unlock scripts the seat engine runs
// (loaded from server/dist), with no framework, validation, bot check or rules.
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const Redis = require(path.join(ROOT, 'node_modules', 'ioredis'));
const { LOCK_LUA } = require(path.join(ROOT, 'server/dist/seats/lua/lock.lua.js'));
const { UNLOCK_LUA } = require(path.join(ROOT, 'server/dist/seats/lua/unlock.lua.js'));
const { INIT_LUA } = require(path.join(ROOT, 'server/dist/seats/lua/init.lua.js'));
const { presentationKeys, dueKey, changesChannel } = require(path.join(ROOT, 'server/dist/seats/seat-keys.js'));

const prefix = 'bare:';
const pid = Number(process.env.PRESENTATION_ID ?? 1);
const redis = new (Redis.default ?? Redis)(process.env.REDIS_URL, { enableAutoPipelining: true });
redis.defineCommand('bareLock', { lua: LOCK_LUA, numberOfKeys: 8 });
redis.defineCommand('bareUnlock', { lua: UNLOCK_LUA, numberOfKeys: 7 });
redis.defineCommand('bareInit', { lua: INIT_LUA, numberOfKeys: 9 });
const k = presentationKeys(prefix, pid);
const due = dueKey(prefix);
const channel = changesChannel(prefix);
await redis.bareInit(k.init, k.st, k.exp, k.ver, k.log, k.taken, k.ga, k.ganext, due, pid, channel, k.base, 0, 0);

function readBody(req) {
  return new Promise((resolve) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

/** The same Lua lock or unlock, its answer as [status, body]. */
async function handle(path, owner, body) {
  let reply;
  if (path === '/lock') {
    reply = await redis.bareLock(
      k.init,
      k.st,
      k.exp,
      k.ver,
      k.log,
      k.taken,
      due,
      k.own(owner),
      pid,
      channel,
      1000,
      owner,
      900_000,
      10,
      0,
      3600,
      100_000,
      100_000,
      1,
      body.key,
      0,
    );
  } else {
    reply = await redis.bareUnlock(
      k.init,
      k.st,
      k.exp,
      k.ver,
      k.log,
      k.taken,
      k.ga,
      pid,
      channel,
      1000,
      owner,
      k.base,
      1,
      body.key,
    );
  }
  const ok = reply[0] === 'OK';
  return [ok ? 200 : 409, ok ? { version: reply[1] } : { error: reply[1] }];
}

let server;
if (process.env.BARE_FRAMEWORK === 'fastify') {
  // The framework floor (lock-path.bench.mjs --floor): fastify alone, as the real server uses it under NestJS,
  // with its default JSON body parser and serialiser and nothing else.
  const fastify = require(path.join(ROOT, 'node_modules', 'fastify'))({ keepAliveTimeout: 60_000 });
  for (const url of ['/lock', '/unlock']) {
    fastify.put(url, async (request, reply) => {
      const [status, answer] = await handle(url, request.headers.uuid, request.body);
      return reply.status(status).send(answer);
    });
  }
  await fastify.listen({ port: 0, host: '127.0.0.1' });
  server = fastify.server;
  process.stdout.write(`READY ${server.address().port}\n`);
} else {
  server = http.createServer(async (req, res) => {
    try {
      const [status, answer] = await handle(req.url, req.headers.uuid, JSON.parse(await readBody(req)));
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer));
    } catch (error) {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: String(error) }));
    }
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => process.stdout.write(`READY ${server.address().port}\n`));
}
process.on('SIGTERM', () => {
  server.close();
  redis.quit().finally(() => process.exit(0));
});

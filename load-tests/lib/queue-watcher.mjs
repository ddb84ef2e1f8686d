// One child process of queue.bench.mjs holding socket.io waiting-room pages. The parent sends
// { type: 'connect', url, presentationId, visitors: [{ uuid, ticket, ticketNo }] }; each page
// subscribes to its queue's room and records when it first learns it has passed the head
// (a progress message with removed > ticketNo). The parent asks for { type: 'report' }, and
// { type: 'heartbeats', count, spacingMs } makes every page send `count` heartbeats `spacingMs` apart
// (the body the page's QueueFeed sends every 30 s), answered when the last is sent.
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const { io } = require(path.join(ROOT, 'node_modules', 'socket.io-client'));

const pages = [];
let messages = 0;
// queue:error answers: a refused subscription or heartbeat (bad ticket, or over the socket's message budget). The
// bench reports them: a refused heartbeat costs less than a served one, so a phase with any is not the cost.
let errors = 0;

/** One page's `count` heartbeats, the first at a random point of the first gap so a process's pages send evenly. */
function beat(page, count, spacingMs) {
  return new Promise((resolve) => {
    let left = count;
    let sent = 0;
    const once = () => {
      if (page.socket.connected) {
        page.socket.emit('queue:heartbeat', page.hello);
        sent++;
      }
      if (--left > 0) setTimeout(once, spacingMs);
      else resolve(sent);
    };
    setTimeout(once, Math.random() * spacingMs);
  });
}

process.on('message', async (msg) => {
  if (msg.type === 'connect') {
    await Promise.all(
      msg.visitors.map(
        (v) =>
          new Promise((resolve) => {
            const hello = { presentationId: msg.presentationId, visitorId: v.uuid, ticket: v.ticket };
            const page = { uuid: v.uuid, ticketNo: v.ticketNo, knewAt: null, hello };
            const socket = io(msg.url, { transports: ['websocket'], forceNew: true, reconnection: false });
            page.socket = socket;
            socket.on('connect', () => {
              socket.emit('queue:subscribe', hello);
              resolve();
            });
            socket.on('connect_error', () => resolve());
            socket.on('queue:progress', (m) => {
              messages++;
              if (page.knewAt === null && page.ticketNo !== null && m.removed > page.ticketNo) page.knewAt = Date.now();
            });
            socket.on('queue:error', () => {
              errors++;
            });
            pages.push(page);
          }),
      ),
    );
    process.send({ type: 'connected', count: pages.filter((p) => p.socket.connected).length });
  } else if (msg.type === 'report') {
    process.send({
      type: 'report',
      messages,
      errors,
      knew: pages.filter((p) => p.knewAt !== null).map((p) => ({ uuid: p.uuid, at: p.knewAt })),
    });
  } else if (msg.type === 'heartbeats') {
    const sent = await Promise.all(pages.map((p) => beat(p, msg.count, msg.spacingMs)));
    process.send({ type: 'heartbeats', sent: sent.reduce((s, n) => s + n, 0) });
  } else if (msg.type === 'close') {
    for (const p of pages) p.socket.disconnect();
    process.exit(0);
  }
});
process.send({ type: 'ready' });

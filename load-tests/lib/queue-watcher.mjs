// One child process of queue.bench.mjs holding socket.io waiting-room pages. The parent sends
// { type: 'connect', url, presentationId, visitors: [{ uuid, ticket, ticketNo }], bare }; each page
// subscribes to its queue's room and records when it first learns it has passed the head
// (a progress message with removed > ticketNo). The parent asks for { type: 'report' }.
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const { io } = require(path.join(ROOT, 'node_modules', 'socket.io-client'));

const pages = [];
let messages = 0;

process.on('message', async (msg) => {
  if (msg.type === 'connect') {
    await Promise.all(
      msg.visitors.map(
        (v) =>
          new Promise((resolve) => {
            const page = { uuid: v.uuid, ticketNo: v.ticketNo, knewAt: null };
            const socket = io(msg.url, { transports: ['websocket'], forceNew: true, reconnection: false });
            page.socket = socket;
            socket.on('connect', () => {
              socket.emit('queue:subscribe', {
                presentationId: msg.presentationId,
                visitorId: v.uuid,
                ticket: v.ticket,
              });
              resolve();
            });
            socket.on('connect_error', () => resolve());
            socket.on('queue:progress', (m) => {
              messages++;
              if (page.knewAt === null && page.ticketNo !== null && m.removed > page.ticketNo) page.knewAt = Date.now();
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
      knew: pages.filter((p) => p.knewAt !== null).map((p) => ({ uuid: p.uuid, at: p.knewAt })),
    });
  } else if (msg.type === 'close') {
    for (const p of pages) p.socket.disconnect();
    process.exit(0);
  }
});
process.send({ type: 'ready' });

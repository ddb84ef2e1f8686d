// Baseline for queue.bench.mjs: a bare socket.io server that puts every subscriber in one room and
// broadcasts a progress message of the waiting room's shape once a second. Prints READY <port>.
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const { Server } = require(path.join(ROOT, 'node_modules', 'socket.io'));

const httpServer = http.createServer();
const ioServer = new Server(httpServer, { path: '/socket.io', perMessageDeflate: false });
ioServer.on('connection', (socket) => {
  socket.on('queue:subscribe', (m) => socket.join(`queue:${m.presentationId}`));
});
let removed = 0;
const timer = setInterval(() => {
  removed += 100;
  ioServer.to('queue:1').emit('queue:progress', {
    presentationId: 1,
    removed,
    lineLength: 100_000 - removed,
    admitPerMinute: 6000,
    open: true,
    serverTime: Date.now(),
  });
}, 1000);
httpServer.listen(0, '127.0.0.1', () => process.stdout.write(`READY ${httpServer.address().port}\n`));
process.on('SIGTERM', () => {
  clearInterval(timer);
  ioServer.close();
  process.exit(0);
});

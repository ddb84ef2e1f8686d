// Baseline for fanout.bench.mjs: a bare socket.io server broadcasting to one room, on
// the same port/path/options as the real one, with batches shaped like the seat engine's
// (contiguous versions, status rows) at the rate the parent asks for. Prints READY <port>.
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const { Server } = require(path.join(ROOT, 'node_modules', 'socket.io'));

const httpServer = http.createServer();
const ioServer = new Server(httpServer, { path: '/socket.io', perMessageDeflate: false });
let version = 1_000;
ioServer.on('connection', (socket) => {
  socket.on('seats:subscribe', (m) => {
    socket.emit('seats:snapshot', { presentationId: m.presentationId, version, rows: [] });
    socket.join(`p:${m.presentationId}`);
  });
});
let timer = null;
process.on('message', (msg) => {
  if (msg.type === 'start') {
    // changesPerSecond spread over batches of batchMs, like the real feed does.
    const perBatch = Math.max(1, Math.round((msg.changesPerSecond * msg.batchMs) / 1000));
    timer = setInterval(() => {
      const rows = Array.from({ length: perBatch }, (_, i) => [1, 1, (i % 14) + 1, 5, -1, 1, i % 2 ? 5 : 1]);
      const from = version;
      version += perBatch;
      ioServer.to(`p:${msg.presentationId}`).emit('seats:delta', {
        presentationId: msg.presentationId,
        fromVersion: from,
        toVersion: version,
        rows,
        t: Date.now(),
      });
    }, msg.batchMs);
  } else if (msg.type === 'stop') {
    clearInterval(timer);
    process.send({ type: 'stopped', version });
  }
});
httpServer.listen(0, '127.0.0.1', () => process.stdout.write(`READY ${httpServer.address().port}\n`));
process.on('SIGTERM', () => {
  ioServer.close();
  process.exit(0);
});

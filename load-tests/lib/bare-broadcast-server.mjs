// Baseline for fanout.bench.mjs: a bare socket.io server broadcasting to one room, on
// the same port/path/options as the real one, with batches shaped like the seat engine's
// (contiguous versions, status rows) at the rate the parent asks for. Prints READY <port>.
// BARE_MODE=raw is the floor: the same bytes (one websocket frame built per batch) written straight into each
// watcher's TCP socket, with none of socket.io's, engine.io's or ws's per-socket work: what a broadcast cannot
// go below in Node.
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
const RAW = process.env.BARE_MODE === 'raw';

/** RFC 6455 unmasked text frame of engine.io message `4` + socket.io event `2`, written to each TCP socket. */
function rawBroadcast(room, event, payload) {
  const data = Buffer.from(`42${JSON.stringify([event, payload])}`);
  const header = data.length < 126 ? 2 : 4;
  const frame = Buffer.allocUnsafe(header + data.length);
  frame[0] = 0x81;
  if (header === 2) frame[1] = data.length;
  else {
    frame[1] = 126;
    frame.writeUInt16BE(data.length, 2);
  }
  data.copy(frame, header);
  for (const id of ioServer.sockets.adapter.rooms.get(room) ?? []) {
    ioServer.sockets.sockets.get(id)?.conn.transport.socket._socket.write(frame);
  }
}
process.on('message', (msg) => {
  if (msg.type === 'start') {
    // changesPerSecond spread over batches of batchMs, like the real feed does.
    const perBatch = Math.max(1, Math.round((msg.changesPerSecond * msg.batchMs) / 1000));
    timer = setInterval(() => {
      const rows = Array.from({ length: perBatch }, (_, i) => [1, 1, (i % 14) + 1, 5, -1, 1, i % 2 ? 5 : 1]);
      const from = version;
      version += perBatch;
      const delta = { presentationId: msg.presentationId, fromVersion: from, toVersion: version, rows, t: Date.now() };
      if (RAW) rawBroadcast(`p:${msg.presentationId}`, 'seats:delta', delta);
      else ioServer.to(`p:${msg.presentationId}`).emit('seats:delta', delta);
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

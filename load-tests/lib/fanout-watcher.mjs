// One child process of fanout.bench.mjs holding COUNT socket.io watchers of one presentation.
// Each watcher checks the protocol as it goes (fromVersion == previous toVersion, no
// duplicates) and records when each delta arrived. The parent asks for a report per window.
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const { io } = require(path.join(ROOT, 'node_modules', 'socket.io-client'));

const [url, countText, pidText] = process.argv.slice(2);
const count = Number(countText);
const presentationId = Number(pidText);
const watchers = [];

function makeWatcher() {
  const w = {
    version: 0,
    startVersion: 0,
    ranges: [],
    gaps: 0,
    dups: 0,
    deltas: 0,
    snapshots: 0,
    arrivals: [],
    sentAt: [],
  };
  const socket = io(url, { transports: ['websocket'], forceNew: true, reconnection: false });
  w.socket = socket;
  socket.on('seats:snapshot', (m) => {
    w.snapshots++;
    w.version = m.version;
    if (!w.startVersion) w.startVersion = m.version;
  });
  socket.on('seats:delta', (m) => {
    const now = Date.now();
    w.deltas++;
    if (m.fromVersion < w.version) w.dups++;
    else if (m.fromVersion > w.version) w.gaps++;
    w.ranges.push([m.fromVersion, m.toVersion]);
    w.arrivals.push(now);
    w.sentAt.push(typeof m.t === 'number' ? m.t : 0);
    w.version = m.toVersion;
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => {
      socket.once('seats:snapshot', () => resolve(w));
      socket.emit('seats:subscribe', { presentationId });
    });
    socket.once('connect_error', reject);
  });
}

process.on('message', async (msg) => {
  if (msg.type === 'connect') {
    for (let i = 0; i < count; i += 50) {
      watchers.push(...(await Promise.all(Array.from({ length: Math.min(50, count - i) }, makeWatcher))));
    }
    process.send({ type: 'connected', count: watchers.length });
  } else if (msg.type === 'reset') {
    for (const w of watchers) {
      w.ranges = [];
      w.arrivals = [];
      w.sentAt = [];
      w.gaps = 0;
      w.dups = 0;
      w.deltas = 0;
      w.startVersion = w.version;
    }
    process.send({ type: 'reset', versions: watchers.map((w) => w.version) });
  } else if (msg.type === 'report') {
    // versionTimes: [version, ms] pairs from the driver (when the change was requested).
    const times = new Map(msg.versionTimes);
    const latencies = [];
    let lost = 0;
    let gaps = 0;
    let dups = 0;
    let deltas = 0;
    let behind = 0;
    for (const w of watchers) {
      gaps += w.gaps;
      dups += w.dups;
      deltas += w.deltas;
      let covered = 0;
      for (const [from, to] of w.ranges) covered += to - from;
      const expected = msg.finalVersion - w.startVersion;
      if (w.version < msg.finalVersion) behind++;
      lost += Math.max(0, expected - covered);
      for (let i = 0; i < w.ranges.length; i++) {
        const [from, to] = w.ranges[i];
        if (w.sentAt[i]) {
          latencies.push(w.arrivals[i] - w.sentAt[i]);
          continue;
        }
        for (let v = from + 1; v <= to; v++) {
          const t = times.get(v);
          if (t !== undefined) latencies.push(w.arrivals[i] - t);
        }
      }
    }
    latencies.sort((a, b) => a - b);
    const pick = (p) =>
      latencies.length ? latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] : NaN;
    process.send({
      type: 'report',
      watchers: watchers.length,
      deltas,
      gaps,
      dups,
      lost,
      behind,
      samples: latencies.length,
      p50: pick(50),
      p99: pick(99),
      max: latencies[latencies.length - 1] ?? NaN,
    });
  } else if (msg.type === 'close') {
    for (const w of watchers) w.socket.close();
    process.exit(0);
  }
});
process.send({ type: 'ready' });

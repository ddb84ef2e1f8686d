// metrics-cost-server.mjs - one side of metrics-cost.bench.mjs: a fastify server whose one route runs the seat lock's
// recording (Metrics.timed) around a trivial piece of work, with the metrics additions VARIANT names switched on:
//   off         nothing (the NO_METRICS port)
//   collectors  prom-client's default collectors only (event-loop delay monitor, GC observer, ...), nothing recorded
//   gc          prom-client's GC observer alone (a PerformanceObserver of every garbage collection)
//   eld         prom-client's event-loop delay monitor alone (perf_hooks.monitorEventLoopDelay, 10 ms resolution)
//   node        the server's own Node metrics from DIST (node-metrics.js: prom-client's collectors but ours for GC and,
//               where DIST has it, the event-loop delay read from the node's one monitor)
//   ourgc       the server's GC histogram alone from DIST (gc-metrics.js)
//   gcfloor     a GC PerformanceObserver that does nothing: what Node itself spends per collection for any observer
//   gcprofiler  v8.GCProfiler instead of an observer (no JavaScript per collection; it writes each collection's heap
//               statistics as JSON), stopped, parsed and restarted every 15 s as a scrape would
//   hook        an onResponse hook reading what an HTTP hook reads (route template, status, elapsed), recording nothing
//   full        the PromMetrics adapter and its HTTP recording from DIST (a compiled server/dist), as METRICS_PORT
//               gives: an onResponse hook (installHttpMetrics) or fastify's log controller (HttpAnswerMetrics),
//               whichever that DIST has
// Every variant has the no-op onResponse hook NestJS's fastify adapter always installs (so fastify sets up its response
// listeners on every request, as in the application). Prints its port on stdout; answers GET /cpu with its own process.cpuUsage() (µs).
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
// The server's own packages, as the server loads them (load-tests does not depend on them itself).
const serverPackage = (name) => require(path.join(ROOT, 'node_modules', name));
const variant = process.env.VARIANT ?? 'off';
const dist = path.resolve(process.env.DIST ?? 'server/dist');
const fromDist = (file, optional = false) => {
  try {
    return require(path.join(dist, 'observability', file));
  } catch (error) {
    if (optional && error.code === 'MODULE_NOT_FOUND') return undefined;
    throw error;
  }
};

let metrics = fromDist('metrics.js').NO_METRICS;
let options = { logger: false };
let install = () => {};
if (variant === 'collectors') {
  const { Registry, collectDefaultMetrics } = serverPackage('prom-client');
  collectDefaultMetrics({ register: new Registry() });
} else if (variant === 'gc') {
  const { Registry } = serverPackage('prom-client');
  serverPackage('prom-client/lib/metrics/gc')(new Registry());
} else if (variant === 'node') {
  const { Registry } = serverPackage('prom-client');
  // A build from before the one shared event-loop monitor takes no second argument (and starts its own).
  const delay = fromDist('event-loop-delay.js', true)?.EventLoopDelay;
  fromDist('node-metrics.js').collectNodeMetrics(new Registry(), delay && new delay());
} else if (variant === 'ourgc') {
  const { Registry } = serverPackage('prom-client');
  fromDist('gc-metrics.js').recordGarbageCollection(new Registry());
} else if (variant === 'gcfloor') {
  const { PerformanceObserver } = require('node:perf_hooks');
  new PerformanceObserver(() => {}).observe({ entryTypes: ['gc'] });
} else if (variant === 'gcprofiler') {
  const v8 = require('node:v8');
  let profiler = new v8.GCProfiler();
  profiler.start();
  let sink = 0;
  setInterval(() => {
    sink += profiler.stop().statistics.reduce((a, s) => a + s.cost, 0);
    profiler = new v8.GCProfiler();
    profiler.start();
  }, 15_000).unref();
  process.on('exit', () => sink);
} else if (variant === 'eld') {
  require('node:perf_hooks').monitorEventLoopDelay({ resolution: 10 }).enable();
} else if (variant === 'hook') {
  let sink = 0;
  install = (app) =>
    app.addHook('onResponse', (request, reply, done) => {
      sink += (request.routeOptions.url ?? '').length + reply.statusCode + reply.elapsedTime;
      done();
    });
  process.on('exit', () => sink);
} else if (variant === 'full') {
  const http = fromDist('http-metrics.js');
  metrics = new (fromDist('prom-metrics.js').PromMetrics)('bench');
  if (http.HttpAnswerMetrics) {
    const answers = new http.HttpAnswerMetrics();
    answers.record(metrics);
    options = { ...options, logController: answers };
  } else install = (app) => http.installHttpMetrics(app, metrics);
} else if (variant !== 'off') throw new Error(`unknown VARIANT ${variant}`);

const fastify = serverPackage('fastify')(options);
fastify.addHook('onResponse', (_request, _reply, done) => done());
install(fastify);
fastify.put('/api/seats/lock-seat', (request) =>
  metrics.timed('seat_lock', () => Promise.resolve({ locked: true, seat: request.body?.seat ?? null })),
);
fastify.get('/cpu', () => process.cpuUsage());
fastify.listen({ port: 0, host: '127.0.0.1' }).then(() => {
  process.stdout.write(`${fastify.server.address().port}\n`);
});

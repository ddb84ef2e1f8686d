// What stalls a node process, between two reads: its event loop's delay (perf_hooks' monitorEventLoopDelay, sampled
// in C++ by a libuv timer), its garbage collections by kind (PerformanceObserver 'gc': count, total and longest
// pause), its event-loop utilisation and its own CPU (all threads, and the main thread's). Used in two ways:
//  - in the bench's own process (createProbe()): the client's cost and stalls, which share the cores with the server;
//  - preloaded into the server (`node --require load-tests/lib/loop-probe.cjs`, LOOP_PROBE_FILE set): on SIGWINCH the
//    server writes what it saw since the previous signal to that file (then renamed into place) and starts afresh.
//    Nothing of the server's own code changes; the bench reads it with serverProbe (light-http.mjs).
'use strict';
const { monitorEventLoopDelay, constants } = require('node:perf_hooks');
const { readFileSync, renameSync, writeFileSync } = require('node:fs');

/** The calling thread's CPU ms (user + system, /proc/thread-self, Linux): the event loop's own, not libuv's threads'. */
function threadCpuMs() {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
}

/** Delay samples every 2 ms: a stall of a few ms shows, and the timer costs little (C++, no JavaScript). */
const RESOLUTION_MS = 2;

const GC_KINDS = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'scavenge',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'mark-compact',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak-callbacks',
};

function createProbe() {
  const delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  delay.enable();
  let gc = {};
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = GC_KINDS[entry.detail?.kind] ?? 'other';
      const k = (gc[kind] ??= { count: 0, totalMs: 0, maxMs: 0, over10ms: 0 });
      k.count += 1;
      k.totalMs += entry.duration;
      k.maxMs = Math.max(k.maxMs, entry.duration);
      if (entry.duration > 10) k.over10ms += 1;
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  let cpu0 = process.cpuUsage();
  let main0 = threadCpuMs();
  let elu0 = performance.eventLoopUtilization();
  let t0 = performance.now();
  const ms = (ns) => ns / 1e6;
  return {
    /** Starts a new period. */
    reset() {
      delay.reset();
      gc = {};
      cpu0 = process.cpuUsage();
      main0 = threadCpuMs();
      elu0 = performance.eventLoopUtilization();
      t0 = performance.now();
    },
    /** What happened since the last reset (times in ms). */
    read() {
      const cpu = process.cpuUsage(cpu0);
      const gcTotal = Object.values(gc).reduce((s, k) => s + k.totalMs, 0);
      return {
        wallMs: performance.now() - t0,
        cpuMs: (cpu.user + cpu.system) / 1000,
        /** The main thread's share (the rest: libuv's threadpool, V8's GC and compiler threads). */
        mainThreadCpuMs: threadCpuMs() - main0,
        eventLoopUtilization: performance.eventLoopUtilization(elu0).utilization,
        delay: {
          samples: delay.count,
          p50: ms(delay.percentile(50)),
          p99: ms(delay.percentile(99)),
          max: ms(delay.max),
          mean: ms(delay.mean),
        },
        gc: { totalMs: gcTotal, ...gc },
      };
    },
  };
}

module.exports = { createProbe };

// Preloaded into a server: answer SIGWINCH with a file. Not SIGUSR2: Nest's shutdown hooks (app.enableShutdownHooks()
// without a list) close the application on it. SIGWINCH is a terminal's resize: nothing else in the server listens.
if (process.env.LOOP_PROBE_FILE) {
  const probe = createProbe();
  const file = process.env.LOOP_PROBE_FILE;
  let seq = 0;
  process.on('SIGWINCH', () => {
    seq += 1;
    writeFileSync(`${file}.tmp`, JSON.stringify({ seq, ...probe.read() }));
    renameSync(`${file}.tmp`, file);
    probe.reset();
  });
}

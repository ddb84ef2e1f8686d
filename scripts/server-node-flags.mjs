// Flags for the node process that runs the server (server/dist/main.js), shared by start, test, the benchmarks and
// the Dockerfile's NODE_OPTIONS. On Node 22 AsyncLocalStorage (the waiting room's per-request admission context,
// server/src/queue/admission-context.ts) is built on async_hooks, which taxes every promise in the process: measured,
// the lock path fell from 37.6 % to 31.4 % of the bare server; with AsyncContextFrame it was back at 36.8 %
// (load-tests/RESULTS.md). Node 24 uses AsyncContextFrame by default.
export function serverNodeFlags(version = process.versions.node) {
  return Number(version.split('.')[0]) === 22 ? ['--experimental-async-context-frame'] : [];
}

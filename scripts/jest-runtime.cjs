// jest's module runtime, with two costs of every fresh module registry cut; everything else is jest's own runtime.
//
// jest gives every test file a fresh module registry; a file that loads the server loads ≈ 3,000 modules into it
// (≈ 570 of the server's and shared's, the rest node_modules), in each of ≈ 100 registries a run. Measured per
// registry (docs/testing.md, "2026-12-01 (session 11): jest's registries"), two things jest does there again and again
// for nothing:
// - It reads each module's source from disk again (jest-runtime's FileCache lives as long as one test file), though
//   the compiled code comes from the transformer's in-memory cache of the worker (keyed by path and mtime) and does
//   not need it: an open, a read, a close and a UTF-8 decode per module. Here a worker keeps the source it read and
//   hands it to the next registry: a file of ours while its mtime and size are the same (a stat instead of the read;
//   changed meanwhile, it is read again), a file under node_modules as it is (jest's module map takes node_modules as
//   fixed during a run too). The string is the one the transformer's cache already holds as the module's original
//   code, so the worker keeps nothing twice.
// - It builds a `jest` object (about 60 closures) for every module it runs, to pass as the module's `jest` parameter.
//   node_modules code never uses it; for those modules the object is built on the first use of the parameter, if
//   any (a Proxy in front of it), and our own files get jest's object as before.
const fs = require('node:fs');
const Runtime = require('jest-runtime').default;

/** path -> { mtimeMs, size, source } for this worker's whole life. */
const sources = new Map();
const inNodeModules = (filename) => filename.includes('/node_modules/');

function sharedRead(fileCache, original) {
  return function readFile(filename) {
    const known = fileCache.strings.get(filename);
    if (known !== undefined) return known;
    const kept = sources.get(filename);
    let source;
    if (kept && inNodeModules(filename)) {
      source = kept.source;
    } else {
      const stat = fs.statSync(filename, { throwIfNoEntry: false });
      if (!stat) return original(filename); // jest's own error for a missing file
      if (kept && kept.mtimeMs === stat.mtimeMs && kept.size === stat.size) {
        source = kept.source;
      } else {
        source = original(filename);
        sources.set(filename, { mtimeMs: stat.mtimeMs, size: stat.size, source });
      }
    }
    fileCache.strings.set(filename, source);
    return source;
  };
}

/** A stand-in for a module's `jest` object that builds the real one on first use. */
function lazyJestObject(build) {
  let real;
  const target = () => (real ??= build());
  return new Proxy(
    {},
    {
      get: (_, key) => Reflect.get(target(), key),
      set: (_, key, value) => Reflect.set(target(), key, value),
      has: (_, key) => Reflect.has(target(), key),
      ownKeys: () => Reflect.ownKeys(target()),
      getOwnPropertyDescriptor: (_, key) => {
        const descriptor = Reflect.getOwnPropertyDescriptor(target(), key);
        if (descriptor) descriptor.configurable = true; // a proxy may not report a property its target lacks as fixed
        return descriptor;
      },
      defineProperty: (_, key, descriptor) => Reflect.defineProperty(target(), key, descriptor),
      deleteProperty: (_, key) => Reflect.deleteProperty(target(), key),
      getPrototypeOf: () => Reflect.getPrototypeOf(target()),
    },
  );
}

class SharedSourcesRuntime extends Runtime {
  constructor(...args) {
    super(...args);
    const fileCache = this.fileCache;
    fileCache.readFile = sharedRead(fileCache, fileCache.readFile.bind(fileCache));
    const jestGlobals = this.jestGlobals;
    const jestObjectFor = jestGlobals.jestObjectFor.bind(jestGlobals);
    jestGlobals.jestObjectFor = (from) =>
      inNodeModules(from) && !jestGlobals.cache.has(from)
        ? lazyJestObject(() => jestObjectFor(from))
        : jestObjectFor(from);
  }
}

module.exports = SharedSourcesRuntime;

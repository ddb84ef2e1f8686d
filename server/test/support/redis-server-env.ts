/**
 * The environment for a redis-server a test starts itself. Under the clock guard (scripts/clock-guard.mjs) the test
 * runs with libfaketime preloaded; Debian's redis-server (jemalloc) cannot start with it, and keeps the real clock
 * like the suite's own Redis (scripts/services.mjs): the seat engine reads Redis time only inside its scripts.
 */
export function redisServerEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  if (!env.LD_PRELOAD?.includes('faketime')) return env;
  const { FAKETIME: _offset, ...rest } = env;
  const preload = (env.LD_PRELOAD ?? '').split(':').filter((lib) => lib && !lib.includes('faketime'));
  return { ...rest, LD_PRELOAD: preload.join(':') };
}

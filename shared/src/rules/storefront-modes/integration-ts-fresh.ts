/**
 * A partner link's TS (Unix time, seconds or milliseconds) is accepted only while it is fresh: not older
 * than `maxAgeSeconds` and not more than `maxSkewSeconds` in the future (the partner's clock may run a little
 * ahead). An old link cannot be replayed (docs/storefront-modes.md).
 */
export function isIntegrationTsFresh(ts: number, nowMs: number, maxAgeSeconds: number, maxSkewSeconds = 60): boolean {
  if (!Number.isSafeInteger(ts) || ts <= 0) return false;
  // Ten digits or fewer are seconds (until the year 2286); more are milliseconds.
  const tsMs = ts < 10_000_000_000 ? ts * 1000 : ts;
  const age = nowMs - tsMs;
  return age <= maxAgeSeconds * 1000 && age >= -maxSkewSeconds * 1000;
}

import { LRUCache } from 'lru-cache';

/**
 * An LRUCache made on its first use. lru-cache allocates all of `max`'s slots when it is constructed (two arrays of
 * `max` entries, two more with a ttl): ≈ 25 ms of CPU for the app's four large ones (rate-limit leases, the bot check's
 * memo, the hold caps, the presentations' plans), ≈ 5 % of every app start, paid by every test app that never calls
 * the routes they serve (docs/testing.md, "the app's start"). The first use pays it once.
 */
export function lazyLru<K extends NonNullable<unknown>, V extends NonNullable<unknown>>(
  options: LRUCache.Options<K, V, unknown>,
): () => LRUCache<K, V> {
  let cache: LRUCache<K, V> | undefined;
  return () => (cache ??= new LRUCache<K, V>(options));
}

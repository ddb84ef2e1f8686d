/**
 * `work` over `items`, answered in the items' order: the items of one key one after another in their order, items of
 * different keys side by side, at most `lanes` at once. Every item is worked on even when one fails; then the first
 * failure (in the items' order) is thrown.
 */
export async function inKeyOrder<T, R>(
  items: T[],
  keyOf: (item: T, index: number) => string,
  lanes: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const chains = new Map<string, number[]>();
  items.forEach((item, i) => {
    const key = keyOf(item, i);
    chains.set(key, [...(chains.get(key) ?? []), i]);
  });
  const waiting = [...chains.values()];
  const results = new Array<PromiseSettledResult<R>>(items.length);
  const lane = async () => {
    for (let chain = waiting.shift(); chain; chain = waiting.shift())
      for (const i of chain)
        results[i] = await work(items[i]!, i).then(
          (value): PromiseSettledResult<R> => ({ status: 'fulfilled', value }),
          (reason: unknown): PromiseSettledResult<R> => ({ status: 'rejected', reason }),
        );
  };
  await Promise.all(Array.from({ length: Math.min(lanes, waiting.length) }, lane));
  return results.map((r) => {
    if (r.status === 'rejected') throw r.reason;
    return r.value;
  });
}

import { SoldSeatBatcher } from '../../src/seats/sold-seat-batcher';

/** The lock path's PostgreSQL check, coalesced: one query in flight per presentation, answers never stale. */
test('concurrent questions share queries, and each gets only its own sold seats', async () => {
  const queries: string[][] = [];
  let release: () => void = () => undefined;
  const sold = new Set(['1:2:3', '1:5:3']);
  const batcher = new SoldSeatBatcher(async (_pid, seats) => {
    queries.push(seats.map((s) => `${s.sectionId}:${s.x}:${s.y}`));
    if (queries.length === 1) await new Promise<void>((resolve) => (release = resolve));
    return seats.map((s) => `${s.sectionId}:${s.x}:${s.y}`).filter((k) => sold.has(k));
  });
  const first = batcher.soldAmong(7, [{ sectionId: 1, x: 1, y: 3 }]);
  // Asked while the first query runs: they wait for one more query, started after they were asked.
  const others = Array.from({ length: 50 }, (_, x) => batcher.soldAmong(7, [{ sectionId: 1, x, y: 3 }]));
  expect(queries).toHaveLength(1);
  release();
  expect(await first).toEqual([]);
  const answers = await Promise.all(others);
  expect(queries).toHaveLength(2);
  expect(answers[2]).toEqual(['1:2:3']);
  expect(answers[5]).toEqual(['1:5:3']);
  expect(answers.filter((a) => a.length > 0)).toHaveLength(2);
});

test('a failed query fails every question of its batch, and the next batch tries again', async () => {
  let fail = true;
  const batcher = new SoldSeatBatcher(async () => {
    if (fail) throw new Error('Query read timeout');
    return [];
  });
  await expect(batcher.soldAmong(1, [{ sectionId: 1, x: 1, y: 1 }])).rejects.toThrow('Query read timeout');
  fail = false;
  await expect(batcher.soldAmong(1, [{ sectionId: 1, x: 1, y: 1 }])).resolves.toEqual([]);
});

test('presentations are batched separately', async () => {
  const seen: number[] = [];
  const batcher = new SoldSeatBatcher(async (pid) => {
    seen.push(pid);
    return [];
  });
  await Promise.all([batcher.soldAmong(1, []), batcher.soldAmong(2, [])]);
  expect(seen.sort()).toEqual([1, 2]);
});

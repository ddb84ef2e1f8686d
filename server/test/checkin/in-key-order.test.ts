import { inKeyOrder } from '../../src/checkin/in-key-order';

/** Work that records when each item starts and ends, released item by item in the order they started. */
function recorder() {
  const log: string[] = [];
  const pending: (() => void)[] = [];
  const work = (item: string) =>
    new Promise<string>((resolve, reject) => {
      log.push(`start ${item}`);
      pending.push(() => {
        log.push(`end ${item}`);
        if (item.endsWith('!')) reject(new Error(item));
        else resolve(item.toUpperCase());
      });
    });
  const releaseAll = async () => {
    for (let i = 0; i < 100; i++) {
      await new Promise((r) => setImmediate(r));
      if (pending.length === 0) break;
      pending.shift()!();
    }
  };
  return { log, work, releaseAll };
}

const keyOf = (item: string) => item[0]!;

test.each([
  {
    name: 'items of different keys side by side, those of one key one after another',
    items: ['a1', 'b1', 'a2'],
    lanes: 4,
    log: ['start a1', 'start b1', 'end a1', 'start a2', 'end b1', 'end a2'],
  },
  {
    name: 'at most `lanes` keys at once',
    items: ['a1', 'b1', 'c1'],
    lanes: 2,
    log: ['start a1', 'start b1', 'end a1', 'start c1', 'end b1', 'end c1'],
  },
])('$name', async ({ items, lanes, log }) => {
  const r = recorder();
  const answers = inKeyOrder(items, keyOf, lanes, r.work);
  await r.releaseAll();
  expect(await answers).toEqual(items.map((i) => i.toUpperCase()));
  expect(r.log).toEqual(log);
});

test('a failure is thrown after every item was worked on, the first in the items’ order', async () => {
  const r = recorder();
  const answers = inKeyOrder(['a1', 'b1!', 'c1!', 'a2'], keyOf, 4, r.work);
  const settled = answers.then(
    () => 'answered',
    (e: Error) => e.message,
  );
  await r.releaseAll();
  expect(await settled).toBe('b1!');
  expect(r.log.filter((l) => l.startsWith('end'))).toEqual(['end a1', 'end b1!', 'end c1!', 'end a2']);
});

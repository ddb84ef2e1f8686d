import { SaleMemory } from '../../src/seats/sale-memory';

/** Steps applied in order to a fresh SaleMemory (a node that just booted), then the question for presentation 7. */
type Step =
  | 'lost'
  | 'full-ok'
  | 'regular-ok'
  | 'full-interrupted' // a full pass that started, then the connection was lost before it succeeded
  | 'sale-not-marked-7'
  | 'sale-not-marked-8';

function run(steps: Step[]): boolean {
  const memory = new SaleMemory();
  for (const step of steps) {
    if (step === 'lost') memory.connectionLost();
    else if (step === 'full-ok') memory.passSucceeded(memory.passStarting(true));
    else if (step === 'regular-ok') memory.passSucceeded(memory.passStarting(false));
    else if (step === 'full-interrupted') {
      const token = memory.passStarting(true);
      memory.connectionLost();
      memory.passSucceeded(token);
    } else memory.saleNotMarked(step === 'sale-not-marked-7' ? 7 : 8);
  }
  return memory.mustAskDatabase(7);
}

test.each<[string, Step[], boolean]>([
  ['at boot, before any full pass', [], true],
  ['a regular pass does not vouch for a node that never had a full one', ['regular-ok'], true],
  ['after the boot full pass', ['full-ok'], false],
  ['the connection was lost since', ['full-ok', 'lost'], true],
  ['a full pass after the reconnect', ['full-ok', 'lost', 'full-ok'], false],
  ['a full pass the connection dropped under does not count', ['full-ok', 'full-interrupted'], true],
  ['a markSold failed on this presentation', ['full-ok', 'sale-not-marked-7'], true],
  ['a markSold failed on another presentation', ['full-ok', 'sale-not-marked-8'], false],
  ['a regular pass after the failed markSold clears it', ['full-ok', 'sale-not-marked-7', 'regular-ok'], false],
])('%s: ask the database = %s', (_name, steps, expected) => {
  expect(run(steps)).toBe(expected);
});

test('a pass that started BEFORE the failed markSold does not clear it', () => {
  const memory = new SaleMemory();
  memory.passSucceeded(memory.passStarting(true));
  const running = memory.passStarting(false);
  memory.saleNotMarked(7);
  memory.passSucceeded(running);
  expect(memory.mustAskDatabase(7)).toBe(true);
  memory.passSucceeded(memory.passStarting(false));
  expect(memory.mustAskDatabase(7)).toBe(false);
});

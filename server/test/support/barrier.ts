/**
 * A barrier of `parties`: each caller waits in `arrive` until that many have arrived, then all go on (and every later
 * caller goes straight through). A control run uses it to force the interleaving a guard exists for, so the race
 * shows every time instead of sometimes, without a clock.
 */
export function barrierOf(parties: number): { arrive(): Promise<void> } {
  let arrived = 0;
  let release!: () => void;
  const all = new Promise<void>((r) => (release = r));
  return {
    arrive() {
      arrived += 1;
      if (arrived >= parties) release();
      return all;
    },
  };
}

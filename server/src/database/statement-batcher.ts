/** How many statements of a kind run at once: `inFlight`, and up to `deep.inFlight` while `deep.waiting` calls wait. */
export interface BatcherOptions<I> {
  inFlight: number;
  /** A queue this deep gets more statements at once (each carrying at least `waiting` calls, or all there are). */
  deep?: { waiting: number; inFlight: number };
  maxBatch: number;
  keys?: (input: I) => string[];
  /**
   * While the queue is shallow, the next statement waits until its oldest call has waited `windowMs`, for company
   * (calls arriving meanwhile join it); a deep queue goes at once. `schedule` is the timer (setTimeout unless a test
   * gives its own); it returns the timer's cancel.
   */
  fill?: { windowMs: number; schedule?: (ms: number, fire: () => void) => () => void };
}

const timer = (ms: number, fire: () => void) => {
  const t = setTimeout(fire, ms);
  return () => clearTimeout(t);
};

/**
 * Group commit for a hot statement: calls that come while `inFlight` statements are already running wait, and are
 * then sent together as ONE statement (up to `maxBatch` calls) as soon as one of those finishes. A call on a quiet
 * node goes at once, alone, so it waits for nobody; under load each statement carries what queued meanwhile. On a node
 * the cost of a call to PostgreSQL is mostly the socket write and the statement's own overhead in PostgreSQL, paid
 * once per statement instead of once per call (docs/door-checkin.md, "Cost per scan").
 *
 * The number in flight follows the queue: while at least `deep.waiting` calls wait, another statement goes at once
 * (up to `deep.inFlight`) instead of waiting for one to finish. A burst is then answered in about one statement's
 * time instead of queueing behind statements that carry a handful each; a shallow queue still waits, so sparse
 * arrivals do not turn into one statement per call (each costs PostgreSQL its own overhead).
 *
 * With `fill`, a shallow queue's statement first waits a moment (about a millisecond) for company, even on a quiet
 * node: sparse arrivals (an open loop of scans) then share statements instead of each paying a statement's own cost
 * in PostgreSQL and a round trip on the node (decision 031, amended). Without it, a call on a quiet node goes at once.
 *
 * `run` answers each input's own outcome, in the order given (a batch may fail for one call and not the others).
 * Two calls with a key in common are never in one statement: the later one goes in a later statement (which may run
 * alongside the earlier one: the statement itself must settle two at once, as it does for two nodes).
 */
export class StatementBatcher<I, O> {
  private readonly queue: { input: I; resolve: (o: O) => void; reject: (e: unknown) => void }[] = [];
  private inFlight = 0;
  /** The fill window's timer while one is armed (its cancel), and whether it ran out for the calls waiting now. */
  private window: (() => void) | null = null;
  private windowOver = false;

  constructor(
    private readonly run: (inputs: I[]) => Promise<PromiseSettledResult<O>[]>,
    private readonly options: BatcherOptions<I>,
  ) {}

  call(input: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ input, resolve, reject });
      // The window counts from the oldest waiting call's arrival.
      if (this.options.fill && this.queue.length === 1) {
        this.windowOver = false;
        this.window = (this.options.fill.schedule ?? timer)(this.options.fill.windowMs, () => {
          this.window = null;
          this.windowOver = true;
          this.pump();
        });
      }
      this.pump();
    });
  }

  /** Whether another statement may go now. */
  private mayStart(): boolean {
    if (this.queue.length === 0) return false;
    if (this.inFlight < this.options.inFlight) return true;
    const deep = this.options.deep;
    return deep !== undefined && this.inFlight < deep.inFlight && this.queue.length >= deep.waiting;
  }

  /** Whether the next statement waits for company (`fill`): a shallow queue whose window has not run out. */
  private waitsForCompany(): boolean {
    const { fill, deep, maxBatch } = this.options;
    return fill !== undefined && !this.windowOver && this.queue.length < (deep?.waiting ?? maxBatch);
  }

  private pump(): void {
    while (this.mayStart()) {
      if (this.waitsForCompany()) return;
      const batch = this.take();
      if (this.queue.length === 0) {
        this.window?.();
        this.window = null;
      }
      this.inFlight += 1;
      this.run(batch.map((b) => b.input))
        .then(
          (outcomes) =>
            batch.forEach((b, i) => {
              const outcome = outcomes[i];
              if (outcome?.status === 'fulfilled') b.resolve(outcome.value);
              else b.reject(outcome ? outcome.reason : new Error('a batched statement answered too few rows'));
            }),
          (error: unknown) => batch.forEach((b) => b.reject(error)),
        )
        .finally(() => {
          this.inFlight -= 1;
          this.pump();
        });
    }
  }

  /** The oldest calls, up to maxBatch, none sharing a key with one taken before it; the rest keep their order. */
  private take(): typeof this.queue {
    const keysOf = this.options.keys;
    if (!keysOf) return this.queue.splice(0, this.options.maxBatch);
    const taken: typeof this.queue = [];
    const seen = new Set<string>();
    for (let i = 0; i < this.queue.length && taken.length < this.options.maxBatch;) {
      const keys = keysOf(this.queue[i]!.input);
      if (keys.some((k) => seen.has(k))) {
        i += 1;
        continue;
      }
      keys.forEach((k) => seen.add(k));
      taken.push(...this.queue.splice(i, 1));
    }
    return taken;
  }
}

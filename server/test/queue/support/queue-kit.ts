import { Clock } from '../../../src/common/clock';
import { QueueStore } from '../../../src/queue/queue-store';
import type { QueueKeys } from '../../../src/queue/queue-keys';
import type { OnSaleRule } from '../../../src/queue/on-sale.repository';

/** A clock the test moves by hand, shared by every app instance of a test (no sleeping, no timed tests). */
export class ManualClock extends Clock {
  constructor(public ms: number) {
    super();
  }
  now(): Date {
    return new Date(this.ms);
  }
}

export function rule(presentationId: number, overrides: Partial<OnSaleRule> = {}): OnSaleRule {
  return {
    presentationId,
    businessId: 1,
    enabled: true,
    saleStartsAt: 0,
    maxActive: 1_000_000,
    admitPerMinute: 60,
    shoppingMinutes: 15,
    demoLineAhead: 0,
    ...overrides,
  };
}

let nodeCounter = 0;

/**
 * CONTROL RUN ONLY: each node keeps its own admission bucket, the way a per-node rate limiter
 * would. Two nodes then admit twice the rate: what the shared bucket in admit.lua.ts prevents.
 */
export class NodeLocalBucketQueueStore extends QueueStore {
  private readonly node = `node-${++nodeCounter}`;

  protected override keys(presentationId: number): QueueKeys {
    const keys = super.keys(presentationId);
    return { ...keys, bucket: `${keys.bucket}:${this.node}` };
  }
}

/** Spearman's rank correlation of two rankings of the same n items (0..n-1 each). */
export function spearman(a: readonly number[], b: readonly number[]): number {
  const n = a.length;
  let d2 = 0;
  for (let i = 0; i < n; i++) d2 += (a[i]! - b[i]!) ** 2;
  return 1 - (6 * d2) / (n * (n * n - 1));
}

/**
 * Pearson's chi-square of a bins x bins table: join-order bin against admission-order bin.
 * For a random permutation each cell expects n / bins^2.
 */
export function chiSquare(joinRank: readonly number[], admitRank: readonly number[], bins: number): number {
  const n = joinRank.length;
  const cells = new Array<number>(bins * bins).fill(0);
  for (let i = 0; i < n; i++) {
    const r = Math.floor((joinRank[i]! * bins) / n);
    const c = Math.floor((admitRank[i]! * bins) / n);
    const cell = r * bins + c;
    cells[cell] = (cells[cell] ?? 0) + 1;
  }
  const expected = n / (bins * bins);
  return cells.reduce((sum, o) => sum + (o - expected) ** 2 / expected, 0);
}

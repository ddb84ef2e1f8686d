import { randomUUID } from 'node:crypto';
import { Clock } from '../../../src/common/clock';
import { ManualClock } from '../../support/manual-clock';
import { QueueStore } from '../../../src/queue/queue-store';
import type { QueueKeys } from '../../../src/queue/queue-keys';
import type { OnSaleRule } from '../../../src/queue/on-sale.repository';
import { startTestApp, type TestApp } from '../../support/test-env';

export { ManualClock };

/**
 * Two app instances (two nodes) on one database and one fresh Redis prefix, sharing one ManualClock: the waiting
 * room as a fleet runs it, with sockets on either node. `tag` names the prefix for a reader of Redis.
 */
export async function twoQueueNodes(
  env: Record<string, string>,
  tag: string,
): Promise<{ clock: ManualClock; a: TestApp; b: TestApp }> {
  const clock = new ManualClock(Date.now());
  const providers = [{ provide: Clock, useFactory: () => clock }];
  const shared = { ...env, REDIS_PREFIX: `test:${tag}:${randomUUID().slice(0, 8)}:` };
  const a = await startTestApp(shared, undefined, providers);
  const b = await startTestApp(shared, a.db, providers);
  return { clock, a, b };
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

import { Injectable } from '@nestjs/common';

/**
 * Whether the live state in Redis can be trusted to know every sale PostgreSQL has, so the lock path may skip
 * asking PostgreSQL (docs/seat-engine.md, "Sales Redis forgot").
 *
 * Redis forgets a sale in exactly three ways, and each leaves a trace on this node:
 *  1. it restarted (empty, or from an older file): every connection drops, ioredis reports 'close';
 *  2. it was unreachable when a sale was marked: the same 'close', or the markSold call failed;
 *  3. the markSold script refused (the lock had expired): the engine's markSold failed.
 * (1) and (2) distrust every presentation until a FULL reconciliation pass that started after the connection came
 * back has succeeded; (3) distrusts one presentation until any pass that started after it succeeded (a regular pass
 * reads the last two minutes of tickets, the failed sale among them). Until then, and from boot until the first full
 * pass, each lock asks PostgreSQL as before. A sale Redis forgot on ANOTHER node's watch (its markSold failed with no
 * connection loss) is not seen here: that node's reconciler repairs it within one interval (5 s), long before the
 * buyer's lock expires and the seat could be locked again, and the partial unique index makes a double sale
 * impossible whatever happens.
 */
@Injectable()
export class SaleMemory {
  /** Bumped whenever this node's Redis connection is lost: sales may have been forgotten since. */
  private connectionEpoch = 0;
  /** The epoch a full pass vouched for; -1 until the first one (boot). */
  private vouchedEpoch = -1;
  /** Pass counter: each pass takes a number when it starts. */
  private passes = 0;
  /** Presentations whose markSold failed, with the pass number from which a successful pass clears them. */
  private readonly suspects = new Map<number, number>();

  /** Redis cannot be trusted for this presentation: the lock must ask PostgreSQL. */
  mustAskDatabase(presentationId: number): boolean {
    return this.vouchedEpoch !== this.connectionEpoch || this.suspects.has(presentationId);
  }

  /** The Redis connection was lost (ioredis 'close'). */
  connectionLost(): void {
    this.connectionEpoch++;
  }

  /** A sale PostgreSQL committed could not be marked sold in Redis. */
  saleNotMarked(presentationId: number): void {
    this.suspects.set(presentationId, this.passes + 1);
  }

  /** A reconciliation pass starts; its token goes to `passSucceeded`. */
  passStarting(full: boolean): { pass: number; epoch: number; full: boolean } {
    return { pass: ++this.passes, epoch: this.connectionEpoch, full };
  }

  /**
   * The pass applied every sale it read: it vouches for what was suspected before it started. True when it was a
   * full pass and no connection was lost since it started (otherwise another full pass is still owed).
   */
  passSucceeded(token: { pass: number; epoch: number; full: boolean }): boolean {
    for (const [pid, from] of this.suspects) if (from <= token.pass) this.suspects.delete(pid);
    if (!token.full || token.epoch !== this.connectionEpoch) return false;
    this.vouchedEpoch = token.epoch;
    return true;
  }
}

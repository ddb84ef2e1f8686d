import { Injectable } from '@nestjs/common';
import { SeatStore, type Replan } from './seat-store.port';

/**
 * A date moved to another version of its venue's plan (catalogue administration): which seats buyers have locked
 * right now (the move must find each in the new version), and the live state re-keyed to the new version in one
 * atomic step. The caller holds the date's row lock in PostgreSQL meanwhile, so no sale of the date commits between
 * its check and this switch.
 */
@Injectable()
export class SeatReplanning {
  constructor(private readonly store: SeatStore) {}

  /**
   * The seat keys locked in carts now (a payment claim is a lock too) and those the box office blocked or held back;
   * none when the date has no live state. Sold seats are PostgreSQL's to say.
   */
  async liveSeatKeys(presentationId: number): Promise<{ locked: string[]; blocked: string[] }> {
    const snap = await this.store.snapshot(presentationId);
    const locked: string[] = [];
    const blocked: string[] = [];
    if (snap.ok)
      for (const [key, v] of snap.state) {
        if (v.startsWith('l|')) locked.push(key);
        else if (v === 'b' || v === 'h') blocked.push(key);
      }
    return { locked, blocked };
  }

  /**
   * Every seat key the live state holds (sold, locked, blocked, held back), whatever version it names; null when the
   * date has no live state. For the recovery of a move cut off between this state's switch and PostgreSQL's commit.
   */
  async allLiveSeatKeys(presentationId: number): Promise<string[] | null> {
    const snap = await this.store.snapshot(presentationId);
    return snap.ok ? [...snap.state.keys()] : null;
  }

  /**
   * Re-keys the live state; `missingKey` when a sold seat or a lock turned up without a new key (changing nothing).
   * Without a live state there is nothing to move: it is built from PostgreSQL, with the new version, on first use.
   * Every node reads its layout again when the '*' of the switch reaches its feed, or at its next flags check (5 s).
   */
  async replan(presentationId: number, replan: Replan): Promise<{ ok: true } | { ok: false; missingKey: string }> {
    const result = await this.store.replan(presentationId, replan);
    if (!result.ok && !('notInitialised' in result)) return { ok: false, missingKey: result.detail };
    return { ok: true };
  }
}

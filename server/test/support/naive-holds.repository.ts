import { barrierOf } from './barrier';
import { HoldsRepository, type ReleasedSeat } from '../../src/holds/holds.repository';

/**
 * CONTROL RUN ONLY: the release sweep without its guard - due holds read with a plain SELECT (no row lock, no
 * SKIP LOCKED) and released with an UPDATE that does not re-check 'held'. `barrier` makes both nodes read before
 * either writes (the interleaving the guard exists for), so the race shows every time instead of sometimes.
 */
export class NaiveHoldsRepository extends HoldsRepository {
  static barrier: { arrive(): Promise<void> } | null = null;

  override async releaseDue(now: Date, limit: number, node: string): Promise<{ holds: number; seats: ReleasedSeat[] }> {
    const db = this.db;
    const due: { id: string }[] = await db.query(
      `SELECT reservation_id::text AS id FROM hold_order WHERE state = 'held' AND release_at <= $1
        ORDER BY release_at, reservation_id LIMIT $2`,
      [now, limit],
    );
    await NaiveHoldsRepository.barrier?.arrive();
    if (due.length === 0) return { holds: 0, seats: [] };
    await db.query(
      `UPDATE hold_order SET state = 'released', released_at = now(), released_by = $2 WHERE reservation_id = ANY($1::bigint[])`,
      [due.map((d) => d.id), node],
    );
    await db.query(`UPDATE reservation SET state = 'cancelled' WHERE id = ANY($1::bigint[])`, [due.map((d) => d.id)]);
    await db.query(`UPDATE reservation_ticket SET status = 'cancelled' WHERE reservation_id = ANY($1::bigint[])`, [
      due.map((d) => d.id),
    ]);
    return { holds: due.length, seats: [] };
  }
}

/** A two-party barrier: each arrives, both continue once both have. */
export const twoPartyBarrier = (): { arrive(): Promise<void> } => barrierOf(2);

import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { seatPlanChange } from '@hotline/shared';
import type { LiveReplan } from './seat-plan-change.repository';
import { keyOf, placeOf, placesOf, standingSections, targetSeats } from './seat-plan-places';

/** What the recovery needs from a date's live seat state (the seats context, through the job). */
export interface LiveSeatsToRecover {
  /** Every seat key the live state holds, whatever version it names; null: no live state (built from PostgreSQL). */
  keys(): Promise<string[] | null>;
  switchTo(replan: LiveReplan): Promise<{ ok: true } | { ok: false; missingKey: string }>;
}

export interface RecoveredMove {
  presentationId: number;
  /** The version PostgreSQL holds, which the live state now names. */
  planId: number;
  /** The move had not committed: the live state was put back on the version it came from. */
  rolledBack: boolean;
  /** Live entries brought back to that version, and those it has no place for (dropped). */
  rekeyed: number;
  dropped: number;
}

/**
 * A date's move to another plan version as a state machine (migration 1796510000000): `switching` is committed on its
 * own connection just before the live state in Redis is re-keyed, while the move's transaction holds the date's row
 * lock; `committed` is written in the move's transaction, so it commits with the date's new version or not at all;
 * `settled` once the live state is known to name the version PostgreSQL holds. PostgreSQL is the truth: a record left
 * open (a process died between the Redis switch and the commit, or after the commit) is settled by re-keying the live
 * state to the date's version in PostgreSQL, under the date's row lock.
 */
@Injectable()
export class SeatPlanMoveRepository {
  constructor(private readonly db: DataSource) {}

  /**
   * The record, committed at once on a connection of its own (not the move's transaction, which may die). No foreign
   * key to the date: its KEY SHARE lock would wait for the move's own FOR UPDATE on the date's row.
   */
  async begin(presentationId: number, fromPlanId: number, toPlanId: number): Promise<number> {
    const [row] = await this.db.query(
      'INSERT INTO seat_plan_move (presentation_id, from_plan_id, to_plan_id) VALUES ($1, $2, $3) RETURNING id',
      [presentationId, fromPlanId, toPlanId],
    );
    return Number(row.id);
  }

  /** In the move's transaction: the record commits as `committed` exactly when the date's new version does. */
  async markCommitted(tx: EntityManager, moveId: number): Promise<void> {
    await tx.query(`UPDATE seat_plan_move SET state = 'committed' WHERE id = $1`, [moveId]);
  }

  /** The move committed and its live state switched in the same process: nothing left to recover. */
  async settle(moveId: number, planId: number): Promise<void> {
    await this.db.query(
      `UPDATE seat_plan_move SET state = 'settled', settled_at = now(), settled_on_plan_id = $2
        WHERE id = $1 AND state <> 'settled'`,
      [moveId, planId],
    );
  }

  /** Records not settled, oldest first (of one date, or of all). */
  async open(presentationId?: number): Promise<{ id: number; presentationId: number }[]> {
    const rows: { id: string; presentation_id: number }[] = await this.db.query(
      `SELECT id, presentation_id FROM seat_plan_move
        WHERE state <> 'settled' AND ($1::int IS NULL OR presentation_id = $1) ORDER BY id LIMIT 100`,
      [presentationId ?? null],
    );
    return rows.map((r) => ({ id: Number(r.id), presentationId: Number(r.presentation_id) }));
  }

  /**
   * Settles an open record: under the date's row lock (a move still in flight holds it until it commits or dies, so
   * this sees its end), the live state is re-keyed to the version the date has in PostgreSQL. Entries naming the
   * other version are found there by their names (section code, row and seat labels, as the move found them) or
   * dropped; entries on the right version keep their keys, and win over one brought to the same place. A sold seat
   * dropped here comes back from PostgreSQL through the seat reconciler. Null when already settled.
   */
  async recover(moveId: number, live: (presentationId: number) => LiveSeatsToRecover): Promise<RecoveredMove | null> {
    return this.db.transaction(async (tx) => {
      const [move] = await tx.query(
        'SELECT presentation_id, from_plan_id, to_plan_id, state FROM seat_plan_move WHERE id = $1',
        [moveId],
      );
      if (!move || move.state === 'settled') return null;
      const presentationId = Number(move.presentation_id);
      const [date] = await tx.query('SELECT seatplan_id FROM presentation WHERE id = $1 FOR UPDATE', [presentationId]);
      const [again] = await tx.query('SELECT state FROM seat_plan_move WHERE id = $1 FOR UPDATE', [moveId]);
      if (again.state === 'settled') return null;
      const truth = Number(date.seatplan_id);
      const other = truth === Number(move.to_plan_id) ? Number(move.from_plan_id) : Number(move.to_plan_id);
      const seats = live(presentationId);
      const keys = (await seats.keys()) ?? [];
      const own = new Set(
        (await tx.query('SELECT id FROM section WHERE seatplan_id = $1', [truth])).map((r: { id: number }) =>
          Number(r.id),
        ),
      );
      const foreign = keys.filter((k) => !own.has(Number(k.split(':')[0])));
      const map = new Map(foreign.map((k) => [k, '']));
      if (foreign.length > 0) {
        const places = (await placesOf(tx, foreign)).map((r) => ({
          key: keyOf(r),
          kind: 'locked' as const,
          ...placeOf(r),
        }));
        const standing = await standingSections(tx, truth);
        const targets = await targetSeats(tx, truth, [...new Set(places.map((p) => p.sectionCode))]);
        const first = seatPlanChange(places, targets, standing);
        const gone = new Set(first.ok ? [] : first.missing.map((m) => m.key));
        const kept = seatPlanChange(
          places.filter((p) => !gone.has(p.key)),
          targets,
          standing,
        );
        if (kept.ok) for (const [from, to] of kept.keys) map.set(from, to);
        const otherGa: { id: number }[] = await tx.query(
          'SELECT id FROM section WHERE seatplan_id = $1 AND NOT is_reserved',
          [other],
        );
        const switched = await seats.switchTo({
          keys: map,
          oldGaSectionIds: otherGa.map((s) => Number(s.id)),
          newGaSections: standing.map((s) => ({ id: s.sectionId, capacity: s.capacity })),
          recover: true,
        });
        // The script refuses nothing in recovery; an answer otherwise is a bug, and the record stays open for the next pass.
        if (!switched.ok) throw new Error(`seat-plan move ${moveId}: the live state refused its recovery`);
      }
      await tx.query(
        `UPDATE seat_plan_move SET state = 'settled', settled_at = now(), settled_on_plan_id = $2 WHERE id = $1`,
        [moveId, truth],
      );
      const dropped = [...map.values()].filter((v) => v === '').length;
      return {
        presentationId,
        planId: truth,
        rolledBack: truth !== Number(move.to_plan_id),
        rekeyed: map.size - dropped,
        dropped,
      };
    });
  }
}

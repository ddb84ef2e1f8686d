import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A date's move to another seat-plan version as an explicit state machine (docs/catalogue-admin.md, "Moving a date
 * to another plan version"): `switching` is written, and committed on its own, just before the live seat state in
 * Redis is re-keyed, while the move's transaction holds the date's row lock; the move's transaction sets `committed`
 * together with the date's new version; `settled` once the live state is known to match PostgreSQL. A row left
 * `switching` or `committed` means a process died in between: the job `seat-plan-move-recovery` re-keys the live state
 * to the version PostgreSQL holds (the truth) and settles it.
 * No foreign key to presentation on purpose: the row is inserted by a second connection while the move's transaction
 * holds the date's row FOR UPDATE, which a foreign key's KEY SHARE lock would wait on for ever.
 */
export class SeatPlanMove1796510000000 implements MigrationInterface {
  name = 'SeatPlanMove1796510000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE seat_plan_move (
        id bigserial PRIMARY KEY,
        presentation_id int NOT NULL,
        from_plan_id int NOT NULL,
        to_plan_id int NOT NULL,
        state text NOT NULL DEFAULT 'switching' CHECK (state IN ('switching', 'committed', 'settled')),
        started_at timestamptz NOT NULL DEFAULT now(),
        settled_at timestamptz,
        -- Which version the live state was settled on: the new one (the move committed) or the old (it died first).
        settled_on_plan_id int,
        CHECK ((state = 'settled') = (settled_at IS NOT NULL))
      )`);
    await q.query(`CREATE INDEX seat_plan_move_open ON seat_plan_move (id) WHERE state <> 'settled'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE seat_plan_move');
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Changing the seats of an existing order (docs/order-changes.md): the reservation keeps its
 * identifier and remembers its last change (the spec's LastTransactionId); each change is one row with
 * every seat it moved (the history), written in the same transaction that moves the tickets. A change
 * whose Redis step has not run yet (`seats_applied` false) is finished by the recovery job. Additive.
 */
export class OrderChanges1795760000000 implements MigrationInterface {
  name = 'OrderChanges1795760000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE reservation ADD COLUMN last_transaction_id varchar;
      CREATE TABLE reservation_change (
        id bigserial PRIMARY KEY,
        reservation_id bigint NOT NULL REFERENCES reservation(id),
        transaction_id varchar NOT NULL,
        presentation_id int NOT NULL REFERENCES presentation(id),
        actor varchar NOT NULL CHECK (actor IN ('customer', 'buyer', 'staff')),
        actor_ref varchar,
        swaps jsonb NOT NULL,
        seats_applied boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (reservation_id, transaction_id)
      );
      CREATE INDEX reservation_change_unapplied ON reservation_change (created_at) WHERE NOT seats_applied;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE reservation_change; ALTER TABLE reservation DROP COLUMN last_transaction_id;`);
  }
}

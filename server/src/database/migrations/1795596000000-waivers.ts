import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Waivers: which events need one (with their terms), the age band of
 * tickets ("the voucher must fit the jumper's age"), and the signed waivers kept
 * with the reservation: signature image, participants, time, address. Additive.
 */
export class Waivers1795596000000 implements MigrationInterface {
  name = 'Waivers1795596000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE presentation_waiver (
        presentation_id int PRIMARY KEY REFERENCES presentation(id) ON DELETE CASCADE,
        terms text NOT NULL,
        terms_en text NOT NULL
      );
      ALTER TABLE ticket
        ADD COLUMN min_age int CHECK (min_age >= 0),
        ADD COLUMN max_age int CHECK (max_age >= 0);
      CREATE TABLE reservation_waiver (
        id bigserial PRIMARY KEY,
        reservation_id bigint NOT NULL REFERENCES reservation(id),
        presentation_id int NOT NULL REFERENCES presentation(id),
        -- [{ name, dateOfBirth }], the signer first.
        participants jsonb NOT NULL,
        signature_png bytea NOT NULL,
        -- The terms as they were signed.
        terms text NOT NULL,
        signed_at timestamptz NOT NULL DEFAULT now(),
        ip varchar NOT NULL
      );
      CREATE INDEX reservation_waiver_reservation ON reservation_waiver (reservation_id);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE reservation_waiver;
      ALTER TABLE ticket DROP COLUMN max_age, DROP COLUMN min_age;
      DROP TABLE presentation_waiver;
    `);
  }
}

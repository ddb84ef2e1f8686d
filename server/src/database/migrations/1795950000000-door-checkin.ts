import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Door check-in (docs/door-checkin.md). `checkin_key`: the Ed25519 keys that sign ticket codes, the private half
 * sealed with the server's ticket signing secret; one active key at a time (the partial unique index), a retired key
 * verifying until `verifies_until`. `checkin_admission`: one row per ticket let in, its primary key the guard that
 * lets a ticket in once however many gates scan it at the same instant. `checkin_scan`: every scan answered, keyed by
 * the scanner's nonce so a resent scan is the same scan; offline scans that admitted a ticket already in are kept
 * with `conflict`. A presentation may allow leaving and coming back, and says how long before the show doors open.
 */
export class DoorCheckin1795950000000 implements MigrationInterface {
  name = 'DoorCheckin1795950000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE checkin_key (
        id serial PRIMARY KEY,
        public_key varchar(64) NOT NULL,
        private_key_sealed text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        retired_at timestamptz,
        verifies_until timestamptz,
        CHECK ((retired_at IS NULL) = (verifies_until IS NULL))
      );
      CREATE UNIQUE INDEX checkin_key_one_active ON checkin_key ((true)) WHERE retired_at IS NULL;
      ALTER TABLE presentation
        ADD COLUMN reentry_allowed boolean NOT NULL DEFAULT false,
        ADD COLUMN doors_open_minutes int NOT NULL DEFAULT 120 CHECK (doors_open_minutes BETWEEN 0 AND 1440);
      CREATE TABLE checkin_admission (
        ticket_id bigint PRIMARY KEY REFERENCES reservation_ticket(id),
        presentation_id int NOT NULL REFERENCES presentation(id),
        admitted_at timestamptz NOT NULL,
        gate varchar(64) NOT NULL,
        device varchar(64) NOT NULL,
        inside boolean NOT NULL DEFAULT true,
        last_moved_at timestamptz NOT NULL
      );
      CREATE INDEX checkin_admission_presentation ON checkin_admission (presentation_id);
      CREATE TABLE checkin_scan (
        id bigserial PRIMARY KEY,
        nonce uuid NOT NULL UNIQUE,
        presentation_id int NOT NULL REFERENCES presentation(id),
        ticket_id bigint REFERENCES reservation_ticket(id),
        staff_user_id int NOT NULL REFERENCES staff_user(id),
        gate varchar(64) NOT NULL,
        device varchar(64) NOT NULL,
        direction varchar(3) NOT NULL CHECK (direction IN ('in', 'out')),
        outcome varchar(32) NOT NULL,
        scanned_at timestamptz NOT NULL,
        received_at timestamptz NOT NULL,
        offline boolean NOT NULL DEFAULT false,
        conflict boolean NOT NULL DEFAULT false,
        answer jsonb NOT NULL
      );
      CREATE INDEX checkin_scan_presentation ON checkin_scan (presentation_id, received_at);
      CREATE INDEX checkin_scan_conflicts ON checkin_scan (presentation_id) WHERE conflict;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE checkin_scan; DROP TABLE checkin_admission; DROP TABLE checkin_key;
      ALTER TABLE presentation DROP COLUMN reentry_allowed, DROP COLUMN doors_open_minutes;
    `);
  }
}

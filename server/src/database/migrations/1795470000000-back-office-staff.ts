import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Back-office staff (docs/back-office.md): accounts separate from customers, their
 * permissions (266/267/268) and businesses, server-side sessions (only the handle's
 * SHA-256 is kept), an append-only audit log of who did what, when, and the index the sales
 * reports read.
 */
export class BackOfficeStaff1795470000000 implements MigrationInterface {
  name = 'BackOfficeStaff1795470000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE staff_user (
        id serial PRIMARY KEY,
        username varchar(64) NOT NULL UNIQUE,
        first_name varchar(100) NOT NULL,
        last_name varchar(100) NOT NULL,
        password_hash varchar(200) NOT NULL,
        totp_secret varchar(64) NOT NULL,
        last_totp_step bigint NOT NULL DEFAULT 0,
        failed_attempts int NOT NULL DEFAULT 0,
        locked_until timestamptz,
        active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE TABLE staff_permission (
        staff_user_id int NOT NULL REFERENCES staff_user(id) ON DELETE CASCADE,
        permission int NOT NULL,
        PRIMARY KEY (staff_user_id, permission)
      );
      CREATE TABLE staff_business (
        staff_user_id int NOT NULL REFERENCES staff_user(id) ON DELETE CASCADE,
        business_id int NOT NULL,
        PRIMARY KEY (staff_user_id, business_id)
      );
      CREATE TABLE staff_session (
        handle_hash varchar(64) PRIMARY KEY,
        staff_user_id int NOT NULL REFERENCES staff_user(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz
      );
      CREATE INDEX staff_session_user ON staff_session (staff_user_id);
      CREATE TABLE audit_log (
        id bigserial PRIMARY KEY,
        at timestamptz NOT NULL DEFAULT now(),
        staff_user_id int REFERENCES staff_user(id),
        action varchar(64) NOT NULL,
        business_id int,
        subject varchar(200) NOT NULL DEFAULT '',
        detail jsonb NOT NULL DEFAULT '{}'::jsonb
      );
      CREATE INDEX audit_log_staff_at ON audit_log (staff_user_id, at);
      CREATE INDEX audit_log_business_at ON audit_log (business_id, at);
      -- Reports count live tickets per presentation and sale date without touching the table's heap.
      CREATE INDEX reservation_ticket_live_sales ON reservation_ticket (presentation_id, created_at)
        INCLUDE (ticket_id, amount_agorot, section_id) WHERE status = 'live';
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `DROP INDEX reservation_ticket_live_sales; DROP TABLE audit_log; DROP TABLE staff_session; DROP TABLE staff_business; DROP TABLE staff_permission; DROP TABLE staff_user;`,
    );
  }
}

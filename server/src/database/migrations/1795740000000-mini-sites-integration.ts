import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Storefront channels (docs/storefront-modes.md, "Mini-sites, live mode, partner integration"):
 * - mini_site: a storefront tied to a URL, offering only its presentations and tickets;
 * - mini_site_ticket.balance: how many of a ticket may still be sold through the mini-site (NULL = no limit),
 *   drawn down inside the sale's transaction; the CHECK is the last line of defence against an overdraft;
 * - seat_allocation: seats set aside (AllocationId) per presentation; the mini-site and live-domain modes sell
 *   only these;
 * - integration_session: one partner link (TS, ret) accepted by GET /api/integration, its id is the integrationId;
 * - reservation_channel: through which mini-site / partner link a reservation was sold.
 */
export class MiniSitesIntegration1795740000000 implements MigrationInterface {
  name = 'MiniSitesIntegration1795740000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE mini_site (
        id serial PRIMARY KEY,
        url varchar NOT NULL UNIQUE CHECK (url ~ '^[a-z0-9][a-z0-9-]{0,99}$'),
        name varchar NOT NULL,
        name_en varchar NOT NULL,
        translations jsonb NOT NULL DEFAULT '{}'::jsonb,
        mode varchar NOT NULL DEFAULT 'tickets' CHECK (mode IN ('tickets', 'seats')),
        active boolean NOT NULL DEFAULT true
      );
      CREATE TABLE mini_site_presentation (
        mini_site_id int NOT NULL REFERENCES mini_site(id) ON DELETE CASCADE,
        presentation_id int NOT NULL REFERENCES presentation(id) ON DELETE CASCADE,
        PRIMARY KEY (mini_site_id, presentation_id)
      );
      CREATE TABLE mini_site_ticket (
        mini_site_id int NOT NULL REFERENCES mini_site(id) ON DELETE CASCADE,
        ticket_id int NOT NULL REFERENCES ticket(id) ON DELETE CASCADE,
        balance int CHECK (balance IS NULL OR balance >= 0),
        reference1 varchar,
        reference2 varchar,
        PRIMARY KEY (mini_site_id, ticket_id)
      );
      CREATE TABLE seat_allocation (
        presentation_id int NOT NULL REFERENCES presentation(id) ON DELETE CASCADE,
        section_id int NOT NULL REFERENCES section(id),
        x int NOT NULL,
        y int NOT NULL,
        allocation_id int NOT NULL CHECK (allocation_id > 0),
        PRIMARY KEY (presentation_id, section_id, x, y)
      );
      CREATE TABLE integration_session (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        partner varchar NOT NULL,
        ts bigint NOT NULL,
        ret varchar NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (partner, ts, ret)
      );
      CREATE TABLE reservation_channel (
        reservation_id bigint PRIMARY KEY REFERENCES reservation(id),
        mini_site_id int REFERENCES mini_site(id),
        integration_id uuid REFERENCES integration_session(id),
        partner varchar
      );
      CREATE INDEX reservation_channel_integration ON reservation_channel (integration_id) WHERE integration_id IS NOT NULL;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE reservation_channel;
      DROP TABLE integration_session;
      DROP TABLE seat_allocation;
      DROP TABLE mini_site_ticket;
      DROP TABLE mini_site_presentation;
      DROP TABLE mini_site;
    `);
  }
}

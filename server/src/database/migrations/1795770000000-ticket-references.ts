import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Ticket-reference administration (docs/back-office.md "Ticket references"):
 * tickets that prompt for ref1/ref2, the allowed reference pairs with their quantity, the
 * tickets sold with each (their live count is the use), and every staff change.
 */
export class TicketReferences1795770000000 implements MigrationInterface {
  name = 'TicketReferences1795770000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      -- The prompt shown to the buyer (Hebrew, English); null = the ticket asks for no reference.
      ALTER TABLE ticket
        ADD COLUMN ref1_prompt varchar(100), ADD COLUMN ref1_prompt_en varchar(100),
        ADD COLUMN ref2_prompt varchar(100), ADD COLUMN ref2_prompt_en varchar(100);

      -- Agents: the organisations (a workers' committee, a club) whose references a business sells to.
      CREATE TABLE ticket_reference_agent (
        id serial PRIMARY KEY,
        business_id int NOT NULL,
        name varchar(200) NOT NULL
      );
      CREATE INDEX ticket_reference_agent_business ON ticket_reference_agent (business_id);

      -- One allowed reference pair for a price (PriceType 1: PriceId is a ticket; 2: a price policy of the business),
      -- optionally narrowed to a presentation, feature or feature category. id is the spec's PriceRowId.
      CREATE TABLE ticket_reference_option (
        id serial PRIMARY KEY,
        business_id int NOT NULL,
        agent_id int REFERENCES ticket_reference_agent(id),
        price_type smallint NOT NULL CHECK (price_type IN (1, 2)),
        price_id int NOT NULL,
        presentation_id int REFERENCES presentation(id) ON DELETE CASCADE,
        feature_id int REFERENCES feature(id),
        feature_category_id int,
        reference1 varchar(100) NOT NULL CHECK (reference1 <> ''),
        reference2 varchar(100) NOT NULL DEFAULT '',
        quantity int NOT NULL CHECK (quantity >= 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX ticket_reference_option_pair
        ON ticket_reference_option (price_type, price_id, lower(reference1), lower(reference2));
      CREATE INDEX ticket_reference_option_business ON ticket_reference_option (business_id);

      -- The tickets sold with a reference, written in the sale's transaction; the live ones are the option's use.
      CREATE TABLE reservation_ticket_reference (
        reservation_ticket_id bigint PRIMARY KEY REFERENCES reservation_ticket(id),
        option_id int NOT NULL REFERENCES ticket_reference_option(id),
        reference1 varchar(100) NOT NULL,
        reference2 varchar(100) NOT NULL DEFAULT ''
      );
      CREATE INDEX reservation_ticket_reference_option ON reservation_ticket_reference (option_id);

      -- Every staff change: who, when, old -> new. Append-only, like audit_log.
      CREATE TABLE ticket_reference_change (
        id bigserial PRIMARY KEY,
        option_id int NOT NULL REFERENCES ticket_reference_option(id),
        staff_user_id int NOT NULL,
        action varchar(20) NOT NULL CHECK (action IN ('create', 'quantity')),
        old_quantity int,
        new_quantity int NOT NULL,
        at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX ticket_reference_change_option ON ticket_reference_change (option_id, at);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE ticket_reference_change; DROP TABLE reservation_ticket_reference;
      DROP TABLE ticket_reference_option; DROP TABLE ticket_reference_agent;
      ALTER TABLE ticket DROP COLUMN ref1_prompt, DROP COLUMN ref1_prompt_en, DROP COLUMN ref2_prompt,
        DROP COLUMN ref2_prompt_en;
    `);
  }
}

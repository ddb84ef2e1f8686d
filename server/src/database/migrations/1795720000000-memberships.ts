import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Memberships and season enrolment (memberships-backoffice-spec.md sections 3, 4, 7):
 * memberships with their prices, the presentations of a season (required or not, the payable amount),
 * per-presentation price overrides, member tickets, the members sold (balance in member-ticket units,
 * never below zero by CHECK and by the sale's conditional update), their redemptions, top-ups keyed by
 * member number, and enrolments (one per season and holder ID: ALREADY_ENROLLED). Additive.
 */
export class Memberships1795720000000 implements MigrationInterface {
  name = 'Memberships1795720000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE season (
        id serial PRIMARY KEY,
        name varchar NOT NULL,
        name_en varchar NOT NULL
      );

      CREATE TABLE membership (
        id serial PRIMARY KEY,
        -- 1 regular, 2 series (stepped one by one), 3 season enrolment (fixed seat on the season's events).
        membership_type_id int NOT NULL CHECK (membership_type_id IN (1, 2, 3)),
        code varchar NOT NULL UNIQUE,
        name varchar NOT NULL,
        name_en varchar NOT NULL,
        translations jsonb NOT NULL DEFAULT '{}',
        class_name varchar NOT NULL DEFAULT '',
        season_id int REFERENCES season(id),
        -- The presentation whose seat map a membership seat is chosen on (types 1 and 2), NULL = no seat.
        seat_presentation_id int REFERENCES presentation(id),
        is_skip_member_seat boolean NOT NULL DEFAULT false,
        is_pricing_per_ticket boolean NOT NULL DEFAULT false,
        default_ticket_group_id int,
        -- What a member gets: member-ticket units, validity, member-sale tickets allowed.
        balance_units int NOT NULL DEFAULT 0 CHECK (balance_units >= 0),
        valid_days int NOT NULL DEFAULT 365 CHECK (valid_days > 0),
        allow_member_sale_tickets boolean NOT NULL DEFAULT true,
        sort_order int NOT NULL DEFAULT 0,
        active boolean NOT NULL DEFAULT true
      );

      CREATE TABLE membership_price (
        id serial PRIMARY KEY,
        membership_id int NOT NULL REFERENCES membership(id) ON DELETE CASCADE,
        price_code varchar NOT NULL,
        name varchar NOT NULL,
        name_en varchar NOT NULL,
        price_agorot int NOT NULL CHECK (price_agorot >= 0),
        currency_id int NOT NULL DEFAULT 1,
        reference1 varchar,
        reference2 varchar,
        -- A top-up price adds balance_units to an existing member instead of selling a new membership.
        is_topup boolean NOT NULL DEFAULT false,
        topup_units int NOT NULL DEFAULT 0 CHECK (topup_units >= 0),
        sort_order int NOT NULL DEFAULT 0,
        UNIQUE (membership_id, price_code)
      );

      CREATE TABLE membership_presentation (
        membership_id int NOT NULL REFERENCES membership(id) ON DELETE CASCADE,
        presentation_id int NOT NULL REFERENCES presentation(id),
        is_required boolean NOT NULL DEFAULT false,
        payable_agorot int NOT NULL DEFAULT 0 CHECK (payable_agorot >= 0),
        PRIMARY KEY (membership_id, presentation_id)
      );

      CREATE TABLE membership_presentation_detail (
        membership_id int NOT NULL REFERENCES membership(id) ON DELETE CASCADE,
        presentation_id int NOT NULL REFERENCES presentation(id),
        ticket_group_id int NOT NULL REFERENCES ticket_group(id),
        ticket_id int NOT NULL REFERENCES ticket(id),
        is_price_override boolean NOT NULL DEFAULT true,
        price_agorot int NOT NULL CHECK (price_agorot >= 0),
        PRIMARY KEY (membership_id, presentation_id, ticket_group_id, ticket_id)
      );

      -- Tickets sold only to members, each drawing units from the member's balance.
      CREATE TABLE member_ticket (
        ticket_id int PRIMARY KEY REFERENCES ticket(id) ON DELETE CASCADE,
        units int NOT NULL DEFAULT 1 CHECK (units > 0)
      );

      -- A member: one membership sold (or seeded), identified by its member number.
      CREATE TABLE customer_membership (
        id serial PRIMARY KEY,
        membership_id int NOT NULL REFERENCES membership(id),
        customer_id int REFERENCES customer(id),
        member_number varchar NOT NULL UNIQUE,
        holder_name varchar NOT NULL DEFAULT '',
        additional_name varchar NOT NULL DEFAULT '',
        ssn varchar,
        mobile varchar,
        balance int NOT NULL DEFAULT 0 CHECK (balance >= 0),
        used_balance int NOT NULL DEFAULT 0 CHECK (used_balance >= 0),
        starts_at timestamptz NOT NULL DEFAULT now(),
        ends_at timestamptz NOT NULL,
        status varchar NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'cancelled')),
        reservation_id bigint REFERENCES reservation(id),
        created_at timestamptz NOT NULL DEFAULT now(),
        -- Never below zero: what is used can never pass what was given.
        CONSTRAINT customer_membership_balance_left CHECK (used_balance <= balance)
      );
      CREATE INDEX customer_membership_customer ON customer_membership (customer_id);
      CREATE INDEX customer_membership_ssn ON customer_membership (ssn);
      CREATE INDEX customer_membership_mobile ON customer_membership (mobile);

      CREATE TABLE member_redemption (
        id bigserial PRIMARY KEY,
        customer_membership_id int NOT NULL REFERENCES customer_membership(id),
        reservation_id bigint NOT NULL REFERENCES reservation(id),
        units int NOT NULL CHECK (units > 0),
        used_after int NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE membership_topup (
        id bigserial PRIMARY KEY,
        member_number varchar NOT NULL REFERENCES customer_membership(member_number),
        membership_price_id int NOT NULL REFERENCES membership_price(id),
        units int NOT NULL CHECK (units > 0),
        reservation_id bigint NOT NULL REFERENCES reservation(id),
        created_at timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE enrolment (
        id bigserial PRIMARY KEY,
        membership_id int NOT NULL REFERENCES membership(id),
        season_id int NOT NULL REFERENCES season(id),
        holder_ssn varchar NOT NULL,
        membership_price_id int NOT NULL REFERENCES membership_price(id),
        presentation_ids int[] NOT NULL,
        section_id int,
        x int,
        y int,
        reservation_id bigint NOT NULL REFERENCES reservation(id),
        status varchar NOT NULL DEFAULT 'live' CHECK (status IN ('live', 'cancelled')),
        created_at timestamptz NOT NULL DEFAULT now()
      );
      -- ALREADY_ENROLLED: one live enrolment per season and holder.
      CREATE UNIQUE INDEX enrolment_one_per_holder ON enrolment (season_id, holder_ssn) WHERE status = 'live';

      -- One-time codes that find a member (spec: "found by ... a one-time code"); only the hash is kept.
      CREATE TABLE member_code (
        id bigserial PRIMARY KEY,
        customer_membership_id int NOT NULL REFERENCES customer_membership(id),
        code_hash varchar NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      );

      -- Which visitor may buy member tickets on which member: granted when the member's customer is logged in
      -- and reads their memberships, or when a one-time code was confirmed. Checked by the commit.
      CREATE TABLE member_grant (
        visitor_id varchar NOT NULL,
        customer_membership_id int NOT NULL REFERENCES customer_membership(id),
        expires_at timestamptz NOT NULL,
        PRIMARY KEY (visitor_id, customer_membership_id)
      );
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE member_grant;
      DROP TABLE member_code;
      DROP TABLE enrolment;
      DROP TABLE membership_topup;
      DROP TABLE member_redemption;
      DROP TABLE customer_membership;
      DROP TABLE member_ticket;
      DROP TABLE membership_presentation_detail;
      DROP TABLE membership_presentation;
      DROP TABLE membership_price;
      DROP TABLE membership;
      DROP TABLE season;
    `);
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

export class InitialSchema1763700000000 implements MigrationInterface {
  name = 'InitialSchema1763700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE location (
        id serial PRIMARY KEY,
        business_id int NOT NULL,
        code varchar NOT NULL UNIQUE,
        name varchar NOT NULL,
        name_en varchar NOT NULL
      );
      CREATE TABLE feature (
        id serial PRIMARY KEY,
        name varchar NOT NULL,
        name_en varchar NOT NULL,
        feature_category_id int NOT NULL,
        category_name varchar NOT NULL,
        category_name_en varchar NOT NULL,
        description text NOT NULL DEFAULT '',
        description_en text NOT NULL DEFAULT '',
        duration_minutes int NOT NULL DEFAULT 120,
        poster_colors varchar NOT NULL DEFAULT '#1d3557,#e63946'
      );
      CREATE TABLE venue (
        id serial PRIMARY KEY,
        location_id int NOT NULL REFERENCES location(id),
        code varchar NOT NULL UNIQUE,
        name varchar NOT NULL,
        name_en varchar NOT NULL
      );
      CREATE TABLE seatplan (
        id serial PRIMARY KEY,
        venue_id int NOT NULL REFERENCES venue(id),
        code varchar NOT NULL,
        name varchar NOT NULL,
        name_en varchar NOT NULL,
        width real NOT NULL,
        height real NOT NULL,
        stage jsonb,
        focal_point jsonb,
        seat_count int NOT NULL DEFAULT 0,
        UNIQUE (venue_id, code)
      );
      CREATE TABLE zone (
        id serial PRIMARY KEY,
        seatplan_id int NOT NULL REFERENCES seatplan(id),
        code varchar NOT NULL,
        name varchar NOT NULL,
        name_en varchar NOT NULL,
        color varchar NOT NULL,
        UNIQUE (seatplan_id, code)
      );
      CREATE TABLE section (
        id serial PRIMARY KEY,
        seatplan_id int NOT NULL REFERENCES seatplan(id),
        code varchar NOT NULL,
        name varchar NOT NULL,
        name_en varchar NOT NULL,
        is_reserved boolean NOT NULL,
        capacity int CHECK (capacity IS NULL OR capacity > 0),
        zone_id int REFERENCES zone(id),
        x real NOT NULL, y real NOT NULL, width real NOT NULL, height real NOT NULL,
        rotate real NOT NULL DEFAULT 0,
        outline jsonb,
        sort_order int NOT NULL DEFAULT 0,
        UNIQUE (seatplan_id, code)
      );
      CREATE TABLE seat_group (
        id serial PRIMARY KEY,
        section_id int NOT NULL REFERENCES section(id),
        code varchar NOT NULL,
        name varchar NOT NULL,
        sort_order int NOT NULL DEFAULT 0
      );
      CREATE TABLE seat (
        id serial PRIMARY KEY,
        seatplan_id int NOT NULL REFERENCES seatplan(id),
        section_id int NOT NULL REFERENCES section(id),
        group_id int NOT NULL REFERENCES seat_group(id),
        x int NOT NULL, y int NOT NULL,
        row_name varchar NOT NULL,
        seat_name varchar NOT NULL,
        row_order int NOT NULL,
        x_offset_percent real NOT NULL, y_offset_percent real NOT NULL,
        width_percent real NOT NULL, height_percent real NOT NULL,
        rotate real NOT NULL DEFAULT 0,
        plan_x real NOT NULL, plan_y real NOT NULL,
        zone_id int NOT NULL REFERENCES zone(id),
        features smallint[] NOT NULL DEFAULT '{}',
        together_id int
      );
      CREATE UNIQUE INDEX seat_section_xy ON seat (section_id, x, y);
      CREATE INDEX seat_seatplan ON seat (seatplan_id);
      CREATE TABLE presentation (
        id serial PRIMARY KEY,
        feature_id int NOT NULL REFERENCES feature(id),
        location_id int NOT NULL REFERENCES location(id),
        venue_id int NOT NULL REFERENCES venue(id),
        seatplan_id int NOT NULL REFERENCES seatplan(id),
        business_id int NOT NULL,
        auth_profile_id int NOT NULL DEFAULT 1,
        date_time timestamptz NOT NULL,
        venue_type_id int NOT NULL DEFAULT 1,
        seating_policy_id int NOT NULL DEFAULT 1,
        is_reserved boolean NOT NULL DEFAULT true,
        soldout boolean NOT NULL DEFAULT false,
        max_seats_per_order int NOT NULL DEFAULT 10 CHECK (max_seats_per_order > 0),
        no_single_seat_gap boolean NOT NULL DEFAULT false
      );
      CREATE INDEX presentation_date ON presentation (date_time);
      CREATE INDEX presentation_feature ON presentation (feature_id, date_time);
      CREATE TABLE ticket_group (
        id serial PRIMARY KEY,
        presentation_id int NOT NULL REFERENCES presentation(id) ON DELETE CASCADE,
        zone_id int NOT NULL REFERENCES zone(id),
        name varchar NOT NULL,
        name_en varchar NOT NULL,
        color varchar NOT NULL,
        is_by_code_enabled boolean NOT NULL DEFAULT false,
        sort_order int NOT NULL DEFAULT 0,
        UNIQUE (presentation_id, zone_id)
      );
      CREATE TABLE ticket (
        id serial PRIMARY KEY,
        ticket_group_id int NOT NULL REFERENCES ticket_group(id) ON DELETE CASCADE,
        name varchar NOT NULL,
        name_en varchar NOT NULL,
        price int NOT NULL CHECK (price >= 0),
        old_price int CHECK (old_price IS NULL OR old_price >= 0),
        service_charge int NOT NULL DEFAULT 0 CHECK (service_charge >= 0),
        price_policy_id int NOT NULL DEFAULT 1,
        code varchar,
        multiply_factor int NOT NULL DEFAULT 1 CHECK (multiply_factor >= 1),
        is_voucher boolean NOT NULL DEFAULT false,
        balance int,
        sort_order int NOT NULL DEFAULT 0
      );
      CREATE INDEX ticket_group_idx ON ticket (ticket_group_id);
      CREATE INDEX ticket_code ON ticket (lower(code)) WHERE code IS NOT NULL;
      CREATE TABLE product (
        id serial PRIMARY KEY,
        location_id int REFERENCES location(id),
        name varchar NOT NULL,
        name_en varchar NOT NULL,
        price int NOT NULL CHECK (price >= 0),
        emoji varchar NOT NULL DEFAULT '🍿',
        color varchar NOT NULL DEFAULT '#f4a261',
        is_delivery_required boolean NOT NULL DEFAULT false,
        sort_order int NOT NULL DEFAULT 0
      );
      CREATE TABLE reservation (
        id bigserial PRIMARY KEY,
        identifier varchar NOT NULL UNIQUE,
        cart_identifier varchar UNIQUE,
        document_key varchar NOT NULL UNIQUE,
        visitor_id uuid NOT NULL,
        state varchar NOT NULL CHECK (state IN ('paid', 'hold', 'cancelled', 'refunded')),
        customer jsonb NOT NULL DEFAULT '{}',
        locale varchar NOT NULL DEFAULT 'he',
        total_agorot int NOT NULL CHECK (total_agorot >= 0),
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX reservation_visitor ON reservation (visitor_id);
      CREATE TABLE reservation_ticket (
        id bigserial PRIMARY KEY,
        reservation_id bigint NOT NULL REFERENCES reservation(id),
        identifier varchar NOT NULL UNIQUE,
        presentation_id int NOT NULL REFERENCES presentation(id),
        section_id int NOT NULL REFERENCES section(id),
        x int NOT NULL,
        y int NOT NULL,
        ticket_id int NOT NULL REFERENCES ticket(id),
        amount_agorot int NOT NULL CHECK (amount_agorot >= 0),
        service_charge_agorot int NOT NULL DEFAULT 0,
        status varchar NOT NULL DEFAULT 'live' CHECK (status IN ('live', 'cancelled')),
        created_at timestamptz NOT NULL DEFAULT now()
      );
      -- The double-sale guard: one live ticket per seat per presentation, whatever Redis says.
      CREATE UNIQUE INDEX reservation_ticket_live_seat
        ON reservation_ticket (presentation_id, section_id, x, y) WHERE status = 'live';
      CREATE INDEX reservation_ticket_reservation ON reservation_ticket (reservation_id);
      CREATE TABLE payment (
        id bigserial PRIMARY KEY,
        reservation_id bigint REFERENCES reservation(id),
        cart_identifier varchar NOT NULL,
        provider varchar NOT NULL,
        method varchar NOT NULL,
        provider_reference varchar,
        amount_agorot int NOT NULL,
        status varchar NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX payment_cart ON payment (cart_identifier);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE payment; DROP TABLE reservation_ticket; DROP TABLE reservation;
      DROP TABLE product; DROP TABLE ticket; DROP TABLE ticket_group; DROP TABLE presentation;
      DROP TABLE seat; DROP TABLE seat_group; DROP TABLE section; DROP TABLE zone; DROP TABLE seatplan;
      DROP TABLE venue; DROP TABLE feature; DROP TABLE location;
    `);
  }
}
